// Finds the processes that carry a marker in their environment. A process inherits its parent's
// environment, so a marker set on one command reaches everything it starts, even processes that
// were moved to another process group or reparented to PID 1 when their parent ended: what
// `npm test` (scripts/test.mjs) and the mock's start/stop tests use to find what outlived them.
// Linux only (it reads /proc); elsewhere `markerSupported` is false.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";

export const markerSupported = existsSync("/proc/self/environ");

/** A fresh `NAME=value` pair to put in a child's environment. */
export function newMarker(name = "BANK_PAYMENTS_CONTRACT_RUN") {
  return { name, value: randomUUID() };
}

/** Processes other than this one whose environment holds `name=value`: `{ pid, command }`. */
export function markedProcesses({ name, value }) {
  if (!markerSupported) throw new Error("finding processes by their environment needs /proc (Linux)");
  const wanted = `${name}=${value}`;
  const found = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let environment;
    let command;
    try {
      environment = readFileSync(`/proc/${entry}/environ`, "utf8");
      command = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    } catch {
      continue; // ended meanwhile, or not ours to read
    }
    // A zombie (ended, not yet collected by its parent) has an empty command line: it runs nothing.
    if (command && environment.split("\0").includes(wanted)) found.push({ pid: Number(entry), command });
  }
  return found;
}

/** The marked processes still there after waiting up to `ms` for them to end. */
export async function markedProcessesAfter(marker, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = markedProcesses(marker);
    if (found.length === 0 || Date.now() >= deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
