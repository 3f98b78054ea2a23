// The model of time: judges a history, not a sequence (docs/conformance.md, "The model of time").
//
// Each exchange is an interval, from its request's first byte sent to its answer's last byte
// received. One that ended before another began took effect before it; two that overlap may have
// taken effect in either order (equal times order nothing). An answer is accepted when some order
// that real time allows explains every answer seen (linearizability, as Porcupine and Knossos check
// histories), searched per object so that each search stays small:
//
// - Exchanges on one object (its partition: an intent, a credit, a bank account's first owner, a
//   check's trxID) that overlap form a cluster; a cluster is decided once every exchange of the
//   partition that began before it ended has been answered. One exchange alone is judged as it
//   comes; overlapping ones are searched, depth first, in every order real time allows (reads in a
//   canonical order among themselves, states already met not met again), bounded in size and steps.
// - A read that no change overlapped, and a list page, are judged against the states the objects
//   may have had during their interval (timeline.ts): what surely completed before it was sent must
//   show, what surely began after it was answered must not, what overlapped may or may not.
// - Beyond the bound, an order of answer (or of request) that explains every answer is accepted and
//   the object's state is forgotten; if none does, the cluster is judged against the schema only.
//   Never a false alarm, never silence: each case is counted.
//
// The state is the service model's own, changed in place; trail.ts takes back the changes of the
// orders tried. A model's predictions are its step function (Porcupine's `Step`), unchanged.
import { changesSince, mark, release, undo, type Change, TrailMap } from "./trail.js";
import { absent, Timelines, unknown, type Interval, type ObjectState } from "./timeline.js";

/** What an exchange depends on: one object's partition, every object (a list), or nothing. */
export type Partition = { kind: "object"; key: string } | { kind: "list" } | { kind: "free" };

/** The overlapping exchanges no order explains, for a failure's report (Knossos' "no order works"). */
export type RaceNote<E> = { members: E[]; orders: number; partition: string };

/** What the model of time asks of a judge (a service model with its oracle). */
export interface Stepper<E, V> {
  /** Whether a request only reads its object as the model holds it (then it commutes with other reads). */
  isRead(request: unknown, partition: Partition): boolean;
  /**
   * Whether the model explains the answer in the state as it is now; when it does, the state has
   * moved (on the trail). `known`: the object's state is the one its timeline records, to be
   * predicted as such (traffic the suite did not send may not learn it afresh from this answer).
   */
  attempt(exchange: E, known?: boolean): boolean;
  /** The verdict on the answer in the state as it is now, moving the state when explained. `race`: the overlapping exchanges no order explained. */
  judge(exchange: E, race?: RaceNote<E>, known?: boolean): V;
  /** The verdict when the model cannot tell what the answer should have been: the schema only, and why. */
  judgeUnknown(exchange: E, why: string): V;
  /** Whether the verdict found the answer wrong. */
  failed(verdict: V): boolean;
  /** The object's state is no longer known (overlapping exchanges left it open, or a request went unanswered). */
  forget(partition: string, why: string, request?: unknown): void;
  /** Whether the exchange created the object it touched (before it the object was absent; before others, unknown). */
  creates(exchange: E): boolean;
  /** The map and key holding a partition's object, for reads judged against its timeline. */
  objectOf(partition: string): { map: TrailMap<string, unknown>; key: string } | undefined;
  /** Whether a request may create the object of a partition (an intent's creation, a credit's). */
  mayCreate(request: unknown, partition: string): boolean;
}

export type TimeBounds = {
  /** Exchanges of one cluster searched in every order (more: an order of answer or of request, then the schema). */
  clusterSize: number;
  /** Steps of one search. */
  steps: number;
};

export const defaultBounds: TimeBounds = { clusterSize: 10, steps: 20_000 };

type Op<E> = {
  id: number;
  start: number;
  end?: number;
  partition: Partition;
  request: unknown;
  exchange?: E;
  lost?: boolean;
};

/** How an exchange was decided, beside its verdict. */
export type Decision<V> = { id: number; verdict?: V; lost?: boolean; how: "alone" | "ordered" | "timeline" | "beyond" | "forgotten" };

