// Proof that the suite raises no false alarm: it must pass against every valid variant of the
// sandbox (a proxy that rewrites its answers, or the sandbox configured otherwise, as a correct
// server could answer: proof/variants/), and each variant must have changed at least one
// exchange (a variant that never fired proves nothing). Every variant names the contract decisions
// (docs/contract-decisions.md) whose open answers it exercises. Strict: no variant may fail.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { runProof } from "../../proof/mutants/run.js";
import { variants } from "../../proof/variants/catalog.js";

const seed = 20261122;

/** One failure per reason (identifiers and numbers aside): a variant that breaks one check breaks it many times. */
function distinct<T extends { reason: string }>(failures: T[]): T[] {
  const seen = new Set<string>();
  return failures.filter((f) => {
    const key = f.reason.replace(/[A-Za-z0-9_-]{16,}|\d+/g, "#").slice(0, 200);
    return !seen.has(key) && seen.add(key) !== undefined;
  });
}

describe("conformance suite against valid variants of the sandbox", () => {
  let sandbox: Sandbox;
  before(async () => { sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" }); });
  after(async () => { await sandbox?.close(); });

  test("the catalog is exactly these variants (a removed or added one is a decision to write here)", () => {
    assert.deepEqual(variants.map((v) => v.id).sort(), [
    "absent-not-null", "address-members-optional", "address-update-same-id", "address-update-secret-key-processed", "adverse-type-only-in-lists", "amount-ceiling-lower", "authorize-needs-accepted-fee",
    "billing-address-keys-bare", "billing-address-keys-doc-names", "bnpl-schedule-monthly", "capture-after-cancel-already-occurred", "capture-fails-now-and-then",
    "capture-limit-5", "chain-number-other", "charset-utf8", "check-declined-one-in-five", "conflict-action-absent-on-create", "credit-canceled-in-reads",
    "credit-limit-100", "credit-reason-changes-on-cancel", "customer-care-other", "decline-authorized-at-set", "declines-one-in-ten",
    "empty-page-zero", "empty-strings-absent", "empty-strings-kept", "error-entries-reordered", "free-texts", "ids-uuid-tokens", "is-mailable-false",
    "linked-submerchant-accepted", "linked-submerchant-accepted-told", "linked-submerchant-required-told",
    "links-relative", "members-reordered", "meta-path-relative", "meta-type-on-create-authorize",
    "micr-other-reading", "micr-readable-as-1006", "overlapping-requests-second-first", "payroll-500-declines", "payroll-every-member",
    "payroll-free-details", "payroll-numeric-ids", "per-page-25-max-50", "province-state-processed", "reason-before-authorization",
    "reference-filter-any-reference", "refund-amount-required", "refund-base-authorized", "refund-code-21", "service-fee-other", "short-limits",
    "station-number-without-store", "times-other-offset", "times-plus-00-00", "tokens-other-alphabet",
    "trxid-used-by-corrections", "type-required", "unknown-members-ignored", "unparsed-body-as-empty",
    ]);
  });

  test("each variant has a unique id and names decisions of docs/contract-decisions.md", () => {
    assert.equal(new Set(variants.map((v) => v.id)).size, variants.length);
    const table = readFileSync(new URL("../../docs/contract-decisions.md", import.meta.url), "utf8");
    const sandboxGuide = readFileSync(new URL("../../docs/sandbox.md", import.meta.url), "utf8");
    for (const variant of variants) {
      for (const id of variant.decisions) assert.ok(table.includes(`<a id="${id.toLowerCase()}"></a>${id} |`), `${variant.id}: no decision ${id}`);
      if (variant.decisions.length === 0) {
        assert.ok(variant.sandboxRow && sandboxGuide.includes(`| ${variant.sandboxRow} |`), `${variant.id} names neither a decision nor a row of docs/sandbox.md`);
      }
    }
  });

  test("every variant fires and the suite passes it (no false alarm)", async () => {
    // Four generated sequences per variant (the proof's default is ten): Dredd and the scenarios meet
    // every reading; the sequences add the orders in which held values are read back.
    const result = await runProof(sandbox, { mutants: [], variants, control: false, concurrency: 3, seed, variantRuns: 4 });
    const named = new Map(variants.map((v) => [v.id, v]));
    for (const v of result.variants) {
      const { decisions, sandboxRow } = named.get(v.id)!;
      const seconds = v.runs.map((r) => `${r.service} ${(r.durationMs / 1000).toFixed(1)} s`).join(", ");
      console.log(`# ${v.passed ? "passed" : "FAILED"} ${v.id} [${v.kind}; ${decisions.join(", ") || sandboxRow}] fired ${v.fired}x (${seconds})`);
      for (const run of v.runs) for (const f of distinct(run.failures).slice(0, 4)) console.log(`#   ${run.service} ${f.layer} ${f.name}${f.rule ? ` (${f.rule})` : ""}: ${f.reason.split("\n").slice(0, 3).join(" / ").slice(0, 400)}`);
    }
    console.log(`# variants passed: ${result.variants.filter((v) => v.passed).length}/${result.variants.length}`);
    assert.deepEqual(result.variants.filter((v) => v.fired === 0).map((v) => v.id), [], "variants that never changed an exchange");
    assert.deepEqual(result.variants.filter((v) => !v.passed).map((v) => v.id), [], "false alarms");
  });
});
