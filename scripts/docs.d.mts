// Declarations of scripts/docs.mjs, for TypeScript callers (the docs tests).
export declare const docServices: readonly { name: string; title: string }[];
export declare function remoteAssetUrls(html: string): string[];
export declare function buildDocs(options?: { outDir?: string }): Promise<string[]>;
export declare const idleCallbackPolyfill: string;
export declare const tableWrapStyle: string;
export declare function firstParagraph(markdown: string): string;
export declare function operationRoute(operation: { operationId: string; tags: string[] }): string;
export declare function guides(): { file: string; title: string; summary: string }[];
