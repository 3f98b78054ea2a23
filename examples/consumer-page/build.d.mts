import type { BuildResult } from "esbuild";

/** Builds the consumer page's bundle (src/page.ts -> <outdir>/page.js); resolves to esbuild's result with its metafile. */
export function buildConsumerPage(options?: {
  outdir?: string;
  alias?: Record<string, string>;
  minify?: boolean;
  entry?: string;
}): Promise<BuildResult<{ metafile: true }>>;
