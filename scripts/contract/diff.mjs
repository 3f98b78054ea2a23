#!/usr/bin/env node
// npm run contract:diff: the changes of each published OpenAPI 3.0 document since the last release
// (baseline/openapi/), classified breaking, non-breaking or documentation, and how each OpenAPI
// 3.1 document differs from its 3.0 twin, with the check's verdict. Exits 1 when the check fails.
// `--all` lists the documentation changes too; `--acknowledge` prints the unacknowledged breaking
// changes as entries to paste into baseline/acknowledged-breaking-changes.yaml; `--root DIR`
// reviews another checkout; `--check` is accepted for older scripts (the exit status is the same).
import { join, resolve } from "node:path";
import { stringify } from "yaml";
import { readAcknowledgements, readVersionDifferences, reviewContract, reviewVersions, root as defaultRoot } from "./review.mjs";

const argv = process.argv.slice(2);
const args = new Set(argv);
const root = resolve(argv.includes("--root") ? argv[argv.indexOf("--root") + 1] : defaultRoot);
const generatedDir = join(root, "generated", "openapi");
const reviews = await reviewContract({
  generatedDir, baseline: join(root, "baseline", "openapi"),
  acknowledgements: readAcknowledgements(join(root, "baseline", "acknowledged-breaking-changes.yaml")),
});
const versionReviews = await reviewVersions({ generatedDir, differences: readVersionDifferences(join(root, "baseline", "openapi-3.1-differences.yaml")) });

if (args.has("--acknowledge")) {
  const entries = Object.fromEntries(reviews.filter((r) => r.unacknowledged.length > 0)
    .map((r) => [r.name, r.unacknowledged.map((change) => ({ change: change.key, why: "TODO: why this break is needed" }))]));
  process.stdout.write(Object.keys(entries).length > 0 ? stringify(entries, { lineWidth: 0 }) : "# nothing to acknowledge\n");
  process.exit(0);
}

let failed = false;
const problemLines = (problems) => {
  for (const problem of problems) {
    failed = true;
    process.stdout.write(`  PROBLEM: ${problem}\n`);
  }
};

process.stdout.write("OpenAPI 3.0 documents, against the last release (baseline/openapi/):\n");
for (const review of reviews) {
  const counts = { breaking: 0, "non-breaking": 0, documentation: 0 };
  for (const change of review.changes) counts[change.kind] += 1;
  const from = review.version === undefined ? "not published" : review.baselineVersion === null ? "new document (no baseline)" : `${review.baselineVersion} -> ${review.version}`;
  const verdict = review.baselineVersion ? `; ${counts.breaking} breaking, ${counts["non-breaking"]} non-breaking, ${counts.documentation} documentation; needs a ${review.required} bump, has ${review.bump}` : "";
  process.stdout.write(`\n${review.name}: ${from}${verdict}\n`);
  const unacknowledgedKeys = new Set(review.unacknowledged?.map((c) => c.key));
  for (const change of review.changes) {
    if (change.kind === "documentation" && !args.has("--all")) continue;
    const mark = change.kind === "breaking" ? (unacknowledgedKeys.has(change.key) ? " [NOT ACKNOWLEDGED]" : " [acknowledged]") : "";
    process.stdout.write(`  ${change.kind.padEnd(13)} ${change.key}${mark}\n`);
  }
  problemLines(review.problems);
}

process.stdout.write("\nOpenAPI 3.1 documents (generated/openapi/3.1/), against their 3.0 twins:\n");
for (const review of versionReviews) {
  const count = review.changes.length;
  process.stdout.write(`\n${review.name}: ${count === 0 ? "states the same contract" : `the same contract, plus ${count} statement(s) only 3.1 can make`}\n`);
  for (const change of review.changes) process.stdout.write(`  3.1 only      ${change.key}\n`);
  problemLines(review.problems);
}

process.stdout.write(failed ? "\nThe contract change check fails (see PROBLEM lines).\n" : "\nThe contract change check passes.\n");
if (failed) process.exit(1);
