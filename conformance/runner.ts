// The programmatic entry point: runConformance(options) checks the base URL and keys (preflight),
// then runs Dredd (layer 1), the scenarios (layer 2), the deterministic coverage (layer 3: every
// action in every state, every boundary) and the generated sequences (layer 4) against one
// service. In the full profile every response goes through one oracle, which predicts it from
// everything the run has seen; the result carries every check and what the oracle judged. A run
// stopped by `signal` ends after the check under way and still reports what ran.
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ApiClient } from "./client.js";
import { runCoverage } from "./coverage/index.js";
import { runDreddLayer } from "./dredd/layer.js";
import { isFresh, withRunContext } from "./fixtures.js";
import { EvidenceLog, evidenceChecks, summarizeEvidence, type EvidenceSummary } from "./evidence.js";
import { marksOf } from "./oracle/exchange.js";
import { defaultSkewMs, Oracle } from "./oracle/oracle.js";
import { preflight } from "./preflight.js";
import { writeReports } from "./report.js";
import { curlLines } from "./repro.js";
import { scenariosFor } from "./scenarios/index.js";
import { OtherAllowedWay, otherWayOf, setUpAttempts } from "./scenarios/steps.js";
import { defaultSettings } from "./settings.js";
import { runSequences } from "./sequences/run.js";
import type { CheckResult, ConformanceOptions, ConformanceResult, Layer, Observation, Progress } from "./types.js";

/** Whether the optional peer dependency Dredd can be loaded (its absence is said, not a failure of the server). */
function dreddInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("dredd");
    return true;
  } catch {
    return false;
  }
}

/** The rule each scenario group enforces (a scenario may name its own). */
const groupRules: Record<string, string> = {
  auth: "bank §5", view: "B-4", pagination: "B-54", filter: "bank §4.4", validation: "bank §7.1", "not found": "bank §7.3",
  "transition 3.1": "bank §3.1", "transition 3.2": "bank §3.2", "conflict 7.2": "bank §7.2",
  "check cashing": "cc §2", "negative (generated)": "cc §2.3", "negative (table)": "cc §2.3", "valid (generated)": "cc §2.1",
};

export function runConformance(options: ConformanceOptions): Promise<ConformanceResult> {
  // Identifiers and bodies made during the run follow its fixtures and settings (fixtures.ts).
  return withRunContext({ fixtures: options.fixtures, settings: { ...defaultSettings, ...options.settings } }, () => run(options));
}

