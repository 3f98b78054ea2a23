#!/usr/bin/env node
// `conformance --service bank-payments --base-url URL --secret-key K --publishable-key K
//  [--profile full|mock] [--openapi 3.0|3.1] [--report DIR] [--no-triggers] [--quiet] [--seed N [--path P --replay-path R]]
//  [--runs N] [--max-commands N] [--time-budget S] [--thorough] [--clock-skew S] [--layers L,...]`
// `conformance --service check-cashing --base-url URL`
// Prints the sequences' seed first and the failures in full at the end; exits 1 on any failure;
// the last line is `N passed, N failed[, N skipped]`.
import { parseArgs } from "node:util";
import { openapiVersions, serviceNames, type OpenApiVersion, type ServiceName } from "../src/openapi/documents.js";
import { failureText } from "./failures.js";
import { oracleLine } from "./report.js";
import { runConformance, summaryLine } from "./runner.js";
import { thoroughSequences } from "./sequences/run.js";
import type { Layer, Profile, SequenceOptions } from "./types.js";

const usage = `Usage: conformance --service bank-payments|check-cashing --base-url URL [options]

  --secret-key K        secret key (bank-payments)
  --publishable-key K   publishable key (bank-payments)
  --profile full|mock   full: a stateful implementation, judged by the oracle (default); mock: a stateless mock such as Prism
  --openapi 3.0|3.1     the OpenAPI version of the documents that validate every response (default 3.0)
  --report DIR          write JUnit XML and a Markdown report (failures first, coverage matrix, score) into DIR
  --no-triggers         skip the checks that need the reference sandbox's test triggers
  --quiet               print failures and the summary only
  --layers L,...        dredd, scenarios, sequences (default: all three in the full profile)

Generated sequences (full profile):
  --seed N              seed (printed on every run; random when not given)
  --path P              with --seed: replay one failure (fast-check's path, printed with the failure)
  --replay-path R       with --seed and --path: the commands' replayPath, printed with the failure
  --runs N              sequences per service (default 40 bank, 30 check cashing)
  --max-commands N      longest sequence (default 30 bank, 15 check cashing)
  --time-budget S       stop generating after S seconds
  --thorough            the nightly profile: 1000 bank sequences of up to 80 commands, 500 check cashing ones of up to 40
  --clock-skew S        allowed difference between the server's clock and ours, in seconds (default 300)`;

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
      "clock-skew": { type: "string" },
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
    || layers?.some((layer) => !["dredd", "scenarios", "sequences"].includes(layer))) {
    console.error(usage);
    return 2;
  }
  const thorough = values.thorough ? thoroughSequences[service] : undefined;
  const seed = integer(values.seed, "seed") ?? Math.floor(Math.random() * 2 ** 31);
  const sequences: SequenceOptions = {
    seed,
    path: values.path,
    replayPath: values["replay-path"],
    runs: integer(values.runs, "runs") ?? thorough?.runs,
    maxCommands: integer(values["max-commands"], "max-commands") ?? thorough?.maxCommands,
    timeBudgetMs: values["time-budget"] === undefined ? undefined : 1000 * (integer(values["time-budget"], "time-budget") as number),
  };
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
    reportDir: values.report,
    onCheck: (check) => {
      if (values.quiet && check.outcome !== "failed") return;
      const mark = check.outcome === "passed" ? "ok  " : check.outcome === "failed" ? "FAIL" : "skip";
      console.log(`${mark} [${check.layer}] ${check.group} :: ${check.name}${check.reason && check.outcome === "skipped" ? `\n       ${check.reason}` : ""}`);
    },
  });
  const failures = result.checks.filter((check) => check.outcome === "failed");
  if (failures.length > 0) {
    console.log(`\n${failures.length} failure(s):\n`);
    for (const check of failures) console.log(`${failureText(check).join("\n")}\n`);
  }
  console.log(oracleLine(result));
  if (values.report) console.log(`reports written to ${values.report}`);
  console.log(summaryLine(result));
  return result.ok ? 0 : 1;
}

main().then((code) => { process.exitCode = code; }, (error) => {
  console.error(error instanceof Error ? error.message : error);
  console.log("0 passed, 1 failed");
  process.exitCode = 1;
});
