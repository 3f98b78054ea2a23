#!/usr/bin/env node
// The `payments-sandbox` command of the installed package: checks that better-sqlite3 is there and
// fits this Node, then runs the sandbox's command line (sandbox/cli.ts).
import { betterSqliteLoadProblem, betterSqliteProblem, exitOn, installedVersion } from "./requirements.js";

const command = "payments-sandbox";
exitOn(betterSqliteProblem(command, process.versions.node, installedVersion("better-sqlite3")));
exitOn(betterSqliteLoadProblem(command));
await import("../../sandbox/cli.js");
