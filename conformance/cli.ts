#!/usr/bin/env node
// `conformance --service bank-payments --base-url URL --secret-key K --publishable-key K [options]`
// `conformance --service check-cashing --base-url URL [options]` (options: the usage below)
// `conformance proxy ...` and `conformance judge FILE.har ...`: real traffic (traffic/cli.ts).
// Prints the sequences' seed first, each check as it ends (not with --quiet), progress on stderr
// during long layers, and the failures grouped by the rule they break at the end. Exit codes: 0 all
// passed, 1 a check failed, 2 a usage error (the usage is printed, never a verdict), 3 errors inside
// the suite and no failure, 128 + the signal's number when stopped by SIGINT or SIGTERM (after
// writing the reports of what ran). The last line is `N passed, N failed[, N skipped]`.
import { readFileSync } from "node:fs";
import { constants } from "node:os";
import { parseArgs } from "node:util";
import { openapiVersions, serviceNames, type OpenApiVersion, type ServiceName } from "../src/openapi/documents.js";
import { validatorFor } from "../src/openapi/validator.js";
import { closingLines, exitCodeOf, exitCodes } from "./console-report.js";
import { checkLabel } from "./failures.js";
import { readFixtures } from "./fixtures-file.js";
import { readSettings, settingNames } from "./settings.js";
import { unansweredInARow } from "./run-control.js";
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
  --quiet               no line per check: one line per failure, the first rule in detail, the summary
  --layers L,...        dredd, scenarios, coverage, sequences (default: all four in the full profile)

A server under construction:
  -x, --exit-first      stop after the first failing check (the reports say what ran)
  --max-failures N      stop after N failing checks
  --operation ID        call only this operation (repeatable; operationIds of the document): a check
                        that needs another is left out, and so are the coverage and the sequences
                        unless every operation is named
  --rule ID             keep only the checks of this rule (repeatable): B-18, "bank §3.1", an oas pointer
  --request-timeout S   fail a request the server has not answered after S seconds (default 300)

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
A server that stops answering (${unansweredInARow} requests in a row refused, reset or timed out) ends the run the same way.

Exit codes: 0 every check passed; 1 a check failed; 2 a usage error; 3 errors inside the suite and no
failure; 128 + N stopped by signal N.

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

/** A mistake in the command line: the usage is printed and the command exits 2, never with a verdict. */
class UsageError extends Error {}

const integer = (text: string | undefined, name: string, least = -Infinity): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text) || Number(text) < least) throw new UsageError(`--${name} takes a whole number${least > -Infinity ? ` of at least ${least}` : ""}, not ${text}`);
  return Number(text);
};

/** Options that take a value: written `--seed -880042955`, a negative value is read as the value, not as an option. */
const valued = new Set(["--seed", "--clock-skew", "--runs", "--max-commands", "--time-budget", "--concurrency", "--max-failures", "--request-timeout"]);

function joinNegativeValues(args: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    if (valued.has(args[i]) && /^-\d+$/.test(args[i + 1] ?? "")) joined.push(`${args[i]}=${args[++i]}`);
    else joined.push(args[i]);
  }
  return joined;
}

