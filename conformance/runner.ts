// The programmatic entry point: runConformance(options) checks the base URL and keys (preflight),
// then runs Dredd (layer 1), the scenarios (layer 2), the deterministic coverage (layer 3: every
// action in every state, every boundary) and the generated sequences (layer 4) against one
// service. In the full profile every response goes through one oracle, which predicts it from
// everything the run has seen; the result carries every check and what the oracle judged. A run
// stopped by `signal`, by `maxFailures` or by a server that stopped answering ends after the checks
// under way and still reports what ran. An exception out of a check is judged (thrown.ts): a
// request never answered fails the check, naming the connection error; a defect of the suite is
// the suite's error, reported apart and never counted against the server; the run goes on.
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { validatorFor } from "../src/openapi/validator.js";
import { ApiClient } from "./client.js";
import { runCoverage, type TaskResult } from "./coverage/index.js";
import { runDreddLayer } from "./dredd/layer.js";
import { isFresh, withRunContext } from "./fixtures.js";
import { EvidenceLog, evidenceChecks, summarizeEvidence, type EvidenceSummary } from "./evidence.js";
import { marksOf } from "./oracle/exchange.js";
import { defaultSkewMs, Oracle } from "./oracle/oracle.js";
import { checkLabel } from "./failures.js";
import { Focus } from "./focus.js";
import { withTransport } from "./http.js";
import { preflight } from "./preflight.js";
import { writeHtmlReport } from "./html-report.js";
import { writeReports } from "./report.js";
import { curlLines } from "./repro.js";
import { scenariosFor } from "./scenarios/index.js";
import { OtherAllowedWay, otherWayOf, setUpAttempts } from "./scenarios/steps.js";
import { defaultSettings } from "./settings.js";
import { runSequences } from "./sequences/run.js";
import { RunControl } from "./run-control.js";
import { classify, type Thrown } from "./thrown.js";
import type { CheckResult, ConformanceOptions, ConformanceResult, Layer, Observation, Progress, SuiteError } from "./types.js";

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
  // Identifiers and bodies made during the run follow its fixtures and settings (fixtures.ts); its
  // requests report to its control, which stops the run when the server stops answering.
  const control = new RunControl(options.signal, options.maxFailures);
  return withRunContext({ fixtures: options.fixtures, settings: { ...defaultSettings, ...options.settings } }, () =>
    withTransport({ timeoutMs: options.requestTimeoutMs, onOutcome: control.onOutcome }, () => run(options, control)));
}

