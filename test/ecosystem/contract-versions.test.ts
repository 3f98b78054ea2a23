// Contract versions: the classifier's rules on one-change edits of the published bank document,
// the change check on the repository (every breaking change since the baseline acknowledged,
// info.version moved as semver requires, CHANGELOG naming the new versions, each OpenAPI 3.1
// document stating what its 3.0 twin states plus the listed differences), and the release script
// moving the baseline in a scratch copy.
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { parse } from "yaml";
import { contractChanges, type ChangeKind, type ContractChange } from "../../scripts/contract/changes.mjs";
import { releaseProblems } from "../../scripts/contract/release.mjs";
import { readAcknowledgements, readVersionDifferences, reviewContract, reviewDocument, reviewVersions, reviewVersionTwin } from "../../scripts/contract/review.mjs";
import { root, runTool } from "./tools.js";

const load = (file: string) => JSON.parse(readFileSync(join(root, file), "utf8"));
const published = load("generated/openapi/bank-payments.json");
const published31 = load("generated/openapi/3.1/bank-payments.json");
const schemas = () => published.components.schemas;

/** The check on the repository, run once: two tests read it, and it reads only files no test changes. */
let repositoryReview: ReturnType<typeof reviewContract> | undefined;
const reviewRepository = () => (repositoryReview ??= reviewContract());

async function changesAfter(edit: (document: any) => void): Promise<ContractChange[]> {
  const next = structuredClone(published);
  edit(next);
  return contractChanges(published, next);
}

/** One-change edits and what the classifier must say of them (README, "Contract versions"). */
const rules: Array<{ rule: string; edit: (d: any) => void; expect: Array<[ChangeKind, RegExp]> }> = [
  { rule: "an operation removed is breaking", edit: (d) => delete d.paths["/api/credits"].get, expect: [["breaking", /^GET \/api\/credits operation: removed$/]] },
  { rule: "an operation added is non-breaking", edit: (d) => (d.paths["/api/credits/{credit_id}/copy"] = { post: { ...d.paths["/api/credits"].post, operationId: "copyCredit" } }), expect: [["non-breaking", /operation: added/]] },
  { rule: "an optional query parameter added is non-breaking", edit: (d) => d.paths["/api/credits"].get.parameters.push({ name: "sort", in: "query", schema: { type: "string" } }), expect: [["non-breaking", /query parameter sort: added$/]] },
  { rule: "a required query parameter added is breaking", edit: (d) => d.paths["/api/credits"].get.parameters.push({ name: "sort", in: "query", required: true, schema: { type: "string" } }), expect: [["breaking", /query parameter sort: added \(required\)/]] },
  { rule: "a request member made required is breaking", edit: (d) => d.components.schemas.LinkedCreditRequest.required.push("employee_number"), expect: [["breaking", /POST \/api\/credits request body .*: now required: employee_number/]] },
  { rule: "a request limit lowered is breaking", edit: (d) => (d.components.schemas.RequestText.maxLength = 100), expect: [["breaking", /request body .*maxLength 255 -> 100/]] },
  { rule: "a request limit raised is non-breaking", edit: (d) => (d.components.schemas.RequestText.maxLength = 300), expect: [["non-breaking", /request body .*maxLength 255 -> 300/]] },
  { rule: "a response limit added is non-breaking", edit: (d) => (d.components.schemas.Credit.properties.reason = { ...d.components.schemas.Credit.properties.reason, maxLength: 500 }), expect: [["non-breaking", /GET \/api\/credits\/\{credit_id\} response 200 .*reason: maxLength added \(500\)/]] },
  { rule: "an enum value added to a response is breaking", edit: (d) => d.components.schemas.CreditStatus.enum.push("on_hold"), expect: [["breaking", /GET \/api\/credits\/\{credit_id\} response 200 .*enum values added \["on_hold"\]/], ["non-breaking", /GET \/api\/credits query parameter status \/enum: enum values added/]] },
  { rule: "an enum value removed from a request is breaking", edit: (d) => (d.components.schemas.TransactionIntentType.enum = ["bankpay"]), expect: [["breaking", /POST \/api\/transaction-intents request body .*enum values removed \["bankpay_bnpl"\]/], ["non-breaking", /GET \/api\/transaction-intents response 200 .*enum values removed/]] },
  { rule: "null allowed in a response member is breaking", edit: (d) => (d.components.schemas.Credit.properties.type = { ...d.components.schemas.Credit.properties.type, nullable: true }), expect: [["breaking", /response 200 .*\/properties\/type: nullable added \(true\)/]] },
  { rule: "a response member removed is breaking", edit: (d) => delete d.components.schemas.Credit.properties.reason, expect: [["breaking", /response 200 .*: property reason removed/]] },
  { rule: "a response member added is non-breaking", edit: (d) => (d.components.schemas.Credit.properties.note = { type: "string" }), expect: [["non-breaking", /response 200 .*: property note added/]] },
  { rule: "a response status added is non-breaking", edit: (d) => (d.paths["/api/credits"].get.responses["429"] = d.paths["/api/credits"].get.responses["401"]), expect: [["non-breaking", /GET \/api\/credits response 429: added/]] },
  { rule: "a response status removed is breaking", edit: (d) => delete d.paths["/api/credits"].get.responses["422"], expect: [["breaking", /GET \/api\/credits response 422: removed/]] },
  { rule: "an operationId renamed is breaking (generated clients name methods after it)", edit: (d) => (d.paths["/api/credits"].get.operationId = "creditsList"), expect: [["breaking", /operationId listCredits -> creditsList/]] },
  { rule: "a key no longer accepted is breaking", edit: (d) => (d.paths["/api/transaction-intents/{transaction_intent_id}"].get.security = [{ SecretKey: [] }]), expect: [["breaking", /security: key PublishableKey no longer accepted/]] },
  { rule: "a description changed is documentation", edit: (d) => (d.components.schemas.Credit.properties.reason.description = "Why."), expect: [["documentation", /reason: description changed/]] },
];