class BoundReached extends Error {}
class Ambiguous extends Error {}

const overlap = (a: { start: number; end?: number }, b: { start: number; end?: number }) =>
  a.start <= (b.end ?? Infinity) && b.start <= (a.end ?? Infinity);

export class TimeModel<E, V> {
  readonly timelines: Timelines;
  /** What the searches came to, for the summary. */
  readonly counts = { alone: 0, ordered: 0, timeline: 0, beyond: 0, ambiguous: 0, searchSteps: 0 };
  private readonly undecided = new Map<number, Op<E>>();
  private readonly partitions = new Map<string, Array<Op<E>>>();
  private readonly lists: Array<Op<E>> = [];
  /** The latest end of a judged exchange of each partition (lists ask before learning an object). */
  private readonly lastEnds = new Map<string, number>();
  private decisionsSincePrune = 0;
  /** The latest time any request began or ended: nothing still to come began before it. */
  private latest = -Infinity;

  constructor(
    private readonly stepper: Stepper<E, V>,
    private readonly onDecision: (decision: Decision<V>) => void,
    private readonly bounds: TimeBounds = defaultBounds,
    timelines?: Timelines,
  ) {
    this.timelines = timelines ?? new Timelines();
  }

  /** A request was sent (or, for a recording, began) at `start`. */
  begin(id: number, start: number, partition: Partition, request: unknown): void {
    const op: Op<E> = { id, start, partition, request };
    this.latest = Math.max(this.latest, start);
    this.undecided.set(id, op);
    if (partition.kind === "object") {
      const ops = this.partitions.get(partition.key);
      if (ops) ops.push(op);
      else this.partitions.set(partition.key, [op]);
    } else if (partition.kind === "list") {
      this.lists.push(op);
    }
  }

  /** Its answer came back whole at `end`; whatever can now be decided is. */
  end(id: number, end: number, exchange: E): void {
    const op = this.undecided.get(id);
    if (!op) throw new Error(`the model of time has no request ${id} in flight`);
    op.end = Math.max(end, op.start);
    op.exchange = exchange;
    this.latest = Math.max(this.latest, op.end);
    this.settle();
  }

  /** No answer will come: the request may or may not have taken effect. */
  lost(id: number, at: number): void {
    const op = this.undecided.get(id);
    if (!op) return;
    op.end = Math.max(at, op.start);
    op.lost = true;
    this.settle();
  }

  /** Whether an exchange of the partition that ended at or after `time` has been judged (what a page shows of its object may be stale). */
  judgedSince(partition: string, time: number): boolean {
    return (this.lastEnds.get(partition) ?? -Infinity) >= time;
  }

  private noteJudged(op: Op<E>): void {
    if (op.partition.kind === "object") this.lastEnds.set(op.partition.key, Math.max(this.lastEnds.get(op.partition.key) ?? -Infinity, op.end!));
  }

  /** How many exchanges wait for others to be answered before they can be judged. */
  get backlog(): number {
    return [...this.undecided.values()].filter((op) => op.end !== undefined).length;
  }

  /** The traffic is over: whatever is still in flight is lost, and everything is decided. */
  finish(at: number): void {
    for (const op of this.undecided.values()) {
      if (op.end === undefined) {
        op.end = Math.max(at, op.start);
        op.lost = true;
      }
    }
    this.settle();
  }

  /** Decides every cluster and list whose history is complete, until nothing more can be. */
  private settle(): void {
    for (let progress = true; progress;) {
      progress = false;
      for (const [key, ops] of this.partitions) {
        while (ops.length > 0 && this.decideNextCluster(key, ops)) progress = true;
        if (ops.length === 0) this.partitions.delete(key);
      }
      for (const op of [...this.undecided.values()]) {
        if (op.partition.kind === "free" && op.end !== undefined) {
          this.decideAlone(op);
          progress = true;
        }
      }
      if (this.decideLists()) progress = true;
    }
    this.decisionsSincePrune += 1;
    if (this.decisionsSincePrune >= 256) {
      this.decisionsSincePrune = 0;
      this.timelines.prune(this.horizon());
    }
  }

