// CPU-bound processes beside a measurement (issue 34, "No flake": flakes live on a busy machine).
// Each spins in slices of 50 ms and exits when its parent's IPC channel closes, so a burner never
// outlives the script that started it, even one killed without a chance to stop it.
import { spawn, type ChildProcess } from "node:child_process";

const spinner = `
const spin = () => { const until = Date.now() + 50; while (Date.now() < until); setImmediate(spin); };
process.on("disconnect", () => process.exit(0));
spin();
`;

export type Burners = { count: number; stop(): Promise<void> };

/** Starts `count` processes that each keep one core busy; `stop` ends them and waits for their exit. */
export function startBurners(count: number): Burners {
  const children: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ["-e", spinner], { stdio: ["ignore", "ignore", "ignore", "ipc"] }));
  return {
    count,
    stop: async () => {
      await Promise.all(children.map((child) => new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      })));
    },
  };
}
