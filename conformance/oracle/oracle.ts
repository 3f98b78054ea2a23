// The oracle: every response the suite sees is judged here. The service model predicts the status
// and the whole body from the state so far; the actual response is compared field by field; the
// invariants are checked on every object; the model then moves to its new state.
//
// Responses are judged as a history (history.ts, docs/conformance.md "The model of time"): a
// caller `begin`s a request when it sends it and gives its answer to the ticket; the verdict comes
// once every request that began before the answer arrived has been answered too, in some order real
// time allows that explains every answer. One request at a time, that is at once. `observe` judges
// one exchange now, for callers that send one request at a time.
//
// Nothing inside the oracle may crash a verdict: an error of its own is the suite's error, said as
// such on the verdict (never a server failure), and judging goes on.
import type { ServiceName } from "../../src/openapi/documents.js";
import type { EvidenceLog } from "../evidence.js";
import type { Fixtures } from "../types.js";
import type { Rule } from "../rules.js";
import { defaultSettings, type SuiteSettings } from "../settings.js";
import { BankModel } from "./bank/model.js";
import { PayrollModel } from "./check-cashing/model.js";
import { bind, compare, type Difference } from "./expect.js";
import type { Exchange, RequestPart } from "./exchange.js";
import { defaultBounds, TimeModel, type Decision, type Partition, type RaceNote, type Stepper, type TimeBounds } from "./history.js";
import { nameCreators } from "./knock-on.js";
import { invariantsFor, type Invariant, type InvariantMemory } from "./invariants.js";
import type { Prediction, ServiceModel } from "./prediction.js";
import { raceLines } from "./race.js";
import { Timelines } from "./timeline.js";
import { TrailMap } from "./trail.js";

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
  /** Traffic the oracle did not generate (conformance/traffic/open-world.ts): learns objects from reads, says what it cannot tell. */
  world?: World;
  /** The keys are another account's, not told to the judge: a 401 is always an allowed answer (B-1). */
  keysMayBeUnknown?: boolean;
  /** The model of time's search bounds (history.ts). */
  bounds?: TimeBounds;
};

/** What traffic the oracle did not generate adds to judging (conformance/traffic/open-world.ts). */
export interface World {
  /** Before an exchange is judged: learn its object from a first read ("learned"), or say why the traffic cannot tell ("schema"). Changes go on the trail. */
  prepare(exchange: Exchange, oracle: Oracle): { judged: "full" | "learned" } | { judged: "schema"; why: string };
  /** After a list page is judged: hold the objects it showed first; whether it taught one. */
  learnFromPage(exchange: Exchange, oracle: Oracle): boolean;
}

export type Verdict = {
  ok: boolean;
  expectedStatus: number[];
  differences: Difference[];
  invariantFailures: Array<{ invariant: string; problem: string; rule?: Rule }>;
  fields: number;
  partial?: string;
  /** The rules broken, in the order of the differences, then the invariants'. */
  rules: Rule[];
  /** full: predicted and compared; learned: the first view of an object, taken as shown; schema: not predicted (`why` says why). */
  judged: "full" | "learned" | "schema";
  why?: string;
  /** An error inside the suite while judging this exchange: the suite's, not the server's (the verdict is `ok`, judged "schema"). */
  suiteError?: string;
  /** Where no order of overlapping exchanges explained every answer: them, on a time line. */
  race?: string[];
};

export type OracleStats = {
  responses: number; fieldsCompared: number; partial: number; failed: number;
  /** Judged against the schema only (not predicted: why on the verdict). */
  schemaOnly: number;
  /** Errors of the suite's own while judging. */
  suiteErrors: number;
  /** Exchanges judged in a cluster of overlapping ones (history.ts). */
  overlapping: number;
};

/**
 * A request on its way: give its answer to `end` for the verdict (or to `endWith`, whose callback
 * is called as soon as the verdict is in, in the same turn when nothing overlaps), or say it got none.
 */
export type Ticket = { end(exchange: Exchange): Promise<Verdict>; endWith(exchange: Exchange, take: (verdict: Verdict) => void): void; lost(): void };

export const defaultSkewMs = 300_000;

/** The time of the suite's clock in ms, with the fraction a millisecond clock would lose (equal times order nothing). */
export const clock = () => performance.timeOrigin + performance.now();

