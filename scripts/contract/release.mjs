#!/usr/bin/env node
// npm run contract:release: makes the committed documents the new baseline. It refuses while the
// contract change check fails (an unacknowledged breaking change, a version not bumped as semver
// requires) or while CHANGELOG.md's [Unreleased] section does not name the new version of each
// document that changed, or while a 3.1 document differs from its 3.0 twin beyond the listed
// differences. Then it copies generated/openapi/*.json (3.0) to baseline/openapi/, empties
// the acknowledgements, and turns [Unreleased] into the package version's section, dated today.
// Bump package.json's version first (`npm version minor --no-git-tag-version`).
//
//   node scripts/contract/release.mjs [--root DIR] [--date YYYY-MM-DD] [--dry-run]
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { readAcknowledgements, readVersionDifferences, reviewContract, reviewVersions, root as defaultRoot } from "./review.mjs";

const acknowledgementsHeader = readFileSync(join(defaultRoot, "baseline", "acknowledged-breaking-changes.yaml"), "utf8")
  .split("\n").filter((line) => line.startsWith("#")).join("\n");

function option(name) {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** The text of CHANGELOG.md's [Unreleased] section (up to the next version heading). */
export function unreleasedSection(changelog) {
  const start = changelog.indexOf("## [Unreleased]");
  if (start === -1) return null;
  const next = changelog.indexOf("\n## [", start + 1);
  return changelog.slice(start, next === -1 ? undefined : next);
}

/** What stops a release, as sentences (none: the release may go ahead). */
export function releaseProblems(reviews, changelog, packageVersion) {
  const problems = reviews.flatMap((review) => review.problems.map((problem) => `${review.name}: ${problem}`));
  const unreleased = unreleasedSection(changelog);
  if (unreleased === null) return [...problems, "CHANGELOG.md has no [Unreleased] section"];
  if (changelog.includes(`## [${packageVersion}]`)) problems.push(`CHANGELOG.md already has a section for ${packageVersion}: bump package.json's version first`);
  for (const review of reviews) {
    if (review.bump === "none" || review.version === undefined) continue;
    if (!unreleased.includes(`${review.title} ${review.version}`)) problems.push(`CHANGELOG.md [Unreleased] does not name "${review.title} ${review.version}"`);
  }
  return problems;
}

async function main() {
  const root = resolve(option("--root") ?? defaultRoot);
  const date = option("--date") ?? new Date().toISOString().slice(0, 10);
  const generatedDir = join(root, "generated", "openapi");
  const baselineDir = join(root, "baseline", "openapi");
  const acknowledgementsFile = join(root, "baseline", "acknowledged-breaking-changes.yaml");
  const reviews = await reviewContract({ generatedDir, baseline: baselineDir, acknowledgements: readAcknowledgements(acknowledgementsFile) });
  // The 3.1 documents have no baseline of their own: they must state what their 3.0 twins state.
  const versionReviews = await reviewVersions({ generatedDir, differences: readVersionDifferences(join(root, "baseline", "openapi-3.1-differences.yaml")) });
  const changelogFile = join(root, "CHANGELOG.md");
  const changelog = readFileSync(changelogFile, "utf8");
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const problems = [...releaseProblems(reviews, changelog, version), ...versionReviews.flatMap((r) => r.problems.map((p) => `${r.name} (OpenAPI 3.1): ${p}`))];
  if (problems.length > 0) {
    process.stderr.write(`Not released:\n${problems.map((p) => `  - ${p}`).join("\n")}\n`);
    process.exit(1);
  }
  const summary = reviews.map((r) => `${r.name} ${r.baselineVersion ?? "(new)"} -> ${r.version}`).join(", ");
  if (process.argv.includes("--dry-run")) {
    process.stdout.write(`Would release ${version} (${date}): ${summary}\n`);
    return;
  }
  mkdirSync(baselineDir, { recursive: true });
  for (const review of reviews) copyFileSync(join(generatedDir, `${review.name}.json`), join(baselineDir, `${review.name}.json`));
  writeFileSync(acknowledgementsFile, `${acknowledgementsHeader}\n{}\n`);
  writeFileSync(changelogFile, changelog.replace("## [Unreleased]", `## [Unreleased]\n\n## [${version}] - ${date}`));
  process.stdout.write(`Released ${version} (${date}): ${summary}. Baseline moved; commit baseline/ and CHANGELOG.md.\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) await main();