  /** The earliest start of anything still to be judged, or to come: no state that stopped being current before it can be seen again. */
  private horizon(): number {
    let horizon = this.latest;
    for (const op of this.undecided.values()) horizon = Math.min(horizon, op.start);
    return horizon;
  }

  private isRead(op: Op<E>): boolean {
    return !op.lost && this.stepper.isRead(op.request, op.partition);
  }

  /**
   * The cluster of the answered exchange that ended first, decided if no request in flight can
   * still join it. Linked: overlapping exchanges of which at least one may change the object.
   */
  private decideNextCluster(key: string, ops: Array<Op<E>>): boolean {
    let first: Op<E> | undefined;
    for (const op of ops) if (op.end !== undefined && (!first || op.end < first.end!)) first = op;
    if (!first) return false;
    const cluster = new Set([first]);
    const reads = new Map(ops.map((op) => [op, this.isRead(op)]));
    for (let grew = true; grew;) {
      grew = false;
      for (const op of ops) {
        if (cluster.has(op)) continue;
        for (const member of cluster) {
          if (overlap(op, member) && !(reads.get(op) && reads.get(member))) {
            cluster.add(op);
            grew = true;
            break;
          }
        }
      }
    }
    if ([...cluster].some((op) => op.end === undefined)) return false;
    if (this.awaitsCreation(key, cluster)) return false;
    for (const op of cluster) {
      this.undecided.delete(op.id);
      ops.splice(ops.indexOf(op), 1);
    }
    const members = [...cluster].sort((a, b) => a.start - b.start || a.id - b.id);
    this.decideCluster(key, members, reads);
    return true;
  }

  /**
   * Whether an object the model does not hold yet may be made by a creation still to be judged that
   * may have taken effect first (its id is in the answer, so exchanges on the object follow it, or
   * overlap it at equal times): the cluster waits for it, as it waits for its own partition.
   */
  private awaitsCreation(key: string, cluster: Set<Op<E>>): boolean {
    const object = this.stepper.objectOf(key);
    if (!object || object.map.has(object.key)) return false;
    const end = Math.max(...[...cluster].map((op) => op.end!));
    for (const op of this.undecided.values()) {
      if (!cluster.has(op) && op.start <= end && this.stepper.mayCreate(op.request, key)) return true;
    }
    return false;
  }

  private decideCluster(key: string, members: Array<Op<E>>, reads: Map<Op<E>, boolean | undefined>): void {
    members.forEach((op) => this.noteJudged(op));
    const lost = members.filter((op) => op.lost);
    if (lost.length > 0) {
      // A request without an answer may have taken effect at any time since it was sent.
      const changes = lost.filter((op) => !this.stepper.isRead(op.request, op.partition));
      if (changes.length > 0) this.stepper.forget(key, "a request on this object got no answer, so whether it took effect is unknown", changes[0].request);
      for (const op of lost) this.onDecision({ id: op.id, lost: true, how: "forgotten" });
      const answered = members.filter((op) => !op.lost);
      if (answered.length > 0) this.decideCluster(key, answered, reads);
      return;
    }
    if (members.length === 1) {
      const [op] = members;
      if (reads.get(op)) this.decideRead(key, op);
      else this.decideAlone(op);
      return;
    }
    this.search(key, members, reads);
  }

  /** One exchange, judged as it comes; its changes recorded on its object's timeline. */
  private decideAlone(op: Op<E>): void {
    this.undecided.delete(op.id);
    if (op.lost) {
      if (op.partition.kind !== "list") this.stepper.forget(op.partition.kind === "object" ? op.partition.key : "free", "a request got no answer, so whether it took effect is unknown", op.request);
      this.onDecision({ id: op.id, lost: true, how: "forgotten" });
      return;
    }
    const at = mark();
    try {
      const verdict = this.stepper.judge(op.exchange!);
      this.record([stepOf(changesSince(at), [op])]);
      this.counts.alone += 1;
      this.onDecision({ id: op.id, verdict, how: "alone" });
    } finally {
      release();
    }
  }

