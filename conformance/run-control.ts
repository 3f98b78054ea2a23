// Why a run stops before its end, whatever the cause: a signal (SIGINT, SIGTERM, a proof's kill),
// the failures the user allows (`--max-failures N`, `-x`), or a server that stopped answering. Every
// layer asks `stopped()` before it starts more, and the generated sequences watch `signal`; what
// ran is judged and reported either way.
import type { ConnectionError, TransportScope } from "./http.js";

/** Requests in a row that got no answer (refused, reset, timed out) before the server counts as gone. */
export const unansweredInARow = 3;

export class RunControl {
  private readonly stop = new AbortController();
  private streak = 0;
  private streakStart?: { after?: string; checksBefore: number };
  private lastCheck?: string;
  private checks = 0;
  private failures = 0;
  /** Set once the server stopped answering. */
  serverGone?: { after?: string; checksBefore: number; error: string };

  constructor(external: AbortSignal | undefined, private readonly maxFailures: number | undefined) {
    if (external?.aborted) this.halt(String(external.reason ?? "a signal"));
    else external?.addEventListener("abort", () => this.halt(String(external.reason ?? "a signal")), { once: true });
  }

  /** Aborted (with the reason) once the run is to stop. */
  get signal(): AbortSignal {
    return this.stop.signal;
  }

  stopped(): string | undefined {
    return this.stop.signal.aborted ? String(this.stop.signal.reason) : undefined;
  }

  halt(reason: string): void {
    if (!this.stop.signal.aborted) this.stop.abort(reason);
  }

  /** A check ended (`label` names it); a failing one counts toward `--max-failures`. */
  checked(label: string, failed: boolean): void {
    this.checks += 1;
    if (this.streak === 0) this.lastCheck = label;
    if (!failed) return;
    this.failures += 1;
    if (this.maxFailures !== undefined && this.failures >= this.maxFailures) {
      this.halt(this.maxFailures === 1 ? "the first failure (-x)" : `${this.maxFailures} failures (--max-failures ${this.maxFailures})`);
    }
  }

  /** The transport's report on each request: a streak of unanswered ones means the server is gone. */
  readonly onOutcome: NonNullable<TransportScope["onOutcome"]> = (outcome) => {
    if (outcome.answered) {
      this.streak = 0;
      return;
    }
    if (this.streak === 0) this.streakStart = { after: this.lastCheck, checksBefore: this.checks };
    this.streak += 1;
    if (this.streak >= unansweredInARow && !this.serverGone) this.gone(outcome.error);
  };

  private gone(error: ConnectionError): void {
    this.serverGone = { ...this.streakStart!, error: `${error.code}: ${error.message}` };
    this.halt("the server stopped answering");
  }
}
