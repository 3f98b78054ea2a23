// SQLite busy handling without blocking. better-sqlite3 is synchronous: SQLite's own busy_timeout
// would wait with the event loop blocked, stalling every other request. So the serving connections
// never wait inside SQLite (busy_timeout 0, store.ts): a request that finds the write lock taken
// fails at once with SQLITE_BUSY and is run again after a timer, until it succeeds or the give-up
// time has passed; then the answer is 503 with Retry-After. Meanwhile reads (WAL) and other
// tenants are served as usual.

/** A request still busy this long after it first ran is answered 503 (README, "Bad input"). */
export const busyGiveUpMs = 1_500;

/** Pauses between attempts: doubling from 10 ms, at most 200 ms, with jitter so waiting writes spread out. */
export const busyPauseMs = { first: 10, max: 200 } as const;

/** The Retry-After of a 503 given when the database stayed busy. */
export const busyRetryAfterSeconds = 2;

/** Whether an error is SQLite's "database is locked" (another connection holds the write lock). */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY, or until `giveUpMs` after it first did
 * (the last attempt runs at that time at the latest). Safe only for work that writes nothing when
 * it fails that way: every state change of the sandbox is one transaction (or one statement),
 * rolled back whole on SQLITE_BUSY. Other errors pass through.
 */
export async function retryWhileBusy<T>(attempt: () => Promise<T>, giveUpMs = busyGiveUpMs): Promise<{ busy: false; value: T } | { busy: true }> {
  let firstBusy: number | undefined;
  for (let tries = 0; ; tries += 1) {
    try {
      return { busy: false, value: await attempt() };
    } catch (error) {
      if (!isBusyError(error)) throw error;
      firstBusy ??= performance.now();
      const left = giveUpMs - (performance.now() - firstBusy);
      if (left <= 0) return { busy: true };
      const nominal = Math.min(busyPauseMs.max, busyPauseMs.first * 2 ** tries);
      await pause(Math.min(left, nominal / 2 + Math.random() * nominal));
    }
  }
}
