// The checks the package's commands run before loading (entry/bin/requirements.ts): which
// better-sqlite3 line fits which Node, and the one line printed when it is missing or does not fit.
// The commands themselves are run from an installed tarball in test/readme/quick-start.test.ts.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  betterSqliteLoadProblem,
  betterSqliteProblem,
  betterSqliteRangeFor,
  conformanceProblem,
  installedVersion,
} from "../../entry/bin/requirements.js";

describe("better-sqlite3 for the sandbox", () => {
  it("12.9 on Node 20 and 22, 13.2 on Node 24 and later", () => {
    assert.equal(betterSqliteRangeFor("20.19.0"), "^12.9.0");
    assert.equal(betterSqliteRangeFor("22.12.0"), "^12.9.0");
    assert.equal(betterSqliteRangeFor("24.0.0"), "^13.2.0");
    assert.equal(betterSqliteRangeFor("25.1.0"), "^13.2.0");
  });

  it("missing: one line with the install command for this Node", () => {
    assert.equal(
      betterSqliteProblem("payments-sandbox", "20.20.2", undefined),
      'payments-sandbox needs better-sqlite3 (^12.9.0 on Node 20.20.2): npm install better-sqlite3@"^12.9.0"',
    );
    assert.match(betterSqliteProblem("payments-sandbox", "24.1.0", undefined) ?? "", /npm install better-sqlite3@"\^13\.2\.0"$/);
  });

  it("of the wrong line for this Node: one line naming the installed version and the right one", () => {
    assert.equal(
      betterSqliteProblem("payments-sandbox", "24.1.0", "12.9.0"),
      'payments-sandbox: better-sqlite3 12.9.0 does not run on Node 24.1.0, it needs ^13.2.0: npm install better-sqlite3@"^13.2.0"',
    );
    assert.match(betterSqliteProblem("payments-sandbox", "20.20.2", "13.2.0") ?? "", /does not run on Node 20\.20\.2/);
    assert.match(betterSqliteProblem("payments-sandbox", "22.12.0", "12.8.0") ?? "", /needs \^12\.9\.0/);
  });

  it("fitting: no problem", () => {
    assert.equal(betterSqliteProblem("payments-sandbox", "20.20.2", "12.9.0"), undefined);
    assert.equal(betterSqliteProblem("payments-sandbox", "22.12.0", "12.10.1"), undefined);
    assert.equal(betterSqliteProblem("payments-sandbox", "24.1.0", "13.4.0"), undefined);
  });

  it("the repository's own better-sqlite3 fits and loads", () => {
    assert.equal(betterSqliteProblem("payments-sandbox", process.versions.node, installedVersion("better-sqlite3")), undefined);
    assert.equal(betterSqliteLoadProblem("payments-sandbox"), undefined);
  });
});

describe("dredd and fast-check for the conformance command", () => {
  it("missing: one line; installed: none", () => {
    assert.equal(conformanceProblem("conformance", () => undefined), 'conformance needs dredd (^14.1.0) for its Dredd layer and fast-check (^4.10.2) for its generated sequences: npm install dredd@"^14.1.0" fast-check@"^4.10.2"');
    assert.equal(conformanceProblem("conformance", (name) => (name === "dredd" ? "14.1.0" : undefined)), 'conformance needs fast-check (^4.10.2) for its generated sequences: npm install fast-check@"^4.10.2"');
    assert.equal(conformanceProblem("conformance", installedVersion), undefined);
    assert.equal(installedVersion("no-such-package-here"), undefined);
  });
});
