// A focused run (`--operation`, `--rule`): what a developer of a half-built server asks for. With
// operations named, the suite calls only those: a check that needs another one (to build the state
// it tests, say) is left out when it asks for it, and the layers that drive every operation of the
// service (coverage, generated sequences) run only when all are named. With rules named, a scenario
// of another rule is not run at all; the other layers (Dredd's transactions, the coverage, the
// sequences: each touches many rules) run, and only their checks of the rules are kept: a check's
// own rule, or one its wrong responses broke, the rule its failure is grouped by. Whatever is left
// out is counted, by why, for the summary.
import type { ApiClient } from "./client.js";
import type { CheckResult, Rule } from "./types.js";

/** Thrown by a focused client asked for an operation that was not named: the check is left out, not failed. */
export class LeftOut extends Error {
  constructor(readonly operationId: string) {
    super(`calls ${operationId}, which --operation did not name`);
    this.name = "LeftOut";
  }
}

/** `bank §3.1`, `Bank 3.1` and `bank§3.1` are one rule; so are `b-18` and `B-18`. */
const normalized = (rule: string) => rule.toLowerCase().replace(/§/g, " ").replace(/\s+/g, " ").trim();

/**
 * Whether `rule` is the one named, or inside it: `bank §3` holds `bank §3.1`; an OpenAPI pointer
 * holds the pointers below it (`oas bank-payments#/paths/~1api~1credits` holds its responses).
 */
export function ruleMatches(rule: Rule, named: string): boolean {
  const [have, want] = [normalized(rule), normalized(named)];
  return have === want || (have.startsWith(want) && /^[./]/.test(have.slice(want.length)));
}

export class Focus {
  private readonly operations?: Set<string>;
  private readonly rules?: string[];
  private readonly counts = new Map<string, number>();

  constructor(options: { operations?: string[]; rules?: string[] }) {
    if (options.operations && options.operations.length > 0) this.operations = new Set(options.operations);
    if (options.rules && options.rules.length > 0) this.rules = options.rules;
  }

  /** Whether anything is left out at all (a focused run is not judged for evidence). */
  get active(): boolean {
    return this.operations !== undefined || this.rules !== undefined;
  }

  allowsOperation(operationId: string): boolean {
    return this.operations === undefined || this.operations.has(operationId);
  }

  /** Whether every one of these operations may be called (a layer that drives them all). */
  allowsAll(operationIds: string[]): boolean {
    return operationIds.every((id) => this.allowsOperation(id));
  }

  /** Whether a check that enforces `rule` is to run at all (always, without `--rule`). */
  runsRule(rule: Rule | undefined): boolean {
    return !this.rules || (rule !== undefined && this.rules.some((named) => ruleMatches(rule, named)));
  }

  /** Whether a finished check is one of the rules named (always, without `--rule`). */
  keeps(check: Pick<CheckResult, "rule" | "findings">): boolean {
    if (!this.rules) return true;
    const rules = [check.rule, ...(check.findings ?? []).flatMap((finding) => finding.rules ?? [])].filter((rule): rule is Rule => rule !== undefined);
    return rules.some((rule) => this.rules!.some((named) => ruleMatches(rule, named)));
  }

  /** Counts `count` checks left out for `reason`. */
  leave(reason: string, count = 1): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + count);
  }

  /** Makes `api` refuse, with LeftOut, the operations not named. */
  guard<T extends ApiClient>(api: T): T {
    if (!this.operations) return api;
    const call = api.call.bind(api);
    api.call = (operationId, options) => (this.allowsOperation(operationId) ? call(operationId, options) : Promise.reject(new LeftOut(operationId)));
    return api;
  }

  /** What was left out, by why, the most first. */
  leftOut(): Array<{ reason: string; count: number }> {
    return [...this.counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  }
}
