// The oracle: every response the suite sees goes through observe(). The service model predicts
// the status and the whole body from the state so far; the actual response is compared field by
// field; the invariants are checked on every object; the model then moves to its new state.
import type { ServiceName } from "../../src/openapi/documents.js";
import type { EvidenceLog } from "../evidence.js";
import type { Fixtures } from "../types.js";
import type { Rule } from "../rules.js";
import { defaultSettings, type SuiteSettings } from "../settings.js";
import { BankModel } from "./bank/model.js";
import { PayrollModel } from "./check-cashing/model.js";
import { bind, compare, type Difference } from "./expect.js";
import type { Exchange } from "./exchange.js";
import { nameCreators } from "./knock-on.js";
import { invariantsFor, type Invariant, type InvariantMemory } from "./invariants.js";
import type { Prediction, ServiceModel } from "./prediction.js";

export type OracleOptions = {
  service: ServiceName;
  keys?: { secret?: string; publishable?: string };
  /** Whether the server implements README's "Sandbox test triggers" (default true). */
  triggers?: boolean;
  /** Allowed difference between the server's clock and ours (default 300 s). */
  skewMs?: number;
  /** Whether a value was made fresh by this process, so no other run used it (closed lists). */
  isFresh?: (value: string) => boolean;
  /** What the server is configured to; the contract's defaults where not told. */
  settings?: Partial<SuiteSettings>;
  /** The server's enrolled objects. */
  fixtures?: Fixtures;
  /** Where right answers that show the happy path are noted (conformance/evidence.ts). */
  evidence?: EvidenceLog;
};

export type Verdict = {
  ok: boolean;
  expectedStatus: number[];
  differences: Difference[];
  invariantFailures: Array<{ invariant: string; problem: string; rule?: Rule }>;
  fields: number;
  partial?: string;
  /** The rules broken, in the order of the differences, then the invariants'. */
  rules: Rule[];
};

export type OracleStats = { responses: number; fieldsCompared: number; partial: number; failed: number };

export const defaultSkewMs = 300_000;

export class Oracle {
  readonly model: ServiceModel;
  readonly invariants: Invariant[];
  readonly stats: OracleStats = { responses: 0, fieldsCompared: 0, partial: 0, failed: 0 };
  private readonly memory: InvariantMemory;

  constructor(readonly options: OracleOptions) {
    const skewMs = options.skewMs ?? defaultSkewMs;
    const triggers = options.triggers ?? true;
    const settings = { ...defaultSettings, ...options.settings };
    this.model = options.service === "bank-payments"
      ? new BankModel({ keys: options.keys ?? {}, triggers, skewMs, isFresh: options.isFresh ?? (() => false), settings, fixtures: options.fixtures })
      : new PayrollModel({
        triggers, skewMs, micrLines: options.fixtures?.micr_lines,
        promised: { declinedNetAmounts: options.fixtures?.declined_net_amounts ?? [], refusedIdValues: options.fixtures?.refused_id_values ?? [] },
      });
    this.invariants = invariantsFor(options.service);
    this.memory = { keys: options.keys ?? {}, createdIds: new Set() };
  }

  /** Judges one response; the model moves on to the state the accepted prediction describes. */
  observe(exchange: Exchange): Verdict {
    const predictions = this.model.predict(exchange);
    let best: { prediction: Prediction; comparison: ReturnType<typeof compare>; statusMatches: boolean } | undefined;
    for (const prediction of predictions) {
      const statusMatches = prediction.status === exchange.status;
      const body = typeof prediction.body === "function" ? prediction.body(exchange.responseBody) : prediction.body;
      const comparison = compare(body, exchange.responseBody, "", new Map(), prediction.rule);
      const better = !best || (statusMatches && !best.statusMatches)
        || (statusMatches === best.statusMatches && comparison.differences.length < best.comparison.differences.length);
      if (better) best = { prediction, comparison, statusMatches };
      if (statusMatches && comparison.differences.length === 0) break;
    }
    if (!best) throw new Error(`no prediction for ${exchange.operationId}`);
    const differences = nameCreators(best.comparison.differences, exchange, this.model);
    if (!best.statusMatches) {
      const rule = predictions.find((p) => p.rule !== undefined)?.rule;
      differences.unshift({ path: "(status)", expected: [...new Set(predictions.map((p) => p.status))].join(" or "), actual: exchange.status, ...(rule ? { rule } : {}) });
    }
    if (best.statusMatches) {
      bind(best.comparison.bindings);
      best.prediction.apply?.();
    }
    const invariantFailures = exchange.responseBody === undefined ? [] : this.invariants.flatMap((invariant) =>
      invariant.check(exchange, this.memory).map((problem) => ({ invariant: invariant.name, problem, rule: invariant.rule })));
    const verdict: Verdict = {
      ok: differences.length === 0 && invariantFailures.length === 0,
      expectedStatus: [...new Set(predictions.map((p) => p.status))],
      differences,
      invariantFailures,
      fields: best.comparison.fields + 1,
      partial: best.prediction.partial,
      rules: [...new Set([...differences, ...invariantFailures].map((d) => d.rule).filter((r): r is Rule => r !== undefined))],
    };
    this.options.evidence?.note(exchange, verdict.ok);
    this.stats.responses += 1;
    this.stats.fieldsCompared += verdict.fields;
    if (verdict.partial) this.stats.partial += 1;
    if (!verdict.ok) this.stats.failed += 1;
    return verdict;
  }
}

/** Where a difference lies in an object another check created: that check, which left it (a knock-on). */
export const leftBy = (d: { leftBy?: string }) => (d.leftBy ? ` (in an object left by the check "${d.leftBy}")` : "");

/** One line per problem, for check reasons and console output. */
export function describeVerdict(verdict: Verdict): string[] {
  const by = (rule?: Rule) => (rule ? ` [${rule}]` : "");
  return [
    ...verdict.differences.map((d) => `${d.path}: expected ${d.expected}, got ${JSON.stringify(d.actual)}${by(d.rule)}${leftBy(d)}`),
    ...verdict.invariantFailures.map((f) => `invariant ${f.invariant}: ${f.problem}${by(f.rule)}`),
  ];
}
