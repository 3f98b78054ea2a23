#!/usr/bin/env node
// `conformance --service bank-payments --base-url URL --secret-key K --publishable-key K
//  [--profile full|mock] [--openapi 3.0|3.1] [--report DIR] [--no-triggers] [--quiet] [--seed N [--path P --replay-path R]]
//  [--runs N] [--max-commands N] [--time-budget S] [--concurrency N] [--thorough] [--clock-skew S] [--layers L,...]
//  [--settings FILE] [--setting NAME=VALUE ...] [--fixtures FILE]`
// `conformance proxy ...` and `conformance judge FILE.har ...`: real traffic (traffic/cli.ts).
// `conformance --service check-cashing --base-url URL`
// Prints the sequences' seed first, progress on stderr during long layers, and the failures grouped
// by the rule they break at the end; exits 1 on any failure, 128 + the signal's number when stopped
// by SIGINT or SIGTERM (after writing the reports of what ran); the last line is
// `N passed, N failed[, N skipped]`.
import { readFileSync } from "node:fs";
import { constants } from "node:os";
import { parseArgs } from "node:util";
import { openapiVersions, serviceNames, type OpenApiVersion, type ServiceName } from "../src/openapi/documents.js";
import { evidenceLines } from "./evidence.js";
import { checkLabel, groupedFailureText } from "./failures.js";
import { readFixtures } from "./fixtures-file.js";
import { readSettings, settingNames } from "./settings.js";
import { oracleLine, sequencesLine } from "./report.js";
import { runConformance, summaryLine } from "./runner.js";
import { thoroughSequences } from "./sequences/run.js";
import { trafficCommand } from "./traffic/cli.js";
import type { Layer, Profile, Progress, SequenceOptions } from "./types.js";

const progressEverySeconds = 10;

const usage = `Usage: conformance --service bank-payments|check-cashing --base-url URL [options]

  --secret-key K        secret key (bank-payments)
  --publishable-key K   publishable key (bank-payments)
  --profile full|mock   full: a stateful implementation, judged by the oracle (default); mock: a stateless mock such as Prism
  --openapi 3.0|3.1     the OpenAPI version of the documents that validate every response (default 3.0)
  --report DIR          write JUnit XML and a Markdown report (failures first, coverage matrix, score) into DIR
  --no-triggers         skip the checks that need the reference sandbox's test triggers
  --quiet               print failures and the summary only
  --layers L,...        dredd, scenarios, coverage, sequences (default: all four in the full profile)

What the documents leave to the server (docs/conformance.md, "Settings" and "Fixtures"):
  --settings FILE       a JSON object of settings (${settingNames.join(", ")})
  --setting NAME=VALUE  one setting (repeatable; wins over --settings)
  --fixtures FILE       a JSON file naming the enrolled bank accounts (with their consumers), service fees,
                        store numbers and submerchant ids the suite may use

Generated sequences (full profile):
  --seed N              seed (printed on every run; random when not given)
  --path P              with --seed: replay one failure (fast-check's path, printed with the failure)
  --replay-path R       with --seed and --path: the commands' replayPath, printed with the failure
  --runs N              sequences per service (default 40 bank, 30 check cashing)
  --max-commands N      longest sequence (default 30 bank, 15 check cashing)
  --time-budget S       stop generating after S seconds (what ran is judged and reported)
  --concurrency N       sequences run at once, in N lanes of derived seeds (default 1; 4 with --thorough)
  --thorough            the nightly profile: 1000 bank sequences of up to 80 commands, 500 check cashing ones of up to 40, 4 at once
  --clock-skew S        allowed difference between the server's clock and ours, in seconds (default 300)

Progress goes to stderr every ${progressEverySeconds} s. SIGINT or SIGTERM stops the run after the sequences under way,
writes the reports of what ran, and exits with 128 + the signal's number; a second signal quits at once.

Judge real traffic (docs/traffic.md): conformance proxy --help, conformance judge --help`;

const duration = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

/** A progress printer for stderr: at most one line every ten seconds, and the end of a layer that printed one. */
function progressPrinter(): (progress: Progress) => void {
  let last = Date.now();
  const shown = new Set<Progress["layer"]>();
  return (progress) => {
    const now = Date.now();
    const end = progress.done >= progress.planned;
    if (now - last < progressEverySeconds * 1000 && !(end && shown.has(progress.layer))) return;
    last = now;
    if (end) shown.delete(progress.layer);
    else shown.add(progress.layer);
    const unit = progress.layer === "sequences" ? "sequences" : "attempts";
    process.stderr.write(`progress: ${progress.layer} ${progress.done} of ${progress.planned} ${unit}, ${progress.failures} failure${progress.failures === 1 ? "" : "s"} so far, ${duration(progress.elapsedMs)} elapsed\n`);
  };
}

