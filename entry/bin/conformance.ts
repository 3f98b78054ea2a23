#!/usr/bin/env node
// The `conformance` command of the installed package. `conformance proxy` and `conformance judge`
// (real traffic, conformance/traffic/cli.ts) need neither Dredd nor fast-check, so they are loaded
// on their own; the suite run first checks that Dredd (its first layer) and fast-check (its
// generated sequences) are there, then loads the suite's command line (conformance/cli.ts).
import { conformanceProblem, exitOn, installedVersion } from "./requirements.js";

const subcommand = process.argv[2];
if (subcommand === "proxy" || subcommand === "judge") {
  const { trafficCommand } = await import("../../conformance/traffic/cli.js");
  trafficCommand(subcommand, process.argv.slice(3)).then((code) => { process.exitCode = code; }, (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
} else {
  if (!process.argv.includes("--help")) exitOn(conformanceProblem("conformance", installedVersion));
  await import("../../conformance/cli.js");
}
