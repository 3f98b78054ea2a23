#!/usr/bin/env node
// The `conformance` command of the installed package: checks that Dredd (its first layer) and
// fast-check (its generated sequences) are there, then runs the suite's command line
// (conformance/cli.ts).
import { conformanceProblem, exitOn, installedVersion } from "./requirements.js";

if (!process.argv.includes("--help")) exitOn(conformanceProblem("conformance", installedVersion));
await import("../../conformance/cli.js");