function parse(args: string[]) {
  try {
    return parseArgs({ args: joinNegativeValues(args), options: optionSpec, allowPositionals: false, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The options (`parseArgs`, strict: an unknown one is a usage error). */
const optionSpec = {
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
  "exit-first": { type: "boolean", short: "x", default: false },
  "max-failures": { type: "string" },
  operation: { type: "string", multiple: true },
  rule: { type: "string", multiple: true },
  "request-timeout": { type: "string" },
  help: { type: "boolean", default: false },
} as const;

async function main(): Promise<number> {
  const { values } = parse(process.argv.slice(2));
  if (values.help) {
    console.log(usage);
    return exitCodes.passed;
  }
  const service = values.service as ServiceName;
  const layers = values.layers?.split(",").map((layer) => layer.trim()) as Layer[] | undefined;
  if (!serviceNames.includes(service)) throw new UsageError(values.service === undefined ? "--service is required" : `--service must be bank-payments or check-cashing, not ${values.service}`);
  if (!values["base-url"]) throw new UsageError("--base-url is required");
  if (!/^https?:\/\/[^/\s]+/.test(values["base-url"])) throw new UsageError(`--base-url must be an http:// or https:// URL, not ${values["base-url"]}`);
  if (!["full", "mock"].includes(values.profile!)) throw new UsageError(`--profile must be full or mock, not ${values.profile}`);
  if (!openapiVersions.includes(values.openapi as OpenApiVersion)) throw new UsageError(`--openapi must be 3.0 or 3.1, not ${values.openapi}`);
  const unknownLayer = layers?.find((layer) => !["dredd", "scenarios", "coverage", "sequences"].includes(layer));
  if (unknownLayer !== undefined) throw new UsageError(`--layers takes dredd, scenarios, coverage and sequences, not ${unknownLayer}`);
  if (service === "bank-payments" && (!values["secret-key"] || !values["publishable-key"])) throw new UsageError("bank-payments needs --secret-key and --publishable-key");
  const operationIds = validatorFor(service).operations.map(({ operation }) => operation.operationId);
  const unknownOperation = values.operation?.find((id) => !operationIds.includes(id));
  if (unknownOperation !== undefined) throw new UsageError(`--operation ${unknownOperation} is not an operation of ${service}: ${operationIds.join(", ")}`);
  const maxFailures = values["exit-first"] ? 1 : integer(values["max-failures"], "max-failures", 1);
  const readJson = (file: string, what: string): unknown => {
    try {
      return JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new Error(`${what} ${file}: ${(error as Error).message}`);
    }
  };
  const settings = usageOf(() => readSettings(values.settings ? readJson(values.settings, "--settings") as Record<string, unknown> : {}, values.setting ?? []));
  const fixtures = values.fixtures ? usageOf(() => readFixtures(readJson(values.fixtures!, "--fixtures"))) : undefined;
  const thorough = values.thorough ? thoroughSequences[service] : undefined;
  const seed = integer(values.seed, "seed") ?? Math.floor(Math.random() * 2 ** 31);
  const sequences: SequenceOptions = {
    seed,
    path: values.path,
    replayPath: values["replay-path"],
    runs: integer(values.runs, "runs") ?? thorough?.runs,
    maxCommands: integer(values["max-commands"], "max-commands") ?? thorough?.maxCommands,
    timeBudgetMs: values["time-budget"] === undefined ? undefined : 1000 * (integer(values["time-budget"], "time-budget", 0) as number),
    concurrency: integer(values.concurrency, "concurrency", 1) ?? thorough?.concurrency,
  };
  const requestTimeout = integer(values["request-timeout"], "request-timeout", 1);
  // The first SIGINT or SIGTERM stops the run gracefully (the reports of what ran are written); a second quits.
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) process.exit(128 + constants.signals[signal]);
    stop.abort(signal); // stopped first, said after: a reader of the line finds it so
    process.stderr.write(`${signal}: stopping after the checks under way, then writing the reports of what ran (${signal} again quits at once)\n`);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  if (values.profile === "full" && (!layers || layers.includes("sequences"))) console.log(`generated sequences: seed ${seed} (repeat this run with --seed=${seed})`);
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
    maxFailures,
    operations: values.operation,
    rules: values.rule,
    requestTimeoutMs: requestTimeout === undefined ? undefined : requestTimeout * 1000,
    onProgress: progressPrinter(),
    // --quiet prints the failures at the end, identical ones collapsed: nothing per check.
    onCheck: values.quiet ? undefined : (check) => {
      const mark = check.outcome === "passed" ? "ok  " : check.outcome === "failed" ? "FAIL" : "skip";
      console.log(`${mark} [${checkLabel(check)}] ${check.group} :: ${check.name}${check.reason && check.outcome === "skipped" ? `\n       ${check.reason}` : ""}`);
    },
  });
  console.log(closingLines(result, { quiet: values.quiet, reportDir: values.report }).join("\n"));
  console.log(summaryLine(result));
  return exitCodeOf(result, constants.signals);
}

/** Runs `read` (a settings or fixtures file), its complaint a usage error. */
function usageOf<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

// `conformance proxy ...` and `conformance judge FILE.har ...` judge traffic the suite did not generate.
const subcommand = process.argv[2];
const command = subcommand === "proxy" || subcommand === "judge" ? trafficCommand(subcommand, process.argv.slice(3)) : main();
command.then((code) => { process.exitCode = code; }, (error) => {
  if (error instanceof UsageError) {
    console.error(`conformance: ${error.message}\n\n${usage}`);
    process.exitCode = exitCodes.usage;
    return;
  }
  // Nothing the server does ends up here (the runner judges every check's exception): this is the suite's own defect.
  console.error(`conformance: an error inside the suite stopped the run (a defect of the suite, not the server's fault; please report it):\n${error instanceof Error ? error.stack ?? error.message : error}`);
  process.exitCode = exitCodes.suiteErrors;
});
