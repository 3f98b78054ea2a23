// Which of two objects the run created a newest-first list (B-7) must show first. The run knows an
// order only where the server's can be known: one creation's response had come back before the
// other's request was sent (strictly: equal times order nothing, history.ts). Two creations in
// flight together may have been made in either order, and so may two to which the server gave the
// same creation time (its clock's resolution is its own).
import type { Slot } from "../expect.js";

/** When the client sent a creation and when its whole response arrived (client clock), and who sent it. */
export type Creation = { sentAt: number; receivedAt: number; check?: string };

type Created = { seq: number; created?: Creation; createdAt?: Slot };

const sameCreationTime = (a: Created, b: Created) =>
  a.createdAt?.bound === true && b.createdAt?.bound === true && a.createdAt.value === b.createdAt.value;

/** Whether `a` was certainly created after `b`: `b` was answered before `a` was sent, and their creation times differ. */
export function newerThan(a: Created, b: Created): boolean {
  if (a === b) return false;
  if (a.created === undefined || b.created === undefined) return a.seq > b.seq;
  return a.created.sentAt > b.created.receivedAt && !sameCreationTime(a, b);
}

/**
 * The items in an order B-7 allows (newest first wherever the run knows which is newer); where it
 * cannot know, `pick` chooses among the items that may come next, given their position.
 */
export function newestFirst<T>(items: T[], record: (item: T) => Created, pick: (candidates: T[], position: number) => T): T[] {
  const remaining = [...items];
  const order: T[] = [];
  while (remaining.length > 0) {
    const candidates = remaining.filter((item) => !remaining.some((other) => other !== item && newerThan(record(other), record(item))));
    // newerThan is a strict order, so some item always has none newer; were it not, any may come next rather than none.
    const chosen = pick(candidates.length > 0 ? candidates : remaining, order.length);
    order.push(chosen);
    remaining.splice(remaining.indexOf(chosen), 1);
  }
  return order;
}

/** A pick that keeps the order the server gave (`given`) where B-7 allows it, else takes the one the run created last. */
export function keepingOrder<T>(given: T[], record: (item: T) => Created): (candidates: T[]) => T {
  const rank = (item: T) => (given.includes(item) ? given.indexOf(item) : Infinity);
  return (candidates) => candidates.reduce((a, b) => (rank(b) < rank(a) || (rank(b) === rank(a) && record(b).seq > record(a).seq) ? b : a));
}