  /**
   * A read that no change overlapped: judged against each state its object may have had during the
   * read (one, unless the order of earlier overlapping changes was left open), the first that explains it.
   */
  private decideRead(key: string, op: Op<E>): void {
    const object = this.stepper.objectOf(key);
    const states = object ? this.timelines.visible<unknown>(object.map, object.key, { start: op.start, end: op.end! }) : [];
    const live = object?.map.get(object.key);
    if (!object || states.length <= 1 && (states.length === 0 || states[0] === live)) {
      this.decideAlone(op);
      return;
    }
    this.counts.timeline += 1;
    const exchange = op.exchange!;
    mark();
    try {
      const explaining = states.find((state) => {
        if (state === unknown) return false;
        const tried = mark();
        this.show(object, state);
        const explained = this.stepper.attempt(exchange, true);
        undo(tried);
        return explained;
      });
      let verdict: V;
      if (explaining === undefined && states.includes(unknown)) {
        verdict = this.stepper.judgeUnknown(exchange, "the object's state at the time of this read is not known (overlapping exchanges beyond the search bound, or one without an answer)");
      } else {
        this.show(object, explaining ?? live);
        verdict = this.stepper.judge(exchange, undefined, true);
        this.show(object, live);
      }
      this.onDecision({ id: op.id, verdict, how: "timeline" });
    } finally {
      release();
    }
  }

  /** Puts a state of the object in the model's map (on the trail). */
  private show(object: { map: TrailMap<string, unknown>; key: string }, state: ObjectState<unknown> | undefined): void {
    if (state === absent || state === undefined) object.map.delete(object.key);
    else if (state !== unknown) object.map.set(object.key, state);
  }

  /** Every order real time allows of a cluster of overlapping exchanges, depth first. */
  private search(key: string, members: Array<Op<E>>, reads: Map<Op<E>, boolean | undefined>): void {
    if (members.length > this.bounds.clusterSize) {
      this.beyond(key, members, `${members.length} overlapping exchanges on one object, more than the search bound of ${this.bounds.clusterSize}`);
      return;
    }
    const base = mark();
    const n = members.length;
    const explored: Array<Step<E>> = [];
    const finals = new Map<string, number[]>();
    const seen = new Set<string>();
    let longest: number[] = [];
    let steps = 0;
    const order: number[] = [];
    const dfs = (applied: number, lastRead: number, parentEligible: number) => {
      if (order.length === n) {
        const fingerprint = fingerprintOf(changesSince(base));
        if (!finals.has(fingerprint)) finals.set(fingerprint, [...order]);
        if (finals.size > 1) throw new Ambiguous();
        return;
      }
      let eligible = 0;
      for (let i = 0; i < n; i += 1) {
        if (applied & (1 << i)) continue;
        const x = members[i];
        let free = true;
        for (let j = 0; j < n && free; j += 1) if (!(applied & (1 << j)) && j !== i && members[j].end! < x.start) free = false;
        if (free) eligible |= 1 << i;
      }
      for (let i = 0; i < n; i += 1) {
        if (!(eligible & (1 << i))) continue;
        // Two reads in a row commute: only the order of their index is tried, unless real time forced the other.
        if (reads.get(members[i]) && lastRead > i && parentEligible & (1 << i)) continue;
        if ((steps += 1) > this.bounds.steps) throw new BoundReached();
        const before = mark();
        if (this.stepper.attempt(members[i].exchange!)) {
          const now = applied | (1 << i);
          const changes = changesSince(before);
          const key = `${now}:${fingerprintOf(changesSince(base))}`;
          if (!seen.has(key)) {
            seen.add(key);
            order.push(i);
            explored.push(stepOf(changes, order.map((k) => members[k])));
            if (order.length > longest.length) longest = [...order];
            dfs(now, reads.get(members[i]) ? i : -1, eligible);
            order.pop();
          }
        }
        undo(before);
      }
    };
    let outcome: "explained" | "none" | "ambiguous" | "bound" = "none";
    try {
      dfs(0, -1, 0);
      outcome = finals.size > 0 ? "explained" : "none";
    } catch (error) {
      if (error instanceof Ambiguous) outcome = "ambiguous";
      else if (error instanceof BoundReached) outcome = "bound";
      else {
        undo(base);
        release();
        throw error;
      }
    }
    this.counts.searchSteps += steps;
    undo(base);
    release();
    if (outcome === "bound") {
      this.beyond(key, members, `the search of ${members.length} overlapping exchanges on one object stopped at its bound of ${this.bounds.steps} steps`);
      return;
    }
    const chosen = outcome === "none" ? longest : [...finals.values()][0];
    const race: RaceNote<E> | undefined = outcome === "none" ? { members: members.map((op) => op.exchange!), orders: steps, partition: key } : undefined;
    this.counts.ordered += members.length;
    if (outcome === "ambiguous") this.counts.ambiguous += 1;
    this.replay(members, chosen, race, explored);
    if (outcome === "ambiguous") this.stepper.forget(key, "overlapping exchanges on this object were explained by orders that leave it in different states");
  }

