// The house's shape (ARCHITECTURE.md), enforced: every import between the rooms runs one way, no
// file of the shipped rooms is in an import cycle (type-only imports count: they too stop a file
// from being read or moved alone), shipped code never reaches into proof/, and the suite's
// vocabulary (conformance/types.ts) sits at its bottom. Imports are read with TypeScript's own
// pre-processor, which sees static, type-only, re-export and dynamic imports alike.
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "../helpers/typescript.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Which rooms each room may import (besides itself). */
const allowed: Record<string, string[]> = {
  generated: [],
  src: ["generated"],
  sandbox: ["src", "generated"],
  conformance: ["src", "generated"],
  entry: ["conformance", "sandbox", "src", "generated"],
  proof: ["conformance", "sandbox", "src", "generated"],
};
const shipped = ["entry", "src", "sandbox", "conformance", "generated"];

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|cjs|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(relative(root, path));
    }
  };
  if (existsSync(join(root, folder))) walk(join(root, folder));
  return found;
}

/** The repository files a source file imports (relative specifiers only; packages are not rooms). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
  return info.importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => {
      const target = relative(root, resolve(dirname(join(root, file)), name));
      const candidates = [target.replace(/\.js$/, ".ts"), target, `${target}.ts`, join(target, "index.ts")];
      return candidates.find((candidate) => existsSync(join(root, candidate))) ?? target;
    });
}

const roomOf = (file: string) => file.split("/")[0];
const graph = new Map(Object.keys(allowed).flatMap(sourceFiles).map((file) => [file, importsOf(file)]));

/** Strongly connected components of more than one file (Tarjan). */
function cycles(nodes: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of nodes.get(node) ?? []) {
      if (!nodes.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("architecture (ARCHITECTURE.md)", () => {
  it("reads the imports it judges (the check can see an arrow)", () => {
    assert.ok(graph.get("entry/index.ts")?.some((target) => target.startsWith("src/client/")), "entry/index.ts should import the client");
    assert.ok(graph.size > 150, `only ${graph.size} files read`);
  });

  it("every import between rooms runs one way", () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        const from = roomOf(file);
        const to = roomOf(target);
        if (from !== to && !allowed[from].includes(to)) wrong.push(`${file} -> ${target}`);
      }
    }
    assert.deepEqual(wrong, [], "imports against the arrows of ARCHITECTURE.md");
  });

  it("no file of the shipped rooms or of proof/ is in an import cycle", () => {
    assert.deepEqual(cycles(graph).map((cycle) => cycle.join(", ")), []);
  });

  it("shipped code never imports proof/ or test/ (they are not in the package)", () => {
    const wrong = [...graph].filter(([file]) => shipped.includes(roomOf(file)))
      .flatMap(([file, targets]) => targets.filter((target) => ["proof", "test", "bench", "scripts"].includes(roomOf(target))).map((target) => `${file} -> ${target}`));
    assert.deepEqual(wrong, []);
  });

  it("the suite's vocabulary, conformance/types.ts, imports no layer of the suite", () => {
    const layers = graph.get("conformance/types.ts")!.filter((target) => roomOf(target) === "conformance" && target !== "conformance/settings.ts");
    assert.deepEqual(layers, []);
    // settings.ts, which it may import, is itself a leaf.
    assert.deepEqual(graph.get("conformance/settings.ts")!.filter((target) => roomOf(target) === "conformance"), []);
  });
});