export class Oracle {
  readonly model: ServiceModel;
  readonly invariants: Invariant[];
  readonly stats: OracleStats = { responses: 0, fieldsCompared: 0, partial: 0, failed: 0, schemaOnly: 0, suiteErrors: 0, overlapping: 0 };
  readonly timelines = new Timelines();
  private readonly memory: InvariantMemory;
  /** Partitions whose state the oracle no longer knows, and why (history.ts forgets them). */
  private readonly forgotten = new TrailMap<string, string>();
  private readonly waiting = new Map<number, (verdict: Verdict) => void>();
  private time: TimeModel<Exchange, Verdict>;
  private nextId = 0;

  constructor(readonly options: OracleOptions) {
    const skewMs = options.skewMs ?? defaultSkewMs;
    const triggers = options.triggers ?? true;
    const settings = { ...defaultSettings, ...options.settings };
    this.model = options.service === "bank-payments"
      ? new BankModel({
        keys: options.keys ?? {}, triggers, skewMs, isFresh: options.isFresh ?? (() => false), settings, fixtures: options.fixtures,
        timelines: this.timelines, keysMayBeUnknown: options.keysMayBeUnknown ?? false,
      })
      : new PayrollModel({
        triggers, skewMs, micrLines: options.fixtures?.micr_lines,
        promised: { declinedNetAmounts: options.fixtures?.declined_net_amounts ?? [], refusedIdValues: options.fixtures?.refused_id_values ?? [] },
      });
    this.invariants = invariantsFor(options.service);
    this.memory = { keys: options.keys ?? {}, createdIds: new Set() };
    this.time = this.newTime();
  }

  private newTime(): TimeModel<Exchange, Verdict> {
    return new TimeModel<Exchange, Verdict>(this.stepper(), (decision) => this.decided(decision), this.options.bounds ?? defaultBounds, this.timelines);
  }

  /** A request is being sent now (its `sentAt`): its answer goes to the ticket. */
  begin(request: RequestPart): Ticket {
    const id = (this.nextId += 1);
    const time = this.time;
    this.advance(() => time.begin(id, request.sentAt, this.partitionOf(request), request));
    const endWith = (exchange: Exchange, take: (verdict: Verdict) => void) => {
      // The model of time was started afresh after an error of its own: this request was in the old one.
      if (time !== this.time) return take(this.suiteErrorVerdict(exchange, new Error("judging was restarted after an error of the suite's own")));
      this.waiting.set(id, take);
      this.advance(() => time.end(id, exchange.receivedAt, exchange));
    };
    return {
      end: (exchange) => new Promise<Verdict>((resolve) => endWith(exchange, resolve)),
      endWith,
      lost: () => {
        if (time === this.time) this.advance(() => time.lost(id, clock()));
      },
    };
  }

  /** Judges one exchange now (nothing else may be in flight): the verdict of the model as it stands. */
  observe(exchange: Exchange): Verdict {
    let verdict: Verdict | undefined;
    const id = (this.nextId += 1);
    this.waiting.set(id, (given) => { verdict = given; });
    const time = this.time;
    this.advance(() => {
      time.begin(id, exchange.sentAt, this.partitionOf(exchange), exchange);
      time.end(id, exchange.receivedAt, exchange);
    });
    this.waiting.delete(id);
    return verdict ?? this.suiteErrorVerdict(exchange, new Error("observe() was called while other exchanges on its object were in flight"));
  }

  /** No more requests will come (the end of a recording): those still in flight are lost, and everything is judged. */
  finish(at = clock()): void {
    this.advance(() => this.time.finish(at));
  }

  /** How many answered exchanges wait for overlapping ones before they can be judged. */
  get backlog(): number {
    return this.time.backlog;
  }

  /** The model of time's own counts (exchanges judged alone, in overlapping clusters, beyond the bound...). */
  get timeCounts() {
    return this.time.counts;
  }

  /** Whether an exchange of the partition that ended at or after `time` has been judged. */
  judgedSince(partition: string, time: number): boolean {
    return this.time.judgedSince(partition, time);
  }

  /** Whether the oracle no longer knows the state of a partition's object. */
  isForgotten(partition: string): boolean {
    return this.forgotten.has(partition);
  }

  /** Holds a partition's object again (a read taught it afresh). */
  remember(partition: string): void {
    this.forgotten.delete(partition);
  }

  partitionOf(request: RequestPart): Partition {
    try {
      return this.model.partitionOf(request);
    } catch {
      return { kind: "free" };
    }
  }

  private decided(decision: Decision<Verdict>): void {
    if (decision.how === "ordered") this.stats.overlapping += 1;
    if (!decision.verdict) return;
    const resolve = this.waiting.get(decision.id);
    this.waiting.delete(decision.id);
    resolve?.(decision.verdict);
  }

