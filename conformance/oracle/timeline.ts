// What each object may have looked like, and when: the states the model of time (history.ts) found
// an object in, each with the window of time in which another exchange may have seen it. A list
// page, or a read that no change overlapped, is judged against the states visible during its own
// interval (docs/conformance.md, "The model of time").
//
// A state reached by applying a set A of exchanges can be seen by an exchange L when every exchange
// in A may have taken effect before L (it began before L ended: `since` is the latest such start)
// and every exchange that changed the object and is not in A may have taken effect after L (it
// ended after L began: `until` is the earliest such end). Equal times order nothing.

/** The object did not exist yet (before its creation). */
export const absent = Symbol("absent");
/** The model cannot tell what the object looked like then (before traffic first showed it, or after a history beyond the search bound). */
export const unknown = Symbol("unknown");

export type ObjectState<R> = R | typeof absent | typeof unknown;

export type TimelineEntry<R> = { state: ObjectState<R>; since: number; until: number };

export type Interval = { start: number; end: number };

export class Timelines {
  private readonly lines = new Map<object, Map<string, Array<TimelineEntry<unknown>>>>();

  private objects(map: object): Map<string, Array<TimelineEntry<unknown>>> {
    let objects = this.lines.get(map);
    if (!objects) {
      objects = new Map();
      this.lines.set(map, objects);
    }
    return objects;
  }

  /** Whether the model has ever recorded a state of this object. */
  knows(map: object, key: string): boolean {
    return this.lines.get(map)?.has(key) ?? false;
  }

  /**
   * Exchanges that changed the object ended as early as `end`: the states recorded so far can be
   * seen only by exchanges that began by then (or, for the first time the object is recorded,
   * `before` is what it was until then: absent before a creation, unknown before traffic showed it).
   */
  changed(map: object, key: string, end: number, before: typeof absent | typeof unknown): void {
    const objects = this.objects(map);
    const entries = objects.get(key);
    if (!entries) {
      objects.set(key, [{ state: before, since: -Infinity, until: end }]);
      return;
    }
    for (const entry of entries) entry.until = Math.min(entry.until, end);
  }

  add<R>(map: object, key: string, entry: TimelineEntry<R>): void {
    const objects = this.objects(map);
    const entries = objects.get(key);
    if (entries) entries.push(entry as TimelineEntry<unknown>);
    else objects.set(key, [entry as TimelineEntry<unknown>]);
  }

  /** The states of one object an exchange during `interval` may have seen (none when the model never recorded it). */
  visible<R>(map: object, key: string, interval: Interval): Array<ObjectState<R>> {
    const entries = this.lines.get(map)?.get(key) ?? [];
    const states: Array<ObjectState<R>> = [];
    for (const entry of entries) {
      if (entry.since <= interval.end && entry.until >= interval.start && !states.includes(entry.state as ObjectState<R>)) states.push(entry.state as ObjectState<R>);
    }
    return states;
  }

  /** Every object of one map with the states an exchange during `interval` may have seen. */
  visibleAll<R>(map: object, interval: Interval): Map<string, Array<ObjectState<R>>> {
    const out = new Map<string, Array<ObjectState<R>>>();
    for (const key of this.lines.get(map)?.keys() ?? []) {
      const states = this.visible<R>(map, key, interval);
      if (states.length > 0) out.set(key, states);
    }
    return out;
  }

  /** Forgets states no exchange still to be judged can see: those that ended being current before `horizon`. */
  prune(horizon: number): void {
    for (const objects of this.lines.values()) {
      for (const [key, entries] of objects) {
        const kept = entries.filter((entry) => entry.until >= horizon);
        if (kept.length !== entries.length) objects.set(key, kept.length > 0 ? kept : entries.slice(-1));
      }
    }
  }
}
