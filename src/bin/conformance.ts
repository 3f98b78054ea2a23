#!/usr/bin/env node
// The `conformance` command of the installed package: checks that Dredd is there (its first
// layer runs Dredd), then runs the suite's command line (conformance/cli.ts).
import { dreddProblem, exitOn, installedVersion } from "./requirements.js";

if (!process.argv.includes("--help")) exitOn(dreddProblem("conformance", installedVersion("dredd")));
await import("../../conformance/cli.js");