  /** Runs a step of the model of time; an error of its own ends every verdict waiting as the suite's error, and judging starts afresh. */
  private advance(step: () => void): void {
    try {
      step();
    } catch (error) {
      const waiting = [...this.waiting.values()];
      this.waiting.clear();
      this.time = this.newTime();
      for (const resolve of waiting) resolve(this.suiteErrorVerdict(undefined, error));
    }
  }

  private stepper(): Stepper<Exchange, Verdict> {
    return {
      isRead: (request, partition) => partition.kind === "object" && (request as RequestPart).method.toLowerCase() === "get"
        && !this.forgotten.has(partition.key) && this.model.holds(partition.key),
      attempt: (exchange, known) => this.attempt(exchange, known),
      judge: (exchange, race, known) => this.judge(exchange, race, known),
      judgeUnknown: (exchange, why) => this.schemaOnly(exchange, why),
      failed: (verdict) => !verdict.ok,
      forget: (partition, why, request) => {
        if (partition !== "free") this.forgotten.set(partition, why);
        this.model.forget(partition, request as RequestPart | undefined);
      },
      creates: (exchange) => this.model.creates(exchange),
      objectOf: (partition) => this.model.objectOf(partition),
      mayCreate: (request, partition) => this.model.mayCreate(request as RequestPart, partition),
    };
  }

  /** Why the oracle cannot predict this exchange's answer, if it cannot. */
  private unknowable(exchange: Exchange): string | undefined {
    const partition = this.partitionOf(exchange);
    return partition.kind === "object" ? this.forgotten.get(partition.key) : undefined;
  }

  /** Whether the model explains the answer now; when it does, the state moves (on the trail: the model of time may take it back). */
  private attempt(exchange: Exchange, known = false): boolean {
    try {
      const prepared = (!known && this.options.world?.prepare(exchange, this)) || { judged: "full" as const };
      if (prepared.judged === "schema" || this.unknowable(exchange)) return true;
      const best = this.best(exchange);
      if (!best.statusMatches || best.comparison.differences.length > 0) return false;
      bind(best.comparison.bindings);
      best.prediction.apply?.();
      return true;
    } catch {
      // The final judgement of this exchange will meet the same error and report it.
      return false;
    }
  }

  /** The prediction that fits the answer best, and how it compares. */
  private best(exchange: Exchange) {
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
    return { ...best, predictions };
  }

  /** The verdict on one exchange in the state as it stands; the model moves on to the state the accepted prediction describes. */
  private judge(exchange: Exchange, race?: RaceNote<Exchange>, known = false): Verdict {
    try {
      const prepared = (!known && this.options.world?.prepare(exchange, this)) || { judged: "full" as const };
      if (prepared.judged === "schema") return this.schemaOnly(exchange, prepared.why);
      const forgotten = this.unknowable(exchange);
      if (forgotten) return this.schemaOnly(exchange, forgotten);
      const verdict = this.predicted(exchange, prepared.judged);
      if (race && !verdict.ok) verdict.race = raceLines(race.members, race.orders, race.partition.replace(/^[a-z]+:/, ""), exchange);
      if (this.options.world?.learnFromPage(exchange, this)) verdict.judged = "learned";
      return verdict;
    } catch (error) {
      return this.suiteErrorVerdict(exchange, error);
    }
  }

  private predicted(exchange: Exchange, judged: "full" | "learned"): Verdict {
    const { predictions, ...best } = this.best(exchange);
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
      judged,
    };
    this.options.evidence?.note(exchange, verdict.ok);
    this.stats.responses += 1;
    this.stats.fieldsCompared += verdict.fields;
    if (verdict.partial) this.stats.partial += 1;
    if (!verdict.ok) this.stats.failed += 1;
    return verdict;
  }

  private schemaOnly(exchange: Exchange, why: string): Verdict {
    this.stats.schemaOnly += 1;
    return { ok: true, expectedStatus: [exchange.status], differences: [], invariantFailures: [], fields: 0, rules: [], judged: "schema", why };
  }

  private suiteErrorVerdict(exchange: Exchange | undefined, error: unknown): Verdict {
    this.stats.suiteErrors += 1;
    const where = (error as Error)?.stack?.split("\n").slice(1, 3).map((line) => line.trim()).join(" ") ?? "";
    const message = `${(error as Error)?.message ?? String(error)}${where ? ` (${where})` : ""}`;
    return {
      ok: true, expectedStatus: exchange ? [exchange.status] : [], differences: [], invariantFailures: [], fields: 0, rules: [],
      judged: "schema", why: "an error of the suite's own while judging it", suiteError: message,
    };
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
    ...(verdict.race ?? []),
  ];
}
