// Every verdict names a rule a person can open: each decision id the suite cites is a row of
// docs/contract-decisions.md, each document section it cites is a heading of that document, and a
// failure's text leads with its rule.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { failureText } from "../../conformance/failures.js";
import { describeRule, ruleLocation } from "../../conformance/rules.js";

const root = join(import.meta.dirname, "../..");
const sources = (readdirSync(join(root, "conformance"), { recursive: true }) as string[])
  .filter((file) => file.endsWith(".ts"))
  .map((file) => ({ file, text: readFileSync(join(root, "conformance", file), "utf8") }));

test("every decision id the suite cites is a row of docs/contract-decisions.md", () => {
  const decisions = readFileSync(join(root, "docs/contract-decisions.md"), "utf8");
  const rows = new Set([...decisions.matchAll(/<a id="([bc]-\d+)"><\/a>/g)].map((m) => m[1].toUpperCase()));
  assert.ok(rows.size > 70, "the decisions table has its rows");
  const cited = sources.flatMap(({ file, text }) => [...text.matchAll(/\b([BC]-\d{1,2})\b/g)].map((m) => ({ file, id: m[1] })));
  assert.ok(cited.length > 50, "the suite cites decisions");
  assert.deepEqual(cited.filter(({ id }) => !rows.has(id)), []);
});

test("every document section the suite cites is a heading of that document", () => {
  const headings = (name: string) => new Set([...readFileSync(join(root, "docs/api", name), "utf8").matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]));
  const sections = { bank: headings("bank-payment-service.md"), cc: headings("check-cashing-service.md") };
  const cited = sources.flatMap(({ file, text }) => [...text.matchAll(/"(bank|cc) §([0-9.]+)/g)].map((m) => ({ file, document: m[1] as "bank" | "cc", section: m[2] })));
  assert.ok(cited.length > 20, "the suite cites sections");
  assert.deepEqual(cited.filter(({ document, section }) => !sections[document].has(section)), []);
});

test("a failure leads with its rule and where to read it", () => {
  assert.equal(ruleLocation("B-16"), "docs/contract-decisions.md#b-16");
  assert.equal(describeRule("bank §3.1"), "bank §3.1 (docs/api/bank-payment-service.md, section 3.1)");
  const lines = failureText({
    layer: "scenario", group: "view", name: "the full view", outcome: "failed", durationMs: 1, reason: "extras differ",
    findings: [{ request: "GET /api/transaction-intents/x", expectedStatus: [200], actualStatus: 200, actualBody: "{}", differences: [], invariantFailures: [], rules: ["B-16", "bank §2.1"] }],
  } as never);
  assert.equal(lines[1], "  rule: B-16 (docs/contract-decisions.md#b-16)");
  assert.ok(lines.includes("  rules: B-16, bank §2.1"));
});