describe("contract change classifier: one rule per edit", () => {
  for (const { rule, edit, expect } of rules) {
    test(rule, async () => {
      const changes = await changesAfter(edit);
      assert.ok(changes.length > 0, "the edit is seen");
      for (const [kind, pattern] of expect) {
        assert.ok(changes.some((c) => c.kind === kind && pattern.test(c.key)), `no ${kind} change matching ${pattern}:\n${changes.map((c) => `${c.kind} ${c.key}`).join("\n")}`);
      }
      const kinds = new Set(changes.map((c) => c.kind));
      for (const kind of kinds) assert.ok(expect.some(([k]) => k === kind), `unexpected ${kind} changes:\n${changes.filter((c) => c.kind === kind).map((c) => c.key).join("\n")}`);
    });
  }

  test("3.1: a type added to a response member's type list is breaking, removed from a request member's too", async () => {
    const next = structuredClone(published31);
    next.components.schemas.Credit.properties.reason.type = ["string", "null", "number"];
    next.components.schemas.BillingAddressInput.properties.line_2.type = "string";
    const changes = (await contractChanges(published31, next)).filter((c) => c.kind !== "documentation");
    assert.ok(changes.some((c) => c.kind === "breaking" && /response 200 .*\/properties\/reason\/type: types added \["number"\]/.test(c.key)), changes.map((c) => c.key).join("\n"));
    assert.ok(changes.some((c) => c.kind === "breaking" && /request body .*line_2: type \["string","null"\] -> "string"|line_2\/type: types removed \["null"\]/.test(c.key)), changes.map((c) => c.key).join("\n"));
  });

  test("3.1: propertyNames added is breaking on a request, a name limit raised is not", async () => {
    const next = structuredClone(published31);
    next.components.schemas.Extras.propertyNames.maxLength = 64;
    const raised = (await contractChanges(published31, next)).filter((c) => c.kind !== "documentation");
    assert.ok(raised.length > 0 && raised.every((c) => c.kind === "non-breaking" && /propertyNames: maxLength 40 -> 64/.test(c.key)), raised.map((c) => c.key).join("\n"));
    delete next.components.schemas.Extras.propertyNames;
    const added = (await contractChanges(next, published31)).filter((c) => c.kind !== "documentation");
    assert.ok(added.length > 0 && added.every((c) => c.kind === "breaking" && /request body .*extras: propertyNames added/.test(c.key)), added.map((c) => c.key).join("\n"));
  });

  test("an unchanged document has no change", async () => {
    assert.deepEqual(await contractChanges(published, structuredClone(published)), []);
  });

  test("the portable nullable enum is the same schema as the first version's form (no change reported)", async () => {
    const changes = await contractChanges(load("baseline/openapi/bank-payments.json"), published);
    assert.deepEqual(changes.filter((c) => c.key.includes("captured_status") && c.kind !== "documentation"), []);
  });
});

