// Plain Dredd (its own command line, no hooks, only a key header) on each published document
// against the reference sandbox: the document loads and every operation x documented status runs
// as a transaction. Failures are expected (a stateless run cannot reach a 404 or a 409 with the
// examples' identifiers); a load error, a skipped or an errored transaction is not.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startSandbox, type Sandbox } from "../../sandbox/server.js";
import { exchangesOf, publishedDocuments, type PublishedDocument } from "./operations.js";
import { cli, root, runTool } from "./tools.js";

function dredd(document: string, server: string, secretKey: string) {
  return runTool(cli.dredd, [document, server, "--header", `Authorization: Bearer ${secretKey}`, "--no-color", "--loglevel", "warning"]);
}

const complete = /complete: (\d+) passing, (\d+) failing, (\d+) errors, (\d+) skipped, (\d+) total/;

describe("plain Dredd runs every transaction of each published document", () => {
  let sandbox: Sandbox;
  const serverOf = (name: PublishedDocument) => (name === "check-cashing" ? sandbox.checkCashingUrl : sandbox.bankUrl);

  before(async () => {
    sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
  });

  after(() => sandbox.close());

  for (const name of publishedDocuments) {
    test(`${name}.yaml: loads, ${exchangesOf(name).length} transactions run, none errored or skipped`, async () => {
      const run = await dredd(join(root, "generated/openapi", `${name}.yaml`), serverOf(name), sandbox.secretKey);
      assert.doesNotMatch(run.output, /^error: /m, run.output.slice(0, 3000));
      const summary = complete.exec(run.output);
      assert.ok(summary, `no summary line:\n${run.output.slice(-3000)}`);
      const [, passing, failing, errors, skipped, total] = summary.map(Number);
      assert.equal(total, exchangesOf(name).length);
      assert.equal(passing + failing, total);
      assert.equal(errors, 0);
      assert.equal(skipped, 0);
      assert.ok(passing > 0, "at least the example requests that need no state pass");
    });
  }

  test("a path parameter without `example` (the first version's form) is a load error", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "dredd-control-"));
    try {
      const document = JSON.parse(readFileSync(join(root, "generated/openapi/bank-payments.json"), "utf8"));
      const parameter = document.paths["/api/credits/{credit_id}"].get.parameters.find((p: { in: string }) => p.in === "path");
      parameter.examples = { "A credit": { value: parameter.example } };
      delete parameter.example;
      writeFileSync(join(scratch, "bank-payments.json"), JSON.stringify(document));
      const run = await dredd(join(scratch, "bank-payments.json"), sandbox.bankUrl, sandbox.secretKey);
      assert.match(run.output, /^error: API description/m);
      assert.notEqual(run.code, 0);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
