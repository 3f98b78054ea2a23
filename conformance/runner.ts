// The programmatic entry point: runConformance(options) runs Dredd (layer 1) and the scenarios
// (layer 2) against one service and returns every check, for the CLI, the report and the tests.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ApiClient } from "./client.js";
import { runDreddLayer } from "./dredd/layer.js";
import { writeReports } from "./report.js";
import { scenariosFor } from "./scenarios/index.js";
import type { CheckResult, ConformanceOptions, ConformanceResult, Observation } from "./types.js";

export async function runConformance(options: ConformanceOptions): Promise<ConformanceResult> {
  const started = Date.now();
  const profile = options.profile ?? "full";
  const triggers = options.triggers ?? true;
  const layers = options.layers ?? ["dredd", "scenarios"];
  if (options.service === "bank-payments" && (!options.secretKey || !options.publishableKey)) {
    throw new Error("bank-payments needs --secret-key and --publishable-key");
  }
  const observations: Observation[] = [];
  const keys = { secret: options.secretKey, publishable: options.publishableKey };
  const checks: CheckResult[] = [];
  const record = (result: CheckResult) => {
    checks.push(result);
    options.onCheck?.(result);
  };
  if (options.reportDir) mkdirSync(options.reportDir, { recursive: true });

  if (layers.includes("dredd")) {
    const api = new ApiClient(options.service, options.baseUrl, keys, profile, observations);
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

  if (layers.includes("scenarios")) {
    for (const scenario of scenariosFor(options.service)) {
      const base = { layer: "scenario" as const, group: scenario.group, name: scenario.name, trigger: scenario.trigger };
      if (!(scenario.profiles ?? ["full"]).includes(profile)) continue;
      if (scenario.trigger && !triggers) {
        record({ ...base, outcome: "skipped", reason: `needs the implementation-specific trigger: ${scenario.trigger}`, durationMs: 0 });
        continue;
      }
      if (options.failFast && checks.some((c) => c.outcome === "failed")) break;
      const api = new ApiClient(options.service, options.baseUrl, keys, profile, observations);
      const scenarioStarted = Date.now();
      try {
        await scenario.run({ api, profile });
        if (api.violations.length > 0) throw new Error(api.violations.slice(0, 3).join(" | "));
        record({ ...base, outcome: "passed", durationMs: Date.now() - scenarioStarted });
      } catch (error) {
        const extra = api.violations.length > 0 ? ` [${api.violations.slice(0, 3).join(" | ")}]` : "";
        record({ ...base, outcome: "failed", reason: String((error as Error)?.message ?? error) + extra, durationMs: Date.now() - scenarioStarted });
      }
    }
  }

  const count = (outcome: CheckResult["outcome"]) => checks.filter((c) => c.outcome === outcome).length;
  const result: ConformanceResult = {
    service: options.service, profile, baseUrl: options.baseUrl, checks, observations,
    passed: count("passed"), failed: count("failed"), skipped: count("skipped"),
    ok: count("failed") === 0 && checks.length > 0, durationMs: Date.now() - started,
  };
  if (options.reportDir) writeReports(result, options.reportDir);
  return result;
}

/** The closing line CI parses. */
export function summaryLine(result: Pick<ConformanceResult, "passed" | "failed" | "skipped">): string {
  return `${result.passed} passed, ${result.failed} failed` + (result.skipped > 0 ? `, ${result.skipped} skipped` : "");
}