describe("contract change check on the repository", () => {
  test("every breaking change since the baseline is acknowledged and info.version moved as semver requires", async () => {
    const reviews = await reviewRepository();
    assert.deepEqual(reviews.flatMap((r) => r.problems.map((p) => `${r.name}: ${p}`)), []);
    assert.deepEqual(Object.fromEntries(reviews.map((r) => [r.name, r.version])), { "bank-payments": "2.0.0", "check-cashing": "2.0.0", "sandbox-helpers": "1.0.0" });
  });

  test("each OpenAPI 3.1 document states what its 3.0 twin states, plus the listed differences (extras member names)", async () => {
    const reviews = await reviewVersions();
    assert.deepEqual(reviews.flatMap((r) => r.problems.map((p) => `${r.name}: ${p}`)), []);
    assert.deepEqual(reviews.map((r) => [r.name, r.changes.length]), [["bank-payments", 4], ["check-cashing", 0], ["sandbox-helpers", 0]]);
    assert.ok(reviews[0].changes.every((c) => /extras: propertyNames added \(\{"minLength":1,"maxLength":40\}\)$/.test(c.key)));
  });

  test("a 3.1 document that drops an enum value its 3.0 twin has fails the check; so does a listed difference that no longer occurs", async () => {
    const next = structuredClone(published31);
    next.components.schemas.CreditStatus.enum = next.components.schemas.CreditStatus.enum.slice(1);
    delete next.components.schemas.Extras.propertyNames;
    const review = await reviewVersionTwin("bank-payments", { twin: published, document: next, listed: readVersionDifferences()["bank-payments"] });
    assert.ok(review.problems.some((p) => /^differs from the 3\.0 document, not listed .*enum values removed/.test(p)), review.problems.join("\n"));
    assert.equal(review.problems.filter((p) => p.startsWith("listed difference matches nothing: ")).length, 4, review.problems.join("\n"));
  });

  test("a 3.1 document whose info.version differs from its twin's fails the check", async () => {
    const next = structuredClone(published31);
    next.info.version = "9.9.9";
    const review = await reviewVersionTwin("bank-payments", { twin: published, document: next, listed: readVersionDifferences()["bank-payments"] });
    assert.deepEqual(review.problems, ["info.version 9.9.9 differs from the 3.0 document's 2.0.0"]);
  });

  test("CHANGELOG.md's [Unreleased] section names the new version of each changed document", async () => {
    const problems = releaseProblems(await reviewRepository(), readFileSync(join(root, "CHANGELOG.md"), "utf8"), "0.0.0-next");
    assert.deepEqual(problems, []);
  });

  test("an unacknowledged breaking change fails the check, and so does a version that stays", async () => {
    const next = structuredClone(published);
    next.components.schemas.RequestText.maxLength = 100;
    const review = await reviewDocument("bank-payments", { published: next, baseline: published, acknowledged: [] });
    assert.ok(review.problems.some((p) => p.startsWith("unacknowledged breaking change: POST /api/credits request body")), review.problems.join("\n"));
    assert.ok(review.problems.some((p) => /2\.0\.0 -> 2\.0\.0 is a none change; the changes need at least a major bump/.test(p)), review.problems.join("\n"));
  });

  test("acknowledged, with a new major version, the same change passes; an acknowledgement matching nothing fails", async () => {
    const next = structuredClone(published);
    next.components.schemas.RequestText.maxLength = 100;
    next.info.version = "3.0.0";
    const breaking = (await contractChanges(published, next)).filter((c) => c.kind === "breaking");
    const acknowledged = breaking.map((c) => ({ change: c.key, why: "test" }));
    assert.deepEqual((await reviewDocument("bank-payments", { published: next, baseline: published, acknowledged })).problems, []);
    const stale = [...acknowledged, { change: "GET /nowhere operation: removed", why: "test" }];
    assert.deepEqual((await reviewDocument("bank-payments", { published: next, baseline: published, acknowledged: stale })).problems, ["acknowledgement matches no breaking change: GET /nowhere operation: removed"]);
  });

  test("a documentation change needs a patch version", async () => {
    const next = structuredClone(published);
    next.components.schemas.Credit.description = "A credit.";
    assert.deepEqual((await reviewDocument("bank-payments", { published: next, baseline: published })).problems, ["info.version 2.0.0 -> 2.0.0 is a none change; the changes need at least a patch bump"]);
    next.info.version = "2.0.1";
    assert.deepEqual((await reviewDocument("bank-payments", { published: next, baseline: published })).problems, []);
  });
});

