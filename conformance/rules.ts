// Every verdict of the suite names the rule of the contract it enforces, as a reference a person can
// open: a section of one of the two API documents, a row of the contract decisions (stable ids), or a
// pointer into a published OpenAPI document. A check whose rule the contract does not state does not
// exist.
//
//   "bank §3.1"   bank-payment-service.md, section 3.1      (docs/api/ in this package)
//   "cc §2.3"     check-cashing-service.md, section 2.3
//   "B-12"        docs/contract-decisions.md, row B-12 (bank); "C-4" (check cashing)
//   "oas bank-payments#/components/schemas/Credit"   a pointer into generated/openapi/<name>.yaml
import type { CheckResult, Rule } from "./types.js";

export type { Rule };

const documents: Record<string, string> = {
  bank: "docs/api/bank-payment-service.md",
  cc: "docs/api/check-cashing-service.md",
};

/** Where a person opens the rule, relative to the package (README, docs/, generated/). */
export function ruleLocation(rule: Rule): string {
  const section = /^(bank|cc) §([0-9.]+)/.exec(rule);
  if (section) return `${documents[section[1]]}, section ${section[2]}`;
  const decision = /^([BC])-(\d+)$/.exec(rule);
  if (decision) return `docs/contract-decisions.md#${rule.toLowerCase()}`;
  const pointer = /^oas ([a-z-]+)(#.*)$/.exec(rule);
  if (pointer) return `generated/openapi/${pointer[1]}.yaml${pointer[2]}`;
  return rule;
}

/** A rule with where to read it, for failure output: `bank §3.1 (docs/api/bank-payment-service.md, section 3.1)`. */
export function describeRule(rule: Rule): string {
  const location = ruleLocation(rule);
  return location === rule ? rule : `${rule} (${location})`;
}

/** The rule a failed check broke first: its first finding's, else its own. */
export function primaryRule(check: Pick<CheckResult, "rule" | "findings">): Rule | undefined {
  for (const finding of check.findings ?? []) {
    const rule = finding.rules?.[0];
    if (rule) return rule;
  }
  return check.rule;
}
