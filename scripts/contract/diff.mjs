#!/usr/bin/env node
// npm run contract:diff: the changes of each published document since the last release
// (baseline/openapi/), classified breaking, non-breaking or documentation, with the check's
// verdict. `--all` lists the documentation changes too; `--check` exits 1 when the check fails;
// `--acknowledge` prints the unacknowledged breaking changes as entries to paste into
// baseline/acknowledged-breaking-changes.yaml.
import { stringify } from "yaml";
import { reviewContract } from "./review.mjs";

const args = new Set(process.argv.slice(2));
const reviews = await reviewContract();

if (args.has("--acknowledge")) {
  const entries = Object.fromEntries(reviews.filter((r) => r.unacknowledged.length > 0)
    .map((r) => [r.name, r.unacknowledged.map((change) => ({ change: change.key, why: "TODO: why this break is needed" }))]));
  process.stdout.write(Object.keys(entries).length > 0 ? stringify(entries, { lineWidth: 0 }) : "# nothing to acknowledge\n");
  process.exit(0);
}

let failed = false;
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
  for (const problem of review.problems) {
    failed = true;
    process.stdout.write(`  PROBLEM: ${problem}\n`);
  }
}
process.stdout.write(failed ? "\nThe contract change check fails (see PROBLEM lines).\n" : "\nThe contract change check passes.\n");
if (failed && args.has("--check")) process.exit(1);
