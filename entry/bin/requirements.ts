// The optional peer dependencies of the package's commands, checked before the command loads, so
// that a missing or unusable one is one line naming what to install, not a module-loading stack.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The better-sqlite3 line that runs on a Node major version (12.x crashes on Node 24, 13.x on Node 20). */
export function betterSqliteRangeFor(nodeVersion: string): string {
  return Number(nodeVersion.split(".")[0]) >= 24 ? "^13.2.0" : "^12.9.0";
}

/** Whether `version` (x.y.z) is in `range`, one of the caret ranges above. */
function inCaretRange(version: string, range: string): boolean {
  const [major, minor] = version.split(".").map(Number);
  const [wantMajor, wantMinor] = range.replace("^", "").split(".").map(Number);
  return major === wantMajor && minor >= wantMinor;
}

/** The version of an installed package, or undefined when it cannot be resolved from here. */
export function installedVersion(name: string): string | undefined {
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    return undefined;
  }
}

/**
 * Why the sandbox cannot run with the better-sqlite3 installed (`version`, undefined when none) on
 * this Node, as one line naming what to install; undefined when it can.
 */
export function betterSqliteProblem(command: string, nodeVersion: string, version: string | undefined): string | undefined {
  const range = betterSqliteRangeFor(nodeVersion);
  const install = `npm install better-sqlite3@"${range}"`;
  if (version === undefined) return `${command} needs better-sqlite3 (${range} on Node ${nodeVersion}): ${install}`;
  if (!inCaretRange(version, range)) {
    return `${command}: better-sqlite3 ${version} does not run on Node ${nodeVersion}, it needs ${range}: ${install}`;
  }
  return undefined;
}

/** Loads better-sqlite3 once and opens an in-memory database: a native build for another Node fails here. */
export function betterSqliteLoadProblem(command: string): string | undefined {
  try {
    const Database = require("better-sqlite3") as new (file: string) => { close(): void };
    new Database(":memory:").close();
    return undefined;
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    return `${command}: better-sqlite3 is installed but does not load (${reason}): npm rebuild better-sqlite3`;
  }
}

/** The conformance suite's optional peers: Dredd runs its first layer, fast-check its generated sequences. */
export const conformancePeers = [
  { name: "dredd", range: "^14.1.0", role: "its Dredd layer" },
  { name: "fast-check", range: "^4.10.2", role: "its generated sequences" },
] as const;

/**
 * Why the conformance suite cannot run, as one line naming every missing peer and the one
 * command that installs them; undefined when all are installed. `versionOf` tells the installed
 * version of a package (undefined when missing).
 */
export function conformanceProblem(command: string, versionOf: (name: string) => string | undefined): string | undefined {
  const missing = conformancePeers.filter(({ name }) => versionOf(name) === undefined);
  if (missing.length === 0) return undefined;
  const needs = missing.map(({ name, range, role }) => `${name} (${range}) for ${role}`).join(" and ");
  return `${command} needs ${needs}: npm install ${missing.map(({ name, range }) => `${name}@"${range}"`).join(" ")}`;
}

/** The mock's optional peer: Prism (large, and only `payments-mock` needs it). */
export const prismPeer = { name: "@stoplight/prism-cli", range: "^5.14.2" } as const;

/** Why the mock cannot start (Prism missing), as one line naming what to install; undefined when it can. */
export function prismProblem(command: string, versionOf: (name: string) => string | undefined = installedVersion): string | undefined {
  if (versionOf(prismPeer.name) !== undefined) return undefined;
  return `${command} needs ${prismPeer.name} (${prismPeer.range}) to run the mocks: npm install --save-dev ${prismPeer.name}@"${prismPeer.range}"`;
}

/** Prints the problem on stderr and exits 1, or returns when there is none. */
export function exitOn(problem: string | undefined): void {
  if (problem === undefined) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
