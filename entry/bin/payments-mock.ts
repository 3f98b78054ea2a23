#!/usr/bin/env node
// The `payments-mock` command of the installed package: Prism mocks of both services on the
// documents the package ships, with nothing to find or configure. Prism is an optional peer
// dependency (it is large, and only this command needs it): when it is missing the command says in
// one line what to install, as `conformance` does for Dredd. Each Prism runs in a child that ends
// when this process ends, however it ends (the IPC channel closes), so no mock outlives the command.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { documentPath } from "../../src/openapi/documents.js";
import { exitOn, prismProblem } from "./requirements.js";

const command = "payments-mock";

const usage = `Usage: ${command} [options]

Prism mocks of the bank payment and check cashing services, from the OpenAPI documents in this package.
Stateless: each request is validated against the contract and answered with the contract's examples
(pick one with the header Prefer: code=409, or Prefer: example=<name>).

  --service <which>         bank, check-cashing or both (default both)
  --host <addr>             interface to listen on (default 127.0.0.1)
  --bank-port <n>           bank payment service port (default 4010; 0 = a free port)
  --check-cashing-port <n>  check cashing service port (default 4011; 0 = a free port)
  --dynamic                 answer with values generated from the schemas instead of the examples (Prism's --dynamic)
  --verbose                 print everything Prism logs (by default its warnings and errors only)
  --help                    this text

Needs @stoplight/prism-cli (an optional peer dependency): npm install --save-dev @stoplight/prism-cli`;

/** Runs Prism's command line in the child and ends the child when its parent goes away (the IPC channel closes). */
const keeper = "process.on('disconnect', () => process.exit(0)); process.argv = [process.argv[0], ...process.argv.slice(1)]; require(process.argv[1]);";

/** Prism's warning and error lines (a request the contract refuses, a response it cannot build). */
const problem = /[✖⚠]|\b(error|warning)\b/;

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    process.stderr.write(`${command}: --${name} must be a port number (0 to 65535), not ${value}\n\n${usage}\n`);
    process.exit(2);
  }
  return Number(value);
}

type Started = { label: string; url: string; child: ChildProcess };

/** Starts Prism on one document; resolves with its URL once it listens. */
function startPrism(prism: string, label: string, document: string, options: { host: string; port: number; dynamic: boolean; verbose: boolean }): Promise<Started> {
  const args = ["-e", keeper, prism, "mock", "--host", options.host, "--port", String(options.port), ...(options.dynamic ? ["--dynamic"] : []), document];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe", "ipc"] });
  return new Promise((resolve, reject) => {
    let ready = false;
    let output = "";
    const onLine = (line: string) => {
      if (!line.trim()) return;
      if (options.verbose || (ready && problem.test(line))) process.stdout.write(`[${label}] ${line}\n`);
      const listening = /Prism is listening on (http:\/\/\S+)/.exec(line);
      if (listening && !ready) {
        ready = true;
        resolve({ label, url: listening[1].replace(/\/$/, ""), child });
      }
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let partial = "";
      stream.on("data", (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split("\n");
        partial = lines.pop() ?? "";
        if (!ready) output += chunk.toString();
        lines.forEach(onLine);
      });
    }
    child.once("exit", (code, signal) => {
      if (!ready) reject(new Error(`Prism (${label}) exited (${code ?? signal}) before it listened:\n${output}`));
      else process.stderr.write(`${command}: Prism (${label}) exited (${code ?? signal})\n`);
    });
  });
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        service: { type: "string", default: "both" }, host: { type: "string", default: "127.0.0.1" },
        "bank-port": { type: "string" }, "check-cashing-port": { type: "string" },
        dynamic: { type: "boolean", default: false }, verbose: { type: "boolean", default: false }, help: { type: "boolean", default: false },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${command}: ${(error as Error).message}\n\n${usage}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (!["bank", "check-cashing", "both"].includes(values.service!)) {
    process.stderr.write(`${command}: --service must be bank, check-cashing or both, not ${values.service}\n\n${usage}\n`);
    process.exit(2);
  }
  exitOn(prismProblem(command));
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("@stoplight/prism-cli/package.json");
  const prism = join(dirname(manifest), (JSON.parse(readFileSync(manifest, "utf8")) as { bin: { prism: string } }).bin.prism);
  const common = { host: values.host!, dynamic: values.dynamic!, verbose: values.verbose! };
  const wanted = [
    ...(values.service !== "check-cashing" ? [{ label: "bank-payments", document: documentPath("bank-payments", "yaml"), port: port(values["bank-port"], 4010, "bank-port") }] : []),
    ...(values.service !== "bank" ? [{ label: "check-cashing", document: documentPath("check-cashing", "yaml"), port: port(values["check-cashing-port"], 4011, "check-cashing-port") }] : []),
  ];
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const child of children) child.kill("SIGTERM");
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  const started = await Promise.allSettled(wanted.map((one) => startPrism(prism, one.label, one.document, { ...common, port: one.port }).then((s) => {
    children.push(s.child);
    return s;
  })));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    for (const child of children) child.kill("SIGTERM");
    process.stderr.write(`${command}: ${(failed.reason as Error).message}\n`);
    process.exit(1);
  }
  const urls = started.map((s) => (s as PromiseFulfilledResult<Started>).value);
  process.stdout.write(`Mocks ready (Prism, ${values.dynamic ? "values generated from the schemas" : "the contract's examples"}; stateless: nothing is remembered)\n`);
  for (const { label, url } of urls) process.stdout.write(`  ${label === "bank-payments" ? "Bank Payment Service " : "Check Cashing Service"}  ${url}\n`);
  process.stdout.write(`Pick a documented response with -H 'Prefer: code=409'. Ctrl-C stops ${urls.length === 1 ? "it" : "both"}.\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${command}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