  /**
   * Judges a cluster for real: the chosen order first (each answer explained), then, where no
   * order explained every answer, the rest in the order they were answered, each noted as a race.
   */
  private replay(members: Array<Op<E>>, chosen: number[], race: RaceNote<E> | undefined, explored: Array<Step<E>>): void {
    const rest = members.filter((_, i) => !chosen.includes(i)).sort((a, b) => a.end! - b.end! || a.id - b.id);
    const sequence = [...chosen.map((i) => members[i]), ...rest];
    const steps: Array<Step<E>> = [];
    const decisions: Array<Decision<V>> = [];
    mark();
    try {
      sequence.forEach((op, position) => {
        const before = mark();
        // Past the longest order that explained every answer, each answer is judged where no order could explain it.
        const verdict = this.stepper.judge(op.exchange!, position >= chosen.length ? race : undefined);
        decisions.push({ id: op.id, verdict, how: "ordered" });
        steps.push(stepOf(changesSince(before), sequence.slice(0, position + 1)));
      });
      this.record([...steps, ...explored]);
    } finally {
      release();
    }
    for (const decision of decisions) this.onDecision(decision);
  }

  /** Beyond the bound: an order of answer, or of request, that explains every answer; else the schema only. The object is forgotten. */
  private beyond(key: string, members: Array<Op<E>>, why: string): void {
    this.counts.beyond += members.length;
    const orders = [
      [...members].sort((a, b) => a.end! - b.end! || a.id - b.id),
      [...members].sort((a, b) => a.start - b.start || a.id - b.id),
    ];
    const base = mark();
    let accepted: Array<Op<E>> | undefined;
    try {
      for (const candidate of orders) {
        const explained = candidate.every((op) => this.stepper.attempt(op.exchange!));
        undo(base);
        if (explained) {
          accepted = candidate;
          break;
        }
      }
      const decisions: Array<Decision<V>> = [];
      for (const op of accepted ?? members) {
        decisions.push({ id: op.id, verdict: accepted ? this.stepper.judge(op.exchange!) : this.stepper.judgeUnknown(op.exchange!, why), how: "beyond" });
      }
      const object = this.stepper.objectOf(key);
      if (object) {
        const start = Math.min(...members.map((op) => op.start));
        this.timelines.changed(object.map, object.key, Math.min(...members.map((op) => op.end!)), members.some((op) => this.stepper.creates(op.exchange!)) ? absent : unknown);
        this.timelines.add(object.map, object.key, { state: unknown, since: start, until: Infinity });
      }
      this.stepper.forget(key, `${why}: its state after them is not known`);
      for (const decision of decisions) this.onDecision(decision);
    } finally {
      release();
    }
  }

  /** Lists, in the order they were sent, once every exchange that began before they ended is judged. */
  private decideLists(): boolean {
    let progress = false;
    this.lists.sort((a, b) => a.start - b.start || a.id - b.id);
    for (let i = 0; i < this.lists.length;) {
      const list = this.lists[i];
      if (list.end === undefined) {
        i += 1;
        continue;
      }
      const waiting = [...this.undecided.values()].some((op) => op !== list && op.start <= list.end! && (op.partition.kind !== "list" || op.end! < list.start));
      if (waiting) {
        i += 1;
        continue;
      }
      this.lists.splice(i, 1);
      this.decideAlone(list);
      progress = true;
    }
    return progress;
  }