async function run(options: ConformanceOptions, control: RunControl): Promise<ConformanceResult> {
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
  const focus = new Focus(options);
  // Every client of the run: their oracle's suite errors are read at the end (the sequences read their own).
  const clients: ApiClient[] = [];
  const client = (focused = true) => {
    const api = new ApiClient(options.service, options.baseUrl, keys, profile, observations, oracle, options.openapi);
    clients.push(api);
    return focused ? focus.guard(api) : api;
  };
  const checks: CheckResult[] = [];
  const suiteErrors: SuiteError[] = [];
  const record = (result: CheckResult) => {
    // The preflight says whether anything could run: never focused away.
    if (result.layer !== "preflight" && !focus.keeps(result)) {
      focus.leave("not of the rules --rule named");
      return;
    }
    checks.push(result);
    options.onCheck?.(result);
    control.checked(`${checkLabel(result)}: ${result.name}`, result.outcome === "failed");
  };
  /** What an exception out of a check means: recorded as a failure, as the suite's error, or left out. */
  const judgeThrown = (where: string, thrown: Thrown, failedCheck: () => CheckResult): void => {
    if (thrown.kind === "left out") focus.leave(`calls ${thrown.operationId}, which --operation did not name`);
    else if (thrown.kind === "suite error") suiteErrors.push({ where, message: thrown.message });
    else record(failedCheck());
  };
  const failed = () => checks.some((c) => c.outcome === "failed");
  const failures = () => checks.filter((c) => c.outcome === "failed").length;
  const stopped = () => control.stopped();
  const operationIds = validatorFor(options.service).operations.map(({ operation }) => operation.operationId);
  const progress = (layer: Progress["layer"], done: number, planned: number, more = 0) =>
    options.onProgress?.({ layer, done, planned, failures: failures() + more, elapsedMs: Date.now() - started });
  if (options.reportDir) mkdirSync(options.reportDir, { recursive: true });
  let sequences: ConformanceResult["sequences"];
  let coverage: ConformanceResult["coverage"];

  // The preflight calls what it needs whatever --operation names: it says whether the run can start.
  const first = client(false);
  // Nothing goes on without the preflight; an error of the suite's own inside it is said as such.
  const ready = await preflight(first).catch((error: unknown): Awaited<ReturnType<typeof preflight>> => {
    const thrown = classify(error, first.violations.length);
    if (thrown.kind !== "suite error") return { ok: false, message: thrown.message };
    suiteErrors.push({ where: "the preflight (nothing else ran)", message: thrown.message });
    return { ok: false, message: "" };
  });
  if (ready.ok || ready.message !== "") record({
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
    // The coverage and the sequences drive every operation of the service: a focus on some leaves them out.
    if ((layer === "coverage" || layer === "sequences") && profile === "full" && !focus.allowsAll(operationIds)) {
      focus.leave(`the ${layer} layer, which calls every operation of the service`);
      continue;
    }
    try {
      await runLayer(layer);
    } catch (error) {
      // Whatever a layer let through is judged like a check's exception, and the next layer runs.
      const thrown = classify(error, 0);
      judgeThrown(`the ${layer} layer`, thrown, () => ({ layer: layer === "scenarios" ? "scenario" : layer === "sequences" ? "sequence" : layer, group: layer, name: `the ${layer} layer`, outcome: "failed", reason: thrown.message, durationMs: 0 }));
    }
  }

  async function runLayer(layer: Layer): Promise<void> {
    if (layer === "dredd" && !dreddInstalled()) {
      record({ layer: "dredd", group: "dredd", name: "Dredd run", outcome: "skipped", durationMs: 0, reason: "Dredd is not installed, so layer 1 did not run: npm install --save-dev dredd@^14.1.0 (an optional peer dependency)" });
    } else if (layer === "dredd") {
      const api = client();
      api.check = "Dredd";
      try {
        const results = await runDreddLayer({
          service: options.service, baseUrl: options.baseUrl, profile, triggers, api,
          xunitFile: options.reportDir ? join(options.reportDir, `dredd-${options.service}.xml`) : undefined,
          stopped, focus, onSuiteError: (where, message) => suiteErrors.push({ where, message }), onOutcome: control.onOutcome,
          failuresAllowed: options.maxFailures === undefined ? undefined : Math.max(1, options.maxFailures - failures()),
        });
        results.forEach(record);
      } catch (error) {
        const thrown = classify(error, 0);
        judgeThrown("the Dredd run", thrown, () => ({ layer: "dredd", group: "dredd", name: "Dredd run", outcome: "failed", reason: thrown.message, durationMs: 0 }));
      }
    }
    if (layer === "scenarios") {
      for (const scenario of scenariosFor(options.service)) {
        // Without triggers, a promised input of the fixtures may drive the outcome: the check names it, not the trigger.
        const promise = scenario.trigger && !triggers ? scenario.fixturePromise?.() : undefined;
        const base = { layer: "scenario" as const, group: scenario.group, name: scenario.name, trigger: promise ?? scenario.trigger, rule: scenario.rule ?? groupRules[scenario.group] };
        if (!(scenario.profiles ?? ["full"]).includes(profile)) continue;
        if (!focus.runsRule(base.rule)) {
          focus.leave("not of the rules --rule named");
          continue;
        }
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
            const thrown = classify(error, api.violations.length);
            if (thrown.kind === "left out" || thrown.kind === "suite error") {
              judgeThrown(`scenario: ${scenario.name}`, thrown, () => ({ ...base, outcome: "failed", durationMs: 0 }));
              break;
            }
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
            const extra = api.violations.length > 0 && !thrown.message.startsWith(api.violations[0]) ? ` [${api.violations.slice(0, 3).join(" | ")}]` : "";
            record({
              ...base, outcome: "failed", reason: thrown.message + extra, durationMs: Date.now() - scenarioStarted,
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
        {
          service: options.service, concurrency: options.coverageConcurrency, failFast: options.failFast, onProgress: (p) => progress("coverage", p.done, p.planned, p.failures),
          onTaskError: (task, error): TaskResult => {
            const thrown = classify(error, 0);
            const left: TaskResult = { checks: [], cells: [], boundaries: [] };
            judgeThrown(`coverage: ${task}`, thrown, () => ({ layer: "coverage", group: "coverage", name: task, outcome: "failed", reason: thrown.message, durationMs: 0 }));
            return left;
          },
        },
      );
      outcome.checks.forEach(record);
      coverage = outcome.report;
    }
    if (layer === "sequences" && profile === "full" && oracle) {
      const outcome = await runSequences({
        service: options.service, baseUrl: options.baseUrl, keys, oracle: oracleOptions, observations, openapi: options.openapi,
        stats: oracle.stats, options: { ...options.sequences, noShrink: options.sequences?.noShrink ?? options.failFast },
        signal: control.signal, onProgress: (done, planned, failing) => progress("sequences", done, planned, failing ? 1 : 0),
        failuresAllowed: options.maxFailures === undefined ? undefined : Math.max(1, options.maxFailures - failures()),
      });
      sequences = outcome.summary;
      outcome.checks.forEach(record);
      suiteErrors.push(...outcome.suiteErrors);
    }
  }

  // No pass without evidence: judged when a deterministic layer (scenarios, coverage) ran to its end
  // under the oracle; those exercise every happy path, so a server that does the job shows it.
  let summary: EvidenceSummary | undefined;
  const deterministic = layers.includes("scenarios") || layers.includes("coverage");
  if (ready.ok && oracle && deterministic && !stopped() && !(options.failFast && failed()) && !focus.active) {
    summary = summarizeEvidence(options.service, evidence, checks, coverage);
    evidenceChecks(options.service, summary).forEach(record);
  }
  if (focus.active && ready.ok && oracle && deterministic) focus.leave("the evidence checks (a focused run is not judged for evidence)");
  for (const api of clients) for (const message of api.suiteErrors) suiteErrors.push({ where: api.check ?? "the suite's client", message });
  const count = (outcome: CheckResult["outcome"]) => checks.filter((c) => c.outcome === outcome).length;
  const leftOut = focus.leftOut();
  const result: ConformanceResult = {
    service: options.service, profile, baseUrl: options.baseUrl, checks, observations,
    passed: count("passed"), failed: count("failed"), skipped: count("skipped"),
    ok: count("failed") === 0 && checks.length > 0 && !stopped() && suiteErrors.length === 0, durationMs: Date.now() - started,
    oracle: oracle ? { ...oracle.stats } : undefined,
    sequences, coverage,
    ...(summary ? { evidence: summary } : {}),
    ...(stopped() ? { stopped: stopped() } : {}),
    ...(suiteErrors.length > 0 ? { suiteErrors } : {}),
    ...(control.serverGone ? { serverGone: control.serverGone } : {}),
    ...(leftOut.length > 0 ? { leftOut } : {}),
  };
  if (options.reportDir) {
    writeReports(result, options.reportDir);
    writeHtmlReport(result, options.reportDir);
  }
  return result;
}

/** The closing line CI parses. */
export function summaryLine(result: Pick<ConformanceResult, "passed" | "failed" | "skipped">): string {
  return `${result.passed} passed, ${result.failed} failed` + (result.skipped > 0 ? `, ${result.skipped} skipped` : "");
}
