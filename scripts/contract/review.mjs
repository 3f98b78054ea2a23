// The contract change check: each published OpenAPI 3.0 document against its baseline (the last
// released version, baseline/openapi/), with the acknowledgements of breaking changes
// (baseline/acknowledged-breaking-changes.yaml) and the semver rule on info.version; and each
// OpenAPI 3.1 document against its 3.0 twin, which it must state alike except for the differences
// listed in baseline/openapi-3.1-differences.yaml. So a change of either version is reviewed: a
// 3.0 change against the baseline, a 3.1 change as the same change or as a listed difference.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { bumpBetween, bumpCovers, contractChanges, requiredBump } from "./changes.mjs";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const baselineDir = join(root, "baseline", "openapi");
export const acknowledgementsFile = join(root, "baseline", "acknowledged-breaking-changes.yaml");
export const versionDifferencesFile = join(root, "baseline", "openapi-3.1-differences.yaml");

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** The acknowledged breaking changes, by document: `{ change, why }` entries. */
export function readAcknowledgements(file = acknowledgementsFile) {
  const parsed = existsSync(file) ? parse(readFileSync(file, "utf8")) : null;
  return parsed ?? {};
}

/**
 * Reviews one document: its changes since the baseline, which breaking ones lack an
 * acknowledgement, which acknowledgements match nothing, and whether info.version moved as semver
 * requires (a breaking change needs a new major version, a non-breaking one a new minor,
 * documentation a new patch). `problems` lists what fails the check.
 */
export async function reviewDocument(name, { published, baseline, acknowledged = [] }) {
  const version = published.info.version;
  if (!baseline) {
    return { name, title: published.info.title, version, baselineVersion: null, changes: [], required: "none", bump: "new", unacknowledged: [], stale: [], problems: [] };
  }
  const changes = await contractChanges(baseline, published);
  const baselineVersion = baseline.info.version;
  const required = requiredBump(changes);
  const bump = bumpBetween(baselineVersion, version);
  const keys = new Set(acknowledged.map((entry) => entry.change));
  const unacknowledged = changes.filter((change) => change.kind === "breaking" && !keys.has(change.key));
  const breakingKeys = new Set(changes.filter((change) => change.kind === "breaking").map((change) => change.key));
  const stale = acknowledged.filter((entry) => !breakingKeys.has(entry.change));
  const problems = [];
  for (const change of unacknowledged) problems.push(`unacknowledged breaking change: ${change.key}`);
  for (const entry of stale) problems.push(`acknowledgement matches no breaking change: ${entry.change}`);
  for (const entry of acknowledged) if (!entry.why) problems.push(`acknowledgement without a reason: ${entry.change}`);
  if (!bumpCovers(bump, required)) problems.push(`info.version ${baselineVersion} -> ${version} is a ${bump} change; the changes need at least a ${required} bump`);
  return { name, title: published.info.title, version, baselineVersion, changes, required, bump, unacknowledged, stale, problems };
}

/** Reviews every published document (generated/openapi/*.json) against the baseline. */
export async function reviewContract({ generatedDir = join(root, "generated", "openapi"), baseline = baselineDir, acknowledgements = readAcknowledgements() } = {}) {
  const names = readdirSync(generatedDir).filter((file) => file.endsWith(".json")).map((file) => file.slice(0, -5)).sort();
  const reviews = [];
  for (const name of names) {
    const baselineFile = join(baseline, `${name}.json`);
    reviews.push(await reviewDocument(name, {
      published: readJson(join(generatedDir, `${name}.json`)),
      baseline: existsSync(baselineFile) ? readJson(baselineFile) : undefined,
      acknowledged: acknowledgements[name] ?? [],
    }));
  }
  for (const name of Object.keys(acknowledgements)) {
    if (!names.includes(name)) reviews.push({ name, problems: [`acknowledgements for an unknown document ${name}`], changes: [] });
  }
  return reviews;
}

/** The listed differences of the 3.1 documents from their 3.0 twins, by document: `{ change, why }` entries. */
export function readVersionDifferences(file = versionDifferencesFile) {
  const parsed = existsSync(file) ? parse(readFileSync(file, "utf8")) : null;
  return parsed ?? {};
}

/**
 * Reviews one OpenAPI 3.1 document against its 3.0 twin: every difference that is not
 * documentation must be listed (what only 3.1 can state), every listed one must occur, and both
 * carry the same info.version. `problems` lists what fails the check.
 */
export async function reviewVersionTwin(name, { twin, document, listed = [] }) {
  const changes = (await contractChanges(twin, document, { acrossVersions: true })).filter((change) => change.kind !== "documentation");
  const keys = new Set(listed.map((entry) => entry.change));
  const found = new Set(changes.map((change) => change.key));
  const problems = [];
  if (!/^3\.1\.\d+$/.test(document.openapi)) problems.push(`openapi is ${document.openapi}, not 3.1.x`);
  if (document.info.version !== twin.info.version) problems.push(`info.version ${document.info.version} differs from the 3.0 document's ${twin.info.version}`);
  for (const change of changes) if (!keys.has(change.key)) problems.push(`differs from the 3.0 document, not listed in baseline/openapi-3.1-differences.yaml: ${change.key}`);
  for (const entry of listed) {
    if (!found.has(entry.change)) problems.push(`listed difference matches nothing: ${entry.change}`);
    if (!entry.why) problems.push(`listed difference without a reason: ${entry.change}`);
  }
  return { name, openapi: "3.1", changes, problems };
}

/** Reviews every published 3.1 document (generated/openapi/3.1/*.json) against its 3.0 twin. */
export async function reviewVersions({ generatedDir = join(root, "generated", "openapi"), differences = readVersionDifferences() } = {}) {
  const folder = join(generatedDir, "3.1");
  const names = existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith(".json")).map((file) => file.slice(0, -5)).sort() : [];
  const reviews = [];
  for (const name of names) {
    const twinFile = join(generatedDir, `${name}.json`);
    if (!existsSync(twinFile)) {
      reviews.push({ name, openapi: "3.1", changes: [], problems: ["no 3.0 document of the same name"] });
      continue;
    }
    reviews.push(await reviewVersionTwin(name, { twin: readJson(twinFile), document: readJson(join(folder, `${name}.json`)), listed: differences[name] ?? [] }));
  }
  for (const name of Object.keys(differences)) {
    if (!names.includes(name)) reviews.push({ name, openapi: "3.1", problems: [`listed differences for an unknown 3.1 document ${name}`], changes: [] });
  }
  return reviews;
}
