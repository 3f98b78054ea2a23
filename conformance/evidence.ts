// Evidence (docs/conformance.md#evidence): a run passes only when the server showed it does the job.
// Each refusal a server gives may be allowed on its own (a decline, a failed capture, an unreadable
// MICR line); never doing the job is not. The oracle notes here every response it judged right
// that shows the happy path of its service; the runner then fails the run when one was never seen,
// or when the coverage layer's state x action matrices were reached below a stated share.
import type { ServiceName } from "../src/openapi/documents.js";
import { requestJson, type Exchange } from "./oracle/exchange.js";
import type { Rule } from "./rules.js";
import type { CheckResult, CoverageReport, EvidenceKind, EvidenceSummary } from "./types.js";

export type { EvidenceKind, EvidenceSummary };


/** The happy path of each service, with the section of its document that describes it. */
export const happyPaths: Record<ServiceName, Array<{ kind: EvidenceKind; rule: Rule }>> = {
  "bank-payments": [
    { kind: "authorization", rule: "bank §3.1" },
    { kind: "capture", rule: "bank §3.1" },
    { kind: "refund", rule: "bank §3.1" },
    // A linked credit pays back a captured debit (bank §1); unlinked ones are for integrators only.
    { kind: "succeeded linked credit", rule: "bank §3.2" },
  ],
  "check-cashing": [{ kind: "approved check", rule: "cc §2.2" }],
};

/** The share of the coverage matrices' cells a passing run must reach (attempted, not skipped). */
export const matrixShareRequired = 0.75;

/** What a server did that shows its service's happy path: counts by kind. */
export class EvidenceLog {
  readonly seen = new Map<EvidenceKind, number>();

  /** Notes an exchange the oracle judged right (a wrong approval is no evidence). */
  note(exchange: Exchange, judgedRight: boolean): void {
    if (!judgedRight || exchange.status < 200 || exchange.status > 299) return;
    for (const kind of kindsOf(exchange)) this.seen.set(kind, (this.seen.get(kind) ?? 0) + 1);
  }
}

/** The happy-path steps one right 2xx answer shows. */
function kindsOf(exchange: Exchange): EvidenceKind[] {
  const body = exchange.responseBody as { data?: { status?: unknown }; approvalNum?: unknown } | undefined;
  if (exchange.operationId === "submitPayrollCheck") return body?.approvalNum !== undefined ? ["approved check"] : [];
  const status = body?.data?.status;
  const parsed = requestJson(exchange);
  const action = parsed.ok ? parsed.value.action : undefined;
  if (exchange.operationId === "createCredit") return status === "succeeded" && parsed.ok && parsed.value.transaction_intent_id !== undefined ? ["succeeded linked credit"] : [];
  if (exchange.operationId === "createTransactionIntent") {
    if (action === "authorize" && status === "pending_capture") return ["authorization"];
    if (action === "authorize_and_capture" && status === "succeeded") return ["authorization", "capture"];
    return [];
  }
  if (exchange.operationId === "updateTransactionIntent") {
    if (action === "authorize" && status === "pending_capture") return ["authorization"];
    if (action === "capture" && status === "succeeded") return ["capture"];
    if (action === "refund" && status === "refunded") return ["refund"];
  }
  return [];
}


export function summarizeEvidence(service: ServiceName, log: EvidenceLog, checks: CheckResult[], coverage?: CoverageReport): EvidenceSummary {
  const seen = Object.fromEntries(happyPaths[service].map(({ kind }) => [kind, log.seen.get(kind) ?? 0]));
  const reasons = new Map<string, number>();
  for (const check of checks) if (check.outcome === "skipped") reasons.set(reasonKey(check.reason), (reasons.get(reasonKey(check.reason)) ?? 0) + 1);
  const skipped = [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  const cells = coverage?.matrices.flatMap((matrix) => matrix.cells) ?? [];
  const reached = cells.filter((cell) => cell.outcome === "passed" || cell.outcome === "failed").length;
  return { seen, skipped, ...(cells.length > 0 ? { matrix: { reached, cells: cells.length, required: matrixShareRequired } } : {}) };
}

/**
 * Reasons grouped by their first clause (a trigger's name, an object's id, vary after it); another
 * allowed way the server took is told apart by the rules that allow it (a decline B-31, a failed capture B-34...).
 */
function reasonKey(reason: string | undefined): string {
  const first = (reason ?? "no reason given").split(/[:(]/)[0].trim();
  const rules = [...new Set(reason?.match(/\b[BC]-\d+\b/g) ?? [])];
  return first === "the server took another allowed way" && rules.length > 0 ? `${first} (${rules.join(", ")})` : first;
}

/** How to show the server the happy path it never showed. */
const advice: Record<EvidenceKind, string> = {
  authorization: "the server never authorized an intent (201 pending_capture); if it declines the suite's inputs, name in the fixtures the bank accounts, consumers and store numbers it authorizes",
  capture: "the server never captured an authorized intent (200 succeeded); captures within the amount authorized must be able to succeed",
  refund: "the server never refunded a captured intent (200 refunded); name in the fixtures what it settles, or let captured intents be refunded",
  "succeeded linked credit": "the server never paid a linked credit (201 succeeded) on a captured intent; if its captured intents carry no reference_id (B-37), every linked credit is refused (409 no_reference_number, B-45): give captured intents a reference number",
  "approved check": "the server never approved a check: name in the fixtures (micr_lines) the MICR lines your server reads, with the aba, accountLast4, checkNum and checkType it reads from each; a correction (MICR unreadable) of a valid request on such a line then fails naming C-9",
};

/** The evidence checks of a run: one per happy-path step and one for the matrix share, each failing with what to do. */
export function evidenceChecks(service: ServiceName, summary: EvidenceSummary): CheckResult[] {
  const checks: CheckResult[] = happyPaths[service].map(({ kind, rule }) => {
    const count = summary.seen[kind] ?? 0;
    const base = { layer: "evidence" as const, group: "evidence", name: `the server showed ${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`, rule, durationMs: 0 };
    return count > 0 ? { ...base, outcome: "passed" as const } : { ...base, outcome: "failed" as const, reason: `never seen: ${advice[kind]}` };
  });
  if (summary.matrix) {
    const { reached, cells, required } = summary.matrix;
    const share = reached / cells;
    const name = `the state x action matrices were reached to at least ${Math.round(required * 100)}%`;
    const rule = service === "bank-payments" ? "bank §3.1" : "cc §2";
    checks.push(share >= required
      ? { layer: "evidence", group: "evidence", name, rule, outcome: "passed", durationMs: 0 }
      : {
        layer: "evidence", group: "evidence", name, rule, outcome: "failed", durationMs: 0,
        reason: `only ${reached} of ${cells} cells reached (${formatShare(share)}): the server's declines or refusals kept the suite from the states it needs; name what it accepts in the fixtures`,
      });
  }
  return checks;
}

export const formatShare = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** The lines that say what a verdict rests on (console and Markdown report). */
export function evidenceLines(summary: EvidenceSummary): string[] {
  const seen = Object.entries(summary.seen).map(([kind, count]) => `${kind} ${count}`).join(", ");
  const lines = [`happy path seen: ${seen}`];
  if (summary.matrix) {
    const { reached, cells, required } = summary.matrix;
    lines.push(`state x action matrix reached: ${reached} of ${cells} cells (${formatShare(reached / cells)}; at least ${formatShare(required)} required)`);
  }
  for (const { reason, count } of summary.skipped) lines.push(`skipped ${count}: ${reason}`);
  return lines;
}
