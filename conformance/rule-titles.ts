// A rule in words, for the titles of failure groups: the heading of the API document's section, the
// topic of a contract decision's row, or what a pointer into the published document points at. Read
// from the documents the package ships (docs/), so a title never drifts from what the reader opens.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../src/openapi/documents.js";
import type { Rule } from "./types.js";

const files = { bank: "docs/api/bank-payment-service.md", cc: "docs/api/check-cashing-service.md", decisions: "docs/contract-decisions.md" };
const texts = new Map<string, string>();

function read(file: string): string {
  if (!texts.has(file)) {
    const path = join(packageRoot, file);
    texts.set(file, existsSync(path) ? readFileSync(path, "utf8") : "");
  }
  return texts.get(file)!;
}

/** `States and transitions: Transaction intent` for §3.1: the section's heading under its chapter's. */
function sectionTitle(document: string, section: string): string | undefined {
  const headings = [...read(document).matchAll(/^#{2,4} ([0-9.]+?)\.? (.+)$/gm)].map((match) => ({ number: match[1], title: match[2].trim() }));
  const own = headings.find((heading) => heading.number === section);
  if (!own) return undefined;
  const chapter = section.includes(".") ? headings.find((heading) => heading.number === section.split(".")[0]) : undefined;
  return chapter ? `${chapter.title}: ${own.title}` : own.title;
}

/** The topic of a decision row (`B-18` → its Topic column). */
function decisionTopic(id: string): string | undefined {
  const row = new RegExp(`^\\| <a id="${id.toLowerCase()}"></a>${id} \\| ([^|]+) \\|`, "m").exec(read(files.decisions));
  return row?.[1].trim();
}

const unescape = (segment: string) => segment.replace(/~1/g, "/").replace(/~0/g, "~");

/** What a pointer into a published document names: `POST /api/credits answers 201`. */
function pointerTitle(pointer: string): string | undefined {
  const response = /^#\/paths\/([^/]+)\/([a-z]+)(?:\/responses\/(\d{3}|default))?/.exec(pointer);
  if (response) {
    const route = `${response[2].toUpperCase()} ${unescape(response[1])}`;
    return response[3] ? `${route} answers ${response[3]} as the published document says` : `${route} as the published document says`;
  }
  const schema = /^#\/components\/schemas\/([^/]+)/.exec(pointer);
  return schema ? `the ${schema[1]} schema of the published document` : undefined;
}

/** The rule in words, when the shipped documents say; undefined otherwise. */
export function ruleTitle(rule: Rule): string | undefined {
  const section = /^(bank|cc) §([0-9.]+)$/.exec(rule);
  if (section) return sectionTitle(files[section[1] as "bank" | "cc"], section[2]);
  const decision = /^[BC]-\d+$/.exec(rule);
  if (decision) return decisionTopic(rule);
  const pointer = /^oas [a-z-]+(#.*)$/.exec(rule);
  return pointer ? pointerTitle(pointer[1]) : undefined;
}
