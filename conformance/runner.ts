// The programmatic entry point: runConformance(options) checks the base URL and keys (preflight),
// then runs Dredd (layer 1), the scenarios (layer 2) and the generated sequences (layer 3) against
// one service. In the full profile every response goes through one oracle, which predicts it from
// everything the run has seen; the result carries every check and what the oracle judged.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ApiClient } from "./client.js";
import { runDreddLayer } from "./dredd/layer.js";
import { isFresh } from "./fixtures.js";
import { defaultSkewMs, Oracle } from "./oracle/oracle.js";
import { preflight } from "./preflight.js";
import { writeReports } from "./report.js";
import { curlLines } from "./repro.js";
import { scenariosFor } from "./scenarios/index.js";
import { defaultSettings } from "./settings.js";
import { runSequences } from "./sequences/run.js";
import type { CheckResult, ConformanceOptions, ConformanceResult, Layer, Observation } from "./types.js";

export async function runConformance(options: ConformanceOptions): Promise<ConformanceResult> {
  const started = Date.now();
  const profile = options.profile ?? "full";
  const triggers = options.triggers ?? true;
  const layers: Layer[] = options.layers ?? (profile === "full" ? ["dredd", "scenarios", "sequences"] : ["dredd", "scenarios"]);
  if (options.service === "bank-payments" && (!options.secretKey || !options.publishableKey)) {
    throw new Error("bank-payments needs --secret-key and --publishable-key");
  }
  const observations: Observation[] = [];
  const keys = { secret: options.secretKey, publishable: options.publishableKey };
  const skewMs = options.clockSkewSeconds === undefined ? defaultSkewMs : options.clockSkewSeconds * 1000;
  const settings = { ...defaultSettings, ...options.settings };
  const oracleOptions = { keys, triggers, skewMs, isFresh, settings, fixtures: options.fixtures };
  // The mock profile has no oracle: a stateless mock answers examples, not behaviour.
  const oracle = profile === "full" ? new Oracle({ ...oracleOptions, service: options.service }) : undefined;
  const client = () => new ApiClient(options.service, options.baseUrl, keys, profile, observations, oracle, options.openapi);
  const checks: CheckResult[] = [];
  const record = (result: CheckResult) => {
    checks.push(result);
    options.onCheck?.(result);
  };
  const failed = () => checks.some((c) => c.outcome === "failed");
  if (options.reportDir) mkdirSync(options.reportDir, { recursive: true });
  let sequences: ConformanceResult["sequences"];

  const first = client();
  const ready = await preflight(first);
  const preflightFailed = !ready.ok || first.violations.length > 0;
  record({
    layer: "preflight", group: "preflight", name: "the base URL serves the service and the keys are accepted",
    outcome: preflightFailed ? "failed" : "passed", durationMs: Date.now() - started,
    // A wrong base URL or key is said in one message; the oracle's view of it would only repeat it.
    ...(preflightFailed ? (ready.ok ? { reason: first.violations.join(" | "), findings: first.findings } : { reason: ready.message }) : {}),
  });

  for (const layer of ready.ok ? layers : []) {
    if (options.failFast && failed()) break;
    if (layer === "dredd") {
      const api = client();
      try {
        const results = await runDreddLayer({
          service: options.service, baseUrl: options.baseUrl, profile, triggers, api,
          xunitFile: options.reportDir ? join(options.reportDir, `dredd-${options.service}.xml`) : undefined,
        });
        results.forEach(record);
      } catch (error) {
        record({ layer: "dredd", group: "dredd", name: "Dredd run", outcome: "failed", reason: String((error as Error)?.message ?? error), durationMs: 0 });
      }
    }
    if (layer === "scenarios") {
      for (const scenario of scenariosFor(options.service)) {
        const base = { layer: "scenario" as const, group: scenario.group, name: scenario.name, trigger: scenario.trigger };
        if (!(scenario.profiles ?? ["full"]).includes(profile)) continue;
        if (scenario.trigger && !triggers) {
          record({ ...base, outcome: "skipped", reason: `needs the implementation-specific trigger: ${scenario.trigger}`, durationMs: 0 });
          continue;
        }
        const unjudgeable = scenario.unjudgeable?.(settings);
        if (unjudgeable) {
          record({ ...base, outcome: "skipped", reason: unjudgeable, durationMs: 0 });
          continue;
        }
        if (options.failFast && failed()) break;
        const api = client();
        const scenarioStarted = Date.now();
        try {
          await scenario.run({ api, profile, settings });
          if (api.violations.length > 0) throw new Error(api.violations.slice(0, 3).join(" | "));
          record({ ...base, outcome: "passed", durationMs: Date.now() - scenarioStarted });
        } catch (error) {
          const extra = api.violations.length > 0 && !String((error as Error)?.message).startsWith(api.violations[0]) ? ` [${api.violations.slice(0, 3).join(" | ")}]` : "";
          record({
            ...base, outcome: "failed", reason: String((error as Error)?.message ?? error) + extra, durationMs: Date.now() - scenarioStarted,
            findings: api.findings, curl: curlLines(api.exchanges, options.baseUrl, keys),
          });
        }
      }
    }
    if (layer === "sequences" && profile === "full" && oracle) {
      const outcome = await runSequences({
        service: options.service, baseUrl: options.baseUrl, keys, oracle: oracleOptions, observations, openapi: options.openapi,
        stats: oracle.stats, options: { ...options.sequences, noShrink: options.sequences?.noShrink ?? options.failFast },
      });
      sequences = { seed: outcome.seed, runs: outcome.runs, path: outcome.path, replayPath: outcome.replayPath };
      record(outcome.check);
    }
  }

  const count = (outcome: CheckResult["outcome"]) => checks.filter((c) => c.outcome === outcome).length;
  const result: ConformanceResult = {
    service: options.service, profile, baseUrl: options.baseUrl, checks, observations,
    passed: count("passed"), failed: count("failed"), skipped: count("skipped"),
    ok: count("failed") === 0 && checks.length > 0, durationMs: Date.now() - started,
    oracle: oracle ? { ...oracle.stats } : undefined,
    sequences,
  };
  if (options.reportDir) writeReports(result, options.reportDir);
  return result;
}

/** The closing line CI parses. */
export function summaryLine(result: Pick<ConformanceResult, "passed" | "failed" | "skipped">): string {
  return `${result.passed} passed, ${result.failed} failed` + (result.skipped > 0 ? `, ${result.skipped} skipped` : "");
}
