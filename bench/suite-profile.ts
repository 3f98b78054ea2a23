// Where a test run's CPU goes, and who spends it (BENCHMARKS.md, "What a test run is made of"):
//
//   node --import tsx bench/suite-profile.ts [test files...]     (default: the whole suite)
//
// Runs `node scripts/test.mjs` with bench/suite-profile-preload.mjs in NODE_OPTIONS, so that every
// Node process of the run (test files, and the tools, npm and bins they start) is sampled by V8's
// profiler; each process's samples are scaled to its own CPU time. Prints two tables: CPU by
// process (test files, each tool) and CPU by owner of the code that ran (our sources, Node's module
// loading, its HTTP stack, garbage collection, each library). What no profile covers (Chromium,
// the `node --test` runner itself, processes ended by a signal) is the run's CPU, read from /proc
// after it, less the profiled processes'. Profiling slows the run: read the shares, not the
// seconds, and time the run itself with `npm test`.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const preload = join(root, "bench/suite-profile-preload.mjs");

type CallFrame = { functionName: string; url: string };
type Profile = { nodes: { id: number; callFrame: CallFrame }[]; samples: number[]; timeDeltas: number[] };
type Written = { argv: string[]; cpuSeconds: number; profile: Profile };

/** CPU seconds of this process's waited-for children (Linux: /proc/self/stat's cutime and cstime). */
function childrenCpuSeconds(): number | undefined {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100; // fields 16 and 17 of proc(5), in USER_HZ (100)
  } catch {
    return undefined;
  }
}

/** The npm package a file belongs to (`@scope/name` or `name`), or undefined outside node_modules. */
function packageOf(path: string): string | undefined {
  const after = path.split("node_modules/").at(-1);
  if (after === undefined || after === path) return undefined;
  const [first, second] = after.split("/");
  return first.startsWith("@") ? `${first}/${second}` : first;
}

/** What a process is: its test file, or the tool (package or repository file) its command runs. */
function processKind(argv: string[]): string {
  const script = argv[1] ?? "";
  if (script.endsWith(".test.ts")) return argv.length > 2 ? "Node's test runner (node --test)" : "test files (one process each)";
  const pkg = packageOf(script);
  if (pkg === "bank-payments-contract") return `the packed package's ${basename(script, ".js")} (as a user runs it)`;
  if (pkg === ".bin") return `${basename(script)} (node_modules/.bin)`;
  if (pkg) return pkg === "npm" ? "npm" : `${pkg} (${basename(script)})`;
  if (script.startsWith(root)) return relative(root, script);
  return basename(script) || "node -e / stdin";
}

const nativeModuleLoading = new Set(["readFileUtf8", "internalModuleStat", "compileFunction", "compileFunctionForCJSLoader", "Module", "lstat", "realpath"]);
const nativeIo = new Set(["writev", "writeBuffer", "writeUtf8String", "writeLatin1String", "readv"]);

/** Who owns the code a sample was in. */
function owner({ functionName, url }: CallFrame): string {
  if (functionName === "(garbage collector)") return "V8: garbage collection";
  if (functionName === "(program)" || functionName === "(root)") return "V8: other (compiling, native code)";
  const pkg = packageOf(url);
  if (pkg === "bank-payments-contract") return "ours: the packed package (in a quick start's project)";
  if (pkg) return `library: ${pkg}`;
  if (url.startsWith("node:internal/modules") || url.includes("cjs-module-lexer") || nativeModuleLoading.has(functionName)) return "Node: module loading";
  if (url.startsWith("node:internal/test_runner")) return "Node: test runner";
  if (/^node:(?:_http|net|internal\/(?:streams|stream_base|http|net|dns|deps\/undici)|stream)/.test(url) || nativeIo.has(functionName)) return "Node: HTTP, sockets, streams";
  if (url.startsWith("node:") || url === "") return "Node: other";
  const inRepo = url.startsWith(`file://${root}/`) ? url.slice(`file://${root}/`.length) : url.startsWith(`${root}/`) ? url.slice(root.length + 1) : undefined;
  if (inRepo !== undefined) return `ours: ${inRepo.split("/")[0]}/`;
  return "other (WebAssembly, eval)";
}

