// The servers under test, each in its own process so that its memory can be read from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, startMock } from "../scripts/mock.mjs";

export const root = join(import.meta.dirname, "..");

export type Served = { url: string; pid?: number; stop: () => Promise<void> };

export { freePort };

async function waitForHttp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${output()}`);
    try {
      await fetch(url, { headers: { authorization: "Bearer probe" } });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`server at ${url} not ready: ${output()}`);
}

export async function serve(command: string[], url: string, env: Record<string, string> = {}): Promise<Served & { pid: number }> {
  const child = spawn(process.execPath, command, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  await waitForHttp(url, child, () => log);
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Resident set size now and at its peak, in MiB, from /proc (Linux). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

/** Prism through the project's own mock launcher (only the bank service's URL is measured). */
export async function startPrism(): Promise<Served> {
  const mock = await startMock({ bankPort: 0, checkCashingPort: 0 });
  return { url: mock.bankUrl, stop: mock.stop };
}

export async function startCeiling(): Promise<Served> {
  const port = await freePort();
  return serve(["--import", "tsx", join(root, "bench/ceiling-server.ts"), String(port)], `http://127.0.0.1:${port}`);
}

export const sandboxKeys = { secret: "sk_bench_secret", publishable: "pk_bench_publishable" };

export async function startSandboxProcess(database: string): Promise<Served & { pid: number; checkCashingUrl: string }> {
  const [bankPort, checkCashingPort] = [await freePort(), await freePort()];
  const served = await serve(
    ["--import", "tsx", join(root, "sandbox/cli.ts"), "--bank-port", String(bankPort), "--check-cashing-port", String(checkCashingPort),
      "--db", database, "--secret-key", sandboxKeys.secret, "--publishable-key", sandboxKeys.publishable,
      // No request log: a line per request would cost the figures, and a full stdout pipe would stall the server.
      "--quiet"],
    `http://127.0.0.1:${bankPort}`,
  );
  return { ...served, checkCashingUrl: `http://127.0.0.1:${checkCashingPort}` };
}
