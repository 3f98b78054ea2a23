// The fenced code blocks of README.md and of every guide in docs/. A block's info string says what
// it is: `ts` is a program that is type-checked and run against the sandbox
// (test/readme/readme.test.ts; README's quick start and complete example also as written, in a
// fresh project from the packed package, test/readme/quick-start.test.ts); `text output` is what
// the `ts` block before it prints (only `sh` blocks, the commands that run it, may come between);
// `sh`, `yaml`, `json` and plain `text` are shown, not run (but see quick-start.test.ts).
import { readdirSync, readFileSync } from "node:fs";

export interface Block {
  /** The info string after the opening fence: `ts`, `sh`, `text output`... */
  info: string;
  code: string;
  /** The Markdown file, relative to the repository (`README.md`, `docs/client.md`). */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The nearest `##` heading above the block. */
  heading: string;
  /** For a `ts` block: the `text output` block after it (with only `sh` blocks between), if any. */
  output?: string;
}

const rootUrl = new URL("../../", import.meta.url);

/** README.md and the guides of docs/, as paths relative to the repository. */
export function documentationFiles(): string[] {
  const guides = readdirSync(new URL("docs/", rootUrl)).filter((name) => name.endsWith(".md")).sort();
  return ["README.md", ...guides.map((name) => `docs/${name}`)];
}

/** The `ts` block a `text output` block after `blocks` belongs to: the last one, past `sh` blocks only. */
export function programFor(blocks: Block[]): Block | undefined {
  for (let i = blocks.length - 1; i >= 0; i -= 1) {
    if (blocks[i].info === "ts") return blocks[i];
    if (blocks[i].info !== "sh") return undefined;
  }
  return undefined;
}

/** Every fenced block of a Markdown text, `text output` blocks attached to the `ts` block they follow. */
export function blocksOf(markdown: string, file = "README.md"): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split("\n");
  let heading = "";
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (line.startsWith("## ")) heading = line.slice(3).trim();
    const fence = /^```(.*)$/.exec(line);
    if (!fence) continue;
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && lines[i] !== "```"; i += 1) body.push(lines[i]);
    const block: Block = { info: fence[1].trim(), code: `${body.join("\n")}\n`, file, line: start + 1, heading };
    const program = programFor(blocks);
    if (block.info === "text output" && program && program.output === undefined) program.output = block.code;
    blocks.push(block);
  }
  return blocks;
}

/** The blocks of README.md only. */
export function readmeBlocks(): Block[] {
  return blocksOf(readFileSync(new URL("README.md", rootUrl), "utf8"));
}

/** The blocks of README.md and of every guide. */
export function documentationBlocks(): Block[] {
  return documentationFiles().flatMap((file) => blocksOf(readFileSync(new URL(file, rootUrl), "utf8"), file));
}

/** The program blocks (`ts`). */
export function programBlocks(blocks: Block[] = readmeBlocks()): Block[] {
  return blocks.filter((block) => block.info === "ts");
}

/** The complete example: the first `ts` block under "Example: a complete integration". */
export function completeExample(blocks: Block[] = readmeBlocks()): Block {
  const block = programBlocks(blocks).find((b) => b.heading === "Example: a complete integration");
  if (!block) throw new Error('README has no ts block under "## Example: a complete integration"');
  return block;
}