describe("npm run contract:diff and contract:release", () => {
  test("contract:diff prints each document's changes, classified, and the verdict", async () => {
    const run = await runTool(join(root, "scripts/contract/diff.mjs"), []);
    assert.equal(run.code, 0, run.output);
    assert.match(run.stdout, /^bank-payments: the same contract, plus 4 statement\(s\) only 3\.1 can make$/m);
    assert.match(run.stdout, /^check-cashing: states the same contract$/m);
    assert.match(run.stdout, /^bank-payments: 1\.0\.0 -> 2\.0\.0; \d+ breaking, \d+ non-breaking, \d+ documentation; needs a major bump, has major$/m);
    assert.match(run.stdout, /^ {2}breaking {6}POST \/api\/transaction-intents request body \/oneOf\/0\/properties\/bank_account: maxLength added \(255\) \[acknowledged\]$/m);
    assert.match(run.stdout, /^sandbox-helpers: new document \(no baseline\)/m);
    assert.match(run.stdout, /The contract change check passes\.$/m);
  });

  /** A scratch copy of what the release script reads and writes. */
  function scratchRoot(packageVersion: string) {
    const scratch = mkdtempSync(join(tmpdir(), "release-"));
    mkdirSync(join(scratch, "generated"));
    cpSync(join(root, "generated/openapi"), join(scratch, "generated/openapi"), { recursive: true });
    cpSync(join(root, "baseline"), join(scratch, "baseline"), { recursive: true });
    cpSync(join(root, "CHANGELOG.md"), join(scratch, "CHANGELOG.md"));
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "x", version: packageVersion }));
    return scratch;
  }

  test("contract:release moves the baseline, empties the acknowledgements and dates [Unreleased]", async () => {
    const scratch = scratchRoot("0.2.0");
    try {
      const release = await runTool(join(root, "scripts/contract/release.mjs"), ["--root", scratch, "--date", "2026-11-22"]);
      assert.equal(release.code, 0, release.output);
      for (const name of ["bank-payments", "check-cashing", "sandbox-helpers"]) {
        assert.equal(readFileSync(join(scratch, "baseline/openapi", `${name}.json`), "utf8"), readFileSync(join(root, "generated/openapi", `${name}.json`), "utf8"));
      }
      assert.deepEqual(parse(readFileSync(join(scratch, "baseline/acknowledged-breaking-changes.yaml"), "utf8")), {});
      assert.match(readFileSync(join(scratch, "CHANGELOG.md"), "utf8"), /## \[Unreleased\]\n\n## \[0\.2\.0\] - 2026-11-22\n\nContract versions: Bank Payment Service 2\.0\.0/);
      const after = await reviewContract({ generatedDir: join(scratch, "generated/openapi"), baseline: join(scratch, "baseline/openapi"), acknowledgements: readAcknowledgements(join(scratch, "baseline/acknowledged-breaking-changes.yaml")) });
      assert.deepEqual(after.map((r) => [r.name, r.changes.length, r.problems.length]), [["bank-payments", 0, 0], ["check-cashing", 0, 0], ["sandbox-helpers", 0, 0]]);
      const again = await runTool(join(root, "scripts/contract/release.mjs"), ["--root", scratch]);
      assert.notEqual(again.code, 0, "a second release of the same package version is refused");
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  test("contract:diff exits 1 when its verdict is \"fails\" (no --check needed): an unacknowledged change, a 3.1 document that differs", async () => {
    const scratch = scratchRoot("0.2.0");
    try {
      writeFileSync(join(scratch, "baseline/acknowledged-breaking-changes.yaml"), "{}\n");
      const unacknowledged = await runTool(join(root, "scripts/contract/diff.mjs"), ["--root", scratch]);
      assert.equal(unacknowledged.code, 1, unacknowledged.output);
      assert.match(unacknowledged.stdout, /\[NOT ACKNOWLEDGED\]/);
      assert.match(unacknowledged.stdout, /The contract change check fails \(see PROBLEM lines\)\.$/m);
      cpSync(join(root, "baseline/acknowledged-breaking-changes.yaml"), join(scratch, "baseline/acknowledged-breaking-changes.yaml"));
      const document = JSON.parse(readFileSync(join(scratch, "generated/openapi/3.1/check-cashing.json"), "utf8"));
      document.components.schemas.PayrollRequest.required.pop();
      writeFileSync(join(scratch, "generated/openapi/3.1/check-cashing.json"), JSON.stringify(document));
      const differs = await runTool(join(root, "scripts/contract/diff.mjs"), ["--root", scratch]);
      assert.equal(differs.code, 1, differs.output);
      assert.match(differs.stdout, /PROBLEM: differs from the 3\.0 document, not listed in baseline\/openapi-3\.1-differences\.yaml: POST \/v1\/payroll request body .*no longer required/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  test("contract:release refuses while a breaking change is unacknowledged, and moves nothing", async () => {
    const scratch = scratchRoot("0.2.0");
    try {
      writeFileSync(join(scratch, "baseline/acknowledged-breaking-changes.yaml"), "{}\n");
      const before = readFileSync(join(scratch, "baseline/openapi/bank-payments.json"), "utf8");
      const release = await runTool(join(root, "scripts/contract/release.mjs"), ["--root", scratch]);
      assert.notEqual(release.code, 0);
      assert.match(release.output, /bank-payments: unacknowledged breaking change/);
      assert.equal(readFileSync(join(scratch, "baseline/openapi/bank-payments.json"), "utf8"), before);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  test("contract:release refuses while a 3.1 document differs from its 3.0 twin beyond the listed differences, and moves nothing", async () => {
    const scratch = scratchRoot("0.2.0");
    try {
      const file = join(scratch, "generated/openapi/3.1/check-cashing.json");
      const document = JSON.parse(readFileSync(file, "utf8"));
      document.components.schemas.PayrollRequest.required.pop();
      writeFileSync(file, JSON.stringify(document));
      const before = readFileSync(join(scratch, "baseline/openapi/check-cashing.json"), "utf8");
      const changelog = readFileSync(join(scratch, "CHANGELOG.md"), "utf8");
      const release = await runTool(join(root, "scripts/contract/release.mjs"), ["--root", scratch, "--date", "2026-11-22"]);
      assert.notEqual(release.code, 0);
      assert.match(release.output, /check-cashing \(OpenAPI 3\.1\): differs from the 3\.0 document, not listed in baseline\/openapi-3\.1-differences\.yaml: POST \/v1\/payroll request body .*no longer required/);
      assert.equal(readFileSync(join(scratch, "baseline/openapi/check-cashing.json"), "utf8"), before);
      assert.equal(readFileSync(join(scratch, "CHANGELOG.md"), "utf8"), changelog);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
