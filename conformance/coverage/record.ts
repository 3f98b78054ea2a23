// What the coverage layer records: each attempt as a check (its own findings and the curl lines
// that replay it), each matrix cell with the status the server answered, and each boundary value
// sent. The layer only drives; the oracle judges every response through the client.
import type { ApiClient, ApiResponse } from "../client.js";
import { marksOf } from "../oracle/exchange.js";
import { curlLines } from "../repro.js";
import type { Rule } from "../rules.js";
import type { CheckResult, CoverageBoundary, CoverageCell, CoverageMatrix, CoverageReport, Outcome } from "../types.js";

export type { CoverageBoundary, CoverageCell, CoverageMatrix, CoverageReport };





/** The status answered, with the code that names the outcome: `201 succeeded`, `409 not_ready`, `422 amount (78)`, `400 1005`. */
export function answerOf(response: ApiResponse): string {
  const body = response.body;
  if (response.status >= 200 && response.status < 300) {
    const status = body?.data?.status;
    return typeof status === "string" ? `${response.status} ${status}` : String(response.status);
  }
  const conflict = body?.conflict ?? body?.error;
  if (typeof conflict === "string") return `${response.status} ${conflict}`;
  if (body?.errors && typeof body.errors === "object" && !Array.isArray(body.errors)) {
    const code = /\(response code (\d\d)\)/.exec(String(body.message ?? ""))?.[1];
    return `${response.status} ${Object.keys(body.errors).slice(0, 3).join(", ")}${code ? ` (${code})` : ""}`;
  }
  if (Array.isArray(body?.errors)) {
    const codes = [...new Set(body.errors.map((entry: { responseCode?: unknown }) => entry?.responseCode).filter((code: unknown) => typeof code === "string"))];
    return `${response.status} ${codes.slice(0, 3).join(", ")}`.trim();
  }
  return String(response.status);
}

/**
 * A stretch of one client's traffic (a cell, a boundary): the problems the client met since the
 * stretch began become its check. Curl lines replay the client's whole history, which is what the
 * stretch's state was built from.
 */
export class Stretch {
  private readonly violations: number;
  private readonly findings: number;
  private readonly started = Date.now();

  constructor(readonly api: ApiClient, readonly baseUrl: string) {
    this.violations = api.violations.length;
    this.findings = api.findings.length;
  }

  get failed(): boolean {
    return this.api.violations.length > this.violations;
  }

  /** The check of this stretch: passed, or failed with its own problems and the replay. */
  check(base: Pick<CheckResult, "group" | "name" | "rule">, reason?: string): CheckResult {
    const durationMs = Date.now() - this.started;
    if (!this.failed && reason === undefined) return { layer: "coverage", ...base, outcome: "passed", durationMs };
    const problems = this.api.violations.slice(this.violations);
    return {
      layer: "coverage", ...base, outcome: "failed", durationMs,
      reason: [reason, ...problems.slice(0, 3)].filter(Boolean).join("\n"),
      findings: this.api.findings.slice(this.findings),
      curl: curlLines(this.api.exchanges, this.baseUrl, this.api.keys),
      // The responses a test proxy changed, so that a mutant's kill by the coverage is traced (proof/mutants/).
      marks: marksOf(this.api.exchanges),
    };
  }
}
