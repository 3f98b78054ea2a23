// Stock tools run as a user would run them: their own command line, from node_modules, on the
// published files. Asynchronous, so that a server started by the same test keeps answering.
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const root = join(import.meta.dirname, "..", "..");

/** The command-line entry of each tool (run with this Node, no shell). */
export const cli = {
  redocly: join(root, "node_modules/@redocly/cli/bin/cli.js"),
  prism: join(root, "node_modules/@stoplight/prism-cli/dist/index.js"),
  dredd: join(root, "node_modules/dredd/bin/dredd"),
  spectral: join(root, "node_modules/@stoplight/spectral-cli/dist/index.js"),
  heyApi: join(root, "node_modules/@hey-api/openapi-ts/bin/run.js"),
  orval: join(root, "node_modules/orval/dist/bin/orval.js"),
  swaggerTypescriptApi: join(root, "node_modules/swagger-typescript-api/dist/cli.mjs"),
  openapiTypescriptCodegen: join(root, "node_modules/openapi-typescript-codegen/bin/index.js"),
  openapiTypescript: join(root, "node_modules/openapi-typescript/bin/cli.js"),
  openapiZodClient: join(root, "node_modules/openapi-zod-client/bin.js"),
  tsc: join(root, "node_modules/typescript/bin/tsc"),
};

/** No usage reports and no update checks leave the machine. */
export const quietEnv = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  NO_UPDATE_NOTIFIER: "1",
  DO_NOT_TRACK: "1",
};

export type ToolRun = { code: number | null; stdout: string; stderr: string; output: string };

/**
 * Runs `node <entry> ...args` and resolves when it exits; a run past `timeoutMs` is killed. The
 * output goes to files, not pipes: a tool that ends with process.exit() (Dredd does) loses what
 * it had not flushed to a pipe yet (seen on Node 22), never what it wrote to a file.
 */
export function runTool(entry: string, args: string[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<ToolRun> {
  const scratch = mkdtempSync(join(tmpdir(), "tool-run-"));
  const files = [join(scratch, "stdout"), join(scratch, "stderr")];
  const [out, err] = files.map((file) => openSync(file, "w"));
  return new Promise<ToolRun>((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd: options.cwd ?? root, env: quietEnv, stdio: ["ignore", out, err] });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const [stdout, stderr] = files.map((file) => readFileSync(file, "utf8"));
      // Redocly's boxed Node.js deprecation banner is about the runtime, not the files.
      const output = `${stdout}${stderr}`.split("\n").filter((line) => !/[║═╔╚]/.test(line)).join("\n");
      resolve({ code, stdout, stderr, output });
    });
  }).finally(() => {
    closeSync(out);
    closeSync(err);
    rmSync(scratch, { recursive: true, force: true });
  });
}