  /**
   * Records on each touched object's timeline the states the cluster left it in, from the judged
   * order and from the orders the search tried: a state reached by applying a set of exchanges is
   * visible from the latest start among those that changed the object to the earliest end among the
   * others that did (timeline.ts).
   */
  private record(steps: Array<Step<E>>): void {
    const objects = new Map<string, Array<{ seen: Seen; applied: Array<Op<E>>; by: Op<E> }>>();
    for (const { states, applied } of steps) {
      for (const seen of states) {
        const id = `${mapId(seen.map)}:${seen.key}`;
        const item = { seen, applied, by: applied[applied.length - 1] };
        const list = objects.get(id);
        if (list) list.push(item);
        else objects.set(id, [item]);
      }
    }
    for (const items of objects.values()) {
      const { map, key } = items[0].seen;
      const touchers = new Set(items.map((item) => item.by));
      const firstEnd = Math.min(...[...touchers].map((op) => op.end!));
      const created = [...touchers].some((op) => this.stepper.creates(op.exchange!));
      this.timelines.changed(map, key, firstEnd, created ? absent : unknown);
      for (const { seen, applied } of items) {
        const inside = applied.filter((op) => touchers.has(op));
        const outside = [...touchers].filter((op) => !applied.includes(op));
        this.timelines.add(map, key, {
          state: seen.state === undefined ? absent : seen.state,
          since: Math.max(-Infinity, ...inside.map((op) => op.start)),
          until: Math.min(Infinity, ...outside.map((op) => op.end!)),
        });
      }
    }
  }
}

/** A state an object was left in by a step, taken when the step was made. */
type Seen = { map: TrailMap<string, unknown>; key: string; state: unknown };
/** A step of an order: the exchanges applied so far (the last is the step's) and the objects' states it left. */
type Step<E> = { applied: Array<Op<E>>; states: Seen[] };

type TimelineChange = { kind: "map"; map: TrailMap<string, unknown>; key: string };

const isTimelineChange = (change: Change): change is TimelineChange => change.kind === "map" && change.map instanceof TrailMap && change.map.timeline !== undefined;

/** The objects a step changed, with the states it left them in (read now, before anything else changes them). */
function stepOf<E>(changes: Change[], applied: Array<Op<E>>): Step<E> {
  const states = changes.filter(isTimelineChange).map((change) => ({ map: change.map, key: change.key, state: change.map.get(change.key) }));
  return { applied, states };
}

const mapIds = new WeakMap<object, number>();
let nextMapId = 0;
function mapId(target: object): number {
  let id = mapIds.get(target);
  if (id === undefined) {
    id = nextMapId += 1;
    mapIds.set(target, id);
  }
  return id;
}

/** A state's fingerprint: the current values of everything changed since a mark, slots by value, creation numbers left out. */
export function fingerprintOf(changes: Change[]): string {
  const parts = new Map<string, string>();
  for (const change of changes) {
    switch (change.kind) {
      case "map": parts.set(`m${mapId(change.map)}:${String(change.key)}`, stable(change.map.get(change.key))); break;
      case "set": parts.set(`s${mapId(change.set)}:${stable(change.value)}`, String(change.set.has(change.value))); break;
      // A slot's value shows in the record that holds it (serialized by value above); a slot of the
      // model's own (a chain number, a MICR line's reading) takes the same value in every order that
      // explains the answers. Keyed by the slot object, equal states made in two orders would differ.
      case "slot": break;
      case "field": parts.set(`f${mapId(change.target)}:${change.field}`, stable((change.target as Record<string, unknown>)[change.field])); break;
    }
  }
  return [...parts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k}=${v}`).join("|");
}

/** JSON of a model value: a slot as its value (or `?`), the creation number `seq` left out (it counts decisions, not states). */
function stable(value: unknown): string {
  return JSON.stringify(value, (key, inner) => {
    if (key === "seq") return undefined;
    if (inner && typeof inner === "object" && "bound" in inner && "form" in inner && "label" in inner) {
      return (inner as { bound: boolean; value: unknown }).bound ? { held: (inner as { value: unknown }).value } : "?";
    }
    return inner;
  }) ?? "undefined";
}