async function run(options: ConformanceOptions): Promise<ConformanceResult> {
  const started = Date.now();
  const profile = options.profile ?? "full";
  const triggers = options.triggers ?? true;
  const layers: Layer[] = options.layers ?? (profile === "full" ? ["dredd", "scenarios", "coverage", "sequences"] : ["dredd", "scenarios"]);
  if (options.service === "bank-payments" && (!options.secretKey || !options.publishableKey)) {
    throw new Error("bank-payments needs --secret-key and --publishable-key");
  }
  const observations: Observation[] = [];
  const keys = { secret: options.secretKey, publishable: options.publishableKey };
  const skewMs = options.clockSkewSeconds === undefined ? defaultSkewMs : options.clockSkewSeconds * 1000;
  const settings = { ...defaultSettings, ...options.settings };
  const evidence = new EvidenceLog();
  const oracleOptions = { keys, triggers, skewMs, isFresh, settings, fixtures: options.fixtures, evidence };
  // The mock profile has no oracle: a stateless mock answers examples, not behaviour.
  const oracle = profile === "full" ? new Oracle({ ...oracleOptions, service: options.service }) : undefined;
  const client = () => new ApiClient(options.service, options.baseUrl, keys, profile, observations, oracle, options.openapi);
  const checks: CheckResult[] = [];
  const record = (result: CheckResult) => {
    checks.push(result);
    options.onCheck?.(result);
  };
  const failed = () => checks.some((c) => c.outcome === "failed");
  const failures = () => checks.filter((c) => c.outcome === "failed").length;
  const stopped = () => (options.signal?.aborted ? String(options.signal.reason ?? "a signal") : undefined);
  const progress = (layer: Progress["layer"], done: number, planned: number, more = 0) =>
    options.onProgress?.({ layer, done, planned, failures: failures() + more, elapsedMs: Date.now() - started });
  if (options.reportDir) mkdirSync(options.reportDir, { recursive: true });
  let sequences: ConformanceResult["sequences"];
  let coverage: ConformanceResult["coverage"];

  const first = client();
  const ready = await preflight(first);
  record({
    layer: "preflight", group: "preflight", name: "the base URL serves the service and the keys are accepted",
    outcome: ready.ok ? "passed" : "failed", durationMs: Date.now() - started,
    // A wrong base URL or key is said in one message; the oracle's view of it would only repeat it.
    ...(ready.ok ? {} : { reason: ready.message }),
  });
  if (ready.ok && first.violations.length > 0) {
    // The service and keys are right, but what the preflight saw breaks the contract: a format problem.
    record({
      layer: "preflight", group: "response format", name: "the responses seen during the preflight follow the contract", outcome: "failed",
      reason: first.violations.join("\n"), findings: first.findings, curl: curlLines(first.exchanges, options.baseUrl, keys), marks: marksOf(first.exchanges), durationMs: Date.now() - started,
    });
  }

  for (const layer of ready.ok ? layers : []) {
    if ((options.failFast && failed()) || stopped()) break;
    if (layer === "dredd" && !dreddInstalled()) {
      record({ layer: "dredd", group: "dredd", name: "Dredd run", outcome: "skipped", durationMs: 0, reason: "Dredd is not installed, so layer 1 did not run: npm install --save-dev dredd@^14.1.0 (an optional peer dependency)" });
    } else if (layer === "dredd") {
      const api = client();
      api.check = "Dredd";
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
        // Without triggers, a promised input of the fixtures may drive the outcome: the check names it, not the trigger.
        const promise = scenario.trigger && !triggers ? scenario.fixturePromise?.() : undefined;
        const base = { layer: "scenario" as const, group: scenario.group, name: scenario.name, trigger: promise ?? scenario.trigger, rule: scenario.rule ?? groupRules[scenario.group] };
        if (!(scenario.profiles ?? ["full"]).includes(profile)) continue;
        if (scenario.trigger && !triggers && promise === undefined) {
          record({ ...base, outcome: "skipped", reason: `needs the implementation-specific trigger: ${scenario.trigger}`, durationMs: 0 });
          continue;
        }
        const unjudgeable = scenario.unjudgeable?.(settings);
        if (unjudgeable) {
          record({ ...base, outcome: "skipped", reason: unjudgeable, durationMs: 0 });
          continue;
        }
        if ((options.failFast && failed()) || stopped()) break;
        const scenarioStarted = Date.now();
        for (let attempt = 1; ; attempt += 1) {
          const api = client();
          api.check = `scenario: ${scenario.name}`;
          try {
            await scenario.run({ api, profile, settings });
            if (api.violations.length > 0) throw new Error(api.violations.slice(0, 3).join(" | "));
            record({ ...base, outcome: "passed", durationMs: Date.now() - scenarioStarted });
          } catch (error) {
            // Another way the documents allow, every answer judged right by the oracle: skipped, with the reason.
            if (error instanceof OtherAllowedWay && api.violations.length === 0) {
              record({ ...base, outcome: "skipped", reason: `the server took another allowed way: ${error.message}`, durationMs: Date.now() - scenarioStarted });
              break;
            }
            // Without triggers, a scenario that met a decline or a failed capture the oracle judged
            // right needed the other outcome: tried again on fresh objects, then skipped with the reason.
            const way = !triggers && api.violations.length === 0 ? api.exchanges.map(otherWayOf).find((found) => found !== undefined) : undefined;
            if (way !== undefined && attempt < setUpAttempts) continue;
            if (way !== undefined) {
              record({ ...base, outcome: "skipped", reason: `the server took another allowed way: ${way}, on each of ${setUpAttempts} tries`, durationMs: Date.now() - scenarioStarted });
              break;
            }
            const extra = api.violations.length > 0 && !String((error as Error)?.message).startsWith(api.violations[0]) ? ` [${api.violations.slice(0, 3).join(" | ")}]` : "";
            record({
              ...base, outcome: "failed", reason: String((error as Error)?.message ?? error) + extra, durationMs: Date.now() - scenarioStarted,
              findings: api.findings, curl: curlLines(api.exchanges, options.baseUrl, keys), marks: marksOf(api.exchanges),
            });
          }
          break;
        }
      }
    }
    if (layer === "coverage" && profile === "full" && oracle) {
      const outcome = await runCoverage(
        { baseUrl: options.baseUrl, client, oracle, settings, triggers, stopped },
        { service: options.service, concurrency: options.coverageConcurrency, failFast: options.failFast, onProgress: (p) => progress("coverage", p.done, p.planned, p.failures) },
      );
      outcome.checks.forEach(record);
      coverage = outcome.report;
    }
    if (layer === "sequences" && profile === "full" && oracle) {
      const outcome = await runSequences({
        service: options.service, baseUrl: options.baseUrl, keys, oracle: oracleOptions, observations, openapi: options.openapi,
        stats: oracle.stats, options: { ...options.sequences, noShrink: options.sequences?.noShrink ?? options.failFast },
        signal: options.signal, onProgress: (done, planned, failing) => progress("sequences", done, planned, failing ? 1 : 0),
      });
      sequences = outcome.summary;
      outcome.checks.forEach(record);
    }
  }

  // No pass without evidence: judged when a deterministic layer (scenarios, coverage) ran to its end
  // under the oracle; those exercise every happy path, so a server that does the job shows it.
  let summary: EvidenceSummary | undefined;
  const deterministic = layers.includes("scenarios") || layers.includes("coverage");
  if (ready.ok && oracle && deterministic && !stopped() && !(options.failFast && failed())) {
    summary = summarizeEvidence(options.service, evidence, checks, coverage);
    evidenceChecks(options.service, summary).forEach(record);
  }
  const count = (outcome: CheckResult["outcome"]) => checks.filter((c) => c.outcome === outcome).length;
  const result: ConformanceResult = {
    service: options.service, profile, baseUrl: options.baseUrl, checks, observations,
    passed: count("passed"), failed: count("failed"), skipped: count("skipped"),
    ok: count("failed") === 0 && checks.length > 0 && !stopped(), durationMs: Date.now() - started,
    oracle: oracle ? { ...oracle.stats } : undefined,
    sequences, coverage,
    ...(summary ? { evidence: summary } : {}),
    ...(stopped() ? { stopped: stopped() } : {}),
  };
  if (options.reportDir) writeReports(result, options.reportDir);
  return result;
}

/** The closing line CI parses. */
export function summaryLine(result: Pick<ConformanceResult, "passed" | "failed" | "skipped">): string {
  return `${result.passed} passed, ${result.failed} failed` + (result.skipped > 0 ? `, ${result.skipped} skipped` : "");
}
