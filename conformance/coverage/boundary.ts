// A boundary check: a client of its own sends each value at a documented bound and just past it,
// records what was answered for the report's boundary list, and becomes one check judged by the
// oracle. Bounds the suite cannot know (a setting left open) are listed as skipped with the reason.
import type { ApiClient, ApiResponse } from "../client.js";
import type { Rule } from "../rules.js";
import { captureFailed, declined, setUpAttempts } from "../scenarios/steps.js";
import { emptyResult, type CoverageContext, type Task } from "./context.js";
import { answerOf, Stretch, type CoverageBoundary } from "./record.js";

/**
 * Thrown when the server took another answer the contract allows (a value past an open limit
 * accepted, one at it refused) and what the boundary meant to send next has nothing to act on: the
 * rest is not sent, and the check is skipped with the reason unless the oracle found a fault first.
 */
export class NotReached extends Error {}

/** Why a check that needed an approval skipped: the way the server took, and the rule that allows it. */
export const otherWay = (what: string) => `the server took another allowed way: ${what}`;

/**
 * Sends an authorizing request on a fresh object each time it is declined (B-31: any authorization
 * may be), at most `setUpAttempts` times; then what needed the approval is not reached, saying why.
 */
export async function untilNotDeclined(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await send();
    if (!declined(response)) return response;
    if (attempt >= setUpAttempts) throw new NotReached(otherWay(`it declined all ${setUpAttempts} authorizations tried (B-31)`));
  }
}

/** Sends a capture again while it fails (B-34: a failed capture may be retried), at most `setUpAttempts` times. */
export async function untilCaptured(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await send();
    if (!captureFailed(response)) return response;
    if (attempt >= setUpAttempts) throw new NotReached(otherWay(`it failed all ${setUpAttempts} captures tried (B-34)`));
  }
}

/**
 * Sends one boundary value and lists it; returns the response for what follows. `rule`: the bound
 * this value checks, when it is not the check's (a schema pointer of its own).
 */
export type Send = (name: string, sent: string, call: () => Promise<ApiResponse>, rule?: Rule) => Promise<ApiResponse>;

export type BoundarySpec = {
  group: string;
  name: string;
  rule: Rule;
  /** Why this boundary cannot be sent to this server (a setting the suite was not told). */
  skip?: string;
  run: (api: ApiClient, send: Send) => Promise<void>;
};

/** Records every value sent through `send` on one client: the entries of the boundary list. */
export function boundaryRecorder(group: string, rule: Rule, api: ApiClient): { send: Send; entries: CoverageBoundary[] } {
  const entries: CoverageBoundary[] = [];
  const send: Send = async (name, sent, call, valueRule = rule) => {
    const before = api.violations.length;
    const response = await call();
    const failed = api.violations.length > before;
    entries.push({ group, name, sent, rule: valueRule, outcome: failed ? "failed" : "passed", answered: readingOf(response), ...(failed ? { reason: api.violations[before] } : {}) });
    return response;
  };
  return { send, entries };
}

export function boundaryTask(ctx: CoverageContext, spec: BoundarySpec): Task {
  const group = `coverage: boundaries (${spec.group})`;
  return {
    name: spec.name, planned: 1,
    run: async () => {
      const result = emptyResult();
      const stop = ctx.stopped();
      if (spec.skip || stop) {
        const reason = spec.skip ?? `not attempted: ${stop}`;
        result.checks.push({ layer: "coverage", group, name: spec.name, rule: spec.rule, outcome: "skipped", reason, durationMs: 0 });
        result.boundaries.push({ group: spec.group, name: spec.name, sent: "(not sent)", rule: spec.rule, outcome: "skipped", reason });
        return result;
      }
      const api = ctx.client();
      api.check = `coverage: ${spec.name}`;
      const stretch = new Stretch(api, ctx.baseUrl);
      const { send, entries } = boundaryRecorder(spec.group, spec.rule, api);
      let error: string | undefined;
      let notReached: string | undefined;
      try {
        await spec.run(api, send);
      } catch (thrown) {
        if (thrown instanceof NotReached) notReached = thrown.message;
        else error = String((thrown as Error)?.message ?? thrown);
      }
      const check = stretch.check({ group, name: spec.name, rule: spec.rule }, error);
      const reason = notReached?.startsWith(otherWay("")) ? notReached : `not reached: ${notReached}`;
      result.checks.push(notReached && check.outcome === "passed" ? { ...check, outcome: "skipped", reason } : check);
      result.boundaries.push(...entries);
      return result;
    },
  };
}

/**
 * Which answer the server gave a boundary value, and the answer: `accepted: 201 pending_capture`,
 * `refused: 422 postal_code`. Where a limit is open (the limits rule) either is right, and the list
 * shows which reading the server took.
 */
export function readingOf(response: ApiResponse): string {
  const answer = answerOf(response);
  if (response.status >= 200 && response.status < 300) return `accepted: ${answer}`;
  return response.status >= 400 && response.status < 500 ? `refused: ${answer}` : answer;
}

/** `abc…xyz (300 characters)`: a long value as the boundary list shows it. */
export function shown(value: string): string {
  return value.length <= 24 ? JSON.stringify(value) : `${JSON.stringify(value.slice(0, 12))}… (${value.length} characters)`;
}
