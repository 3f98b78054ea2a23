// The suite's command line in a child process, as a developer runs it (the servers answering it
// live in the test's process, so it is awaited, never run synchronously).
import { execFile } from "node:child_process";

export type CliRun = { status: number | null; stdout: string; stderr: string };

export function cli(args: string[], timeoutMs = 180_000): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "conformance/cli.ts", ...args], { encoding: "utf8", timeout: timeoutMs }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
  });
}
