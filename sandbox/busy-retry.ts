// SQLite busy handling. better-sqlite3 is synchronous, so SQLite's own busy_timeout waits with the
// event loop blocked; the store keeps that wait short (store.ts) and a busy request is run again
// after an asynchronous pause, several times, before the sandbox gives up with 503.

/** Pauses between attempts: about 1.3 s in all (plus the store's short busy_timeout per attempt). */
export const busyRetryDelaysMs: readonly number[] = [20, 40, 80, 160, 320, 640];

/** The Retry-After of a 503 given when the database stayed busy. */
export const busyRetryAfterSeconds = 2;

/** Whether an error is SQLite's "database is locked" (another connection holds the write lock). */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY. Safe only for work that writes nothing
 * when it fails that way: every state change of the sandbox is one transaction (or one statement),
 * rolled back whole on SQLITE_BUSY. Other errors pass through.
 */
export async function retryWhileBusy<T>(attempt: () => Promise<T>, delaysMs: readonly number[] = busyRetryDelaysMs): Promise<{ busy: false; value: T } | { busy: true }> {
  for (let tries = 0; ; tries += 1) {
    try {
      return { busy: false, value: await attempt() };
    } catch (error) {
      if (!isBusyError(error)) throw error;
      if (tries >= delaysMs.length) return { busy: true };
      await pause(delaysMs[tries]);
    }
  }
}
