// `node --import tsx bench/proxy.ts`: measures the conformance proxy's added latency alone and
// rewrites only the "## Conformance proxy" section of BENCHMARKS.md (`npm run bench` writes it with the rest).
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { root, sandboxKeys, startSandboxProcess } from "./processes.js";
import { proxyLatency, proxySection } from "./proxy-latency.js";

const sandbox = await startSandboxProcess(":memory:");
const latency = await proxyLatency(sandbox.url, sandboxKeys).finally(() => sandbox.stop());
// The machine is shared: its load when the measurement ended says how far to trust it.
const load = `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`;
const section = proxySection(latency, `Measured alone on ${new Date().toISOString().slice(0, 10)} (${load}) by \`node --import tsx bench/proxy.ts\`.`).join("\n");
const file = join(root, "BENCHMARKS.md");
const current = readFileSync(file, "utf8");
const existing = /^## Conformance proxy\b[\s\S]*?(?=^## |(?![\s\S]))/m;
const next = existing.test(current) ? current.replace(existing, `${section}\n`) : `${current.trimEnd()}\n\n${section}\n`;
writeFileSync(file, next);
process.stderr.write(`${section}\n`);