function tally(dir: string): { byKind: Map<string, { seconds: number; count: number }>; byOwner: Map<string, number>; profiled: number } {
  const byKind = new Map<string, { seconds: number; count: number }>();
  const byOwner = new Map<string, number>();
  let profiled = 0;
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".cpuprofile.json"))) {
    const { argv, cpuSeconds, profile } = JSON.parse(readFileSync(join(dir, name), "utf8")) as Written;
    profiled += cpuSeconds;
    const kind = byKind.get(processKind(argv)) ?? { seconds: 0, count: 0 };
    byKind.set(processKind(argv), { seconds: kind.seconds + cpuSeconds, count: kind.count + 1 });
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const busy = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const frame = frames.get(id)!;
      if (frame.functionName === "(idle)") return;
      const who = owner(frame);
      busy.set(who, (busy.get(who) ?? 0) + profile.timeDeltas[i]);
      total += profile.timeDeltas[i];
    });
    for (const [who, time] of busy) byOwner.set(who, (byOwner.get(who) ?? 0) + (cpuSeconds * time) / total);
  }
  return { byKind, byOwner, profiled };
}

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "suite-profile-"));
  const before = childrenCpuSeconds();
  const nodeOptions = `${process.env.NODE_OPTIONS ?? ""} --import ${preload}`.trim();
  const code = await new Promise<number>((done) => {
    const child = spawn(process.execPath, [join(root, "scripts/test.mjs"), ...process.argv.slice(2)], {
      cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_OPTIONS: nodeOptions, SUITE_PROFILE_DIR: dir },
    });
    child.on("close", (exit) => done(exit ?? 1));
  });
  const after = childrenCpuSeconds();
  const { byKind, byOwner, profiled } = tally(dir);
  rmSync(dir, { recursive: true, force: true });
  const run = before !== undefined && after !== undefined ? after - before : profiled;

  const lines = [`The run: ${run.toFixed(0)} s of CPU (\`scripts/test.mjs\` ${code === 0 ? "passed" : "FAILED"}), ${profiled.toFixed(0)} s of it in profiled Node processes.`, ""];
  lines.push(row(["Processes", "Count", "CPU", "Share"]), row(["---", "---:", "---:", "---:"]));
  const kinds = [...byKind].sort((a, b) => b[1].seconds - a[1].seconds);
  for (const [kind, { seconds, count }] of kinds.slice(0, 14)) lines.push(row([kind, count, `${seconds.toFixed(1)} s`, share(seconds, run)]));
  const rest = kinds.slice(14).reduce((sum, [, { seconds, count }]) => ({ seconds: sum.seconds + seconds, count: sum.count + count }), { seconds: 0, count: 0 });
  if (rest.count > 0) lines.push(row([`${kinds.length - 14} other commands`, rest.count, `${rest.seconds.toFixed(1)} s`, share(rest.seconds, run)]));
  lines.push(row(["not profiled (Chromium, the `node --test` runner itself, processes stopped by a signal)", "", `${(run - profiled).toFixed(1)} s`, share(run - profiled, run)]), "");

  lines.push(row(["Code that ran", "CPU", "Share"]), row(["---", "---:", "---:"]));
  const owners = [...byOwner].sort((a, b) => b[1] - a[1]);
  const shown = owners.filter(([who, seconds]) => !who.startsWith("library: ") || seconds >= 3);
  for (const [who, seconds] of shown) lines.push(row([who, `${seconds.toFixed(1)} s`, share(seconds, run)]));
  const small = owners.filter((entry) => !shown.includes(entry)).reduce((sum, [, seconds]) => sum + seconds, 0);
  lines.push(row(["libraries under 3 s each", `${small.toFixed(1)} s`, share(small, run)]));
  process.stdout.write(`${lines.join("\n")}\n`);
  process.exitCode = code;
}

await main();
