// An undo log for the oracle's state, so that the model of time (history.ts) can try one order of
// overlapping exchanges, take it back, and try another. Only what the models change goes through
// it: their maps and sets (TrailMap, TrailSet), the slots a response binds (expect.ts, bind), and
// a few flags (setTrailed). Outside a search no log is kept and these behave as plain Map and Set.

/** One change as it was made: where, and how to take it back. */
export type Change =
  | { kind: "map"; map: Map<unknown, unknown>; key: unknown }
  | { kind: "set"; set: Set<unknown>; value: unknown }
  | { kind: "slot"; slot: object }
  | { kind: "field"; target: object; field: string };

type Entry = { change: Change; undo: () => void };

let log: Entry[] | undefined;

/** Whether changes are being logged now (inside a trial or a judged step of the model of time). */
export const logging = () => log !== undefined;

/** Starts logging (nested calls share one log); returns the mark to undo to, or to read changes from. */
export function mark(): number {
  log ??= [];
  return log.length;
}

/** Takes back every change made since `at`. */
export function undo(at: number): void {
  if (!log) return;
  while (log.length > at) log.pop()!.undo();
}

/** The changes made since `at`, oldest first. */
export function changesSince(at: number): Change[] {
  return log ? log.slice(at).map((entry) => entry.change) : [];
}

/** Stops logging: what was changed stays changed. */
export function release(): void {
  log = undefined;
}

/** Records how to take back a change about to be made (nothing when not logging). */
export function record(change: Change, undoChange: () => void): void {
  log?.push({ change, undo: undoChange });
}

const mapSet = Map.prototype.set;
const mapDelete = Map.prototype.delete;
const setAdd = Set.prototype.add;
const setDelete = Set.prototype.delete;

/** A Map whose changes can be taken back. `timeline` names what its values are, for the model of time's object timelines. */
export class TrailMap<K, V> extends Map<K, V> {
  constructor(readonly timeline?: "intent" | "credit") {
    super();
  }

  override set(key: K, value: V): this {
    if (log) {
      const had = this.has(key);
      const before = this.get(key);
      record({ kind: "map", map: this as Map<unknown, unknown>, key }, () => (had ? mapSet.call(this, key, before) : mapDelete.call(this, key)));
    }
    return mapSet.call(this, key, value) as this;
  }

  override delete(key: K): boolean {
    if (log && this.has(key)) {
      const before = this.get(key);
      record({ kind: "map", map: this as Map<unknown, unknown>, key }, () => mapSet.call(this, key, before));
    }
    return mapDelete.call(this, key);
  }
}

/** A Set whose additions and removals can be taken back. */
export class TrailSet<T> extends Set<T> {
  override add(value: T): this {
    if (log && !this.has(value)) record({ kind: "set", set: this as Set<unknown>, value }, () => setDelete.call(this, value));
    return setAdd.call(this, value) as this;
  }

  override delete(value: T): boolean {
    if (log && this.has(value)) record({ kind: "set", set: this as Set<unknown>, value }, () => setAdd.call(this, value));
    return setDelete.call(this, value);
  }
}

/** Sets a field of a model's object so that the change can be taken back. */
export function setTrailed<T extends object, F extends keyof T & string>(target: T, field: F, value: T[F]): void {
  const before = target[field];
  record({ kind: "field", target, field }, () => { target[field] = before; });
  target[field] = value;
}