const integer = (text: string | undefined, name: string): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new Error(`--${name} takes a whole number, not ${text}`);
  return Number(text);
};

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      service: { type: "string" },
      "base-url": { type: "string" },
      "secret-key": { type: "string" },
      "publishable-key": { type: "string" },
      profile: { type: "string", default: "full" },
      openapi: { type: "string", default: "3.0" },
      report: { type: "string" },
      "no-triggers": { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
      layers: { type: "string" },
      seed: { type: "string" },
      path: { type: "string" },
      "replay-path": { type: "string" },
      runs: { type: "string" },
      "max-commands": { type: "string" },
      "time-budget": { type: "string" },
      thorough: { type: "boolean", default: false },
      concurrency: { type: "string" },
      "clock-skew": { type: "string" },
      settings: { type: "string" },
      setting: { type: "string", multiple: true },
      fixtures: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const service = values.service as ServiceName;
  const layers = values.layers?.split(",").map((layer) => layer.trim()) as Layer[] | undefined;
  if (!serviceNames.includes(service) || !values["base-url"] || !["full", "mock"].includes(values.profile!)
    || !openapiVersions.includes(values.openapi as OpenApiVersion)
    || layers?.some((layer) => !["dredd", "scenarios", "coverage", "sequences"].includes(layer))) {
    console.error(usage);
    return 2;
  }
  const readJson = (file: string, what: string): unknown => {
    try {
      return JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new Error(`${what} ${file}: ${(error as Error).message}`);
    }
  };
  const settings = readSettings(values.settings ? readJson(values.settings, "--settings") as Record<string, unknown> : {}, values.setting ?? []);
  const fixtures = values.fixtures ? readFixtures(readJson(values.fixtures, "--fixtures")) : undefined;
  const thorough = values.thorough ? thoroughSequences[service] : undefined;
  const seed = integer(values.seed, "seed") ?? Math.floor(Math.random() * 2 ** 31);
  const sequences: SequenceOptions = {
    seed,
    path: values.path,
    replayPath: values["replay-path"],
    runs: integer(values.runs, "runs") ?? thorough?.runs,
    maxCommands: integer(values["max-commands"], "max-commands") ?? thorough?.maxCommands,
    timeBudgetMs: values["time-budget"] === undefined ? undefined : 1000 * (integer(values["time-budget"], "time-budget") as number),
    concurrency: integer(values.concurrency, "concurrency") ?? thorough?.concurrency,
  };
  // The first SIGINT or SIGTERM stops the run gracefully (the reports of what ran are written); a second quits.
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) process.exit(128 + constants.signals[signal]);
    process.stderr.write(`${signal}: stopping after the checks under way, then writing the reports of what ran (${signal} again quits at once)\n`);
    stop.abort(signal);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  if (values.profile === "full" && (!layers || layers.includes("sequences"))) console.log(`generated sequences: seed ${seed} (repeat this run with --seed ${seed})`);
  const result = await runConformance({
    service,
    baseUrl: values["base-url"],
    secretKey: values["secret-key"],
    publishableKey: values["publishable-key"],
    profile: values.profile as Profile,
    openapi: values.openapi as OpenApiVersion,
    triggers: !values["no-triggers"],
    layers,
    sequences,
    clockSkewSeconds: integer(values["clock-skew"], "clock-skew"),
    settings,
    fixtures,
    reportDir: values.report,
    signal: stop.signal,
    onProgress: progressPrinter(),
    onCheck: (check) => {
      if (values.quiet && check.outcome !== "failed") return;
      const mark = check.outcome === "passed" ? "ok  " : check.outcome === "failed" ? "FAIL" : "skip";
      console.log(`${mark} [${checkLabel(check)}] ${check.group} :: ${check.name}${check.reason && check.outcome === "skipped" ? `\n       ${check.reason}` : ""}`);
    },
  });
  const grouped = groupedFailureText(result.checks);
  if (grouped.length > 0) console.log(`\n${grouped.join("\n")}`);
  console.log(oracleLine(result));
  if (result.sequences) console.log(sequencesLine(result.sequences));
  if (result.evidence) console.log(`The verdict rests on:\n${evidenceLines(result.evidence).map((line) => `  ${line}`).join("\n")}`);
  if (result.stopped) console.log(`The run was stopped by ${result.stopped}: what ran is judged above${values.report ? " and in the reports" : ""}.`);
  if (values.report) console.log(`reports written to ${values.report}`);
  console.log(summaryLine(result));
  if (result.stopped && result.stopped in constants.signals) return 128 + constants.signals[result.stopped as NodeJS.Signals];
  return result.ok ? 0 : 1;
}

// `conformance proxy ...` and `conformance judge FILE.har ...` judge traffic the suite did not generate.
const subcommand = process.argv[2];
const command = subcommand === "proxy" || subcommand === "judge" ? trafficCommand(subcommand, process.argv.slice(3)) : main();
command.then((code) => { process.exitCode = code; }, (error) => {
  console.error(error instanceof Error ? error.message : error);
  console.log("0 passed, 1 failed");
  process.exitCode = 1;
});
