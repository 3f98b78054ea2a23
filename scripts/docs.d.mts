// Declarations of scripts/docs.mjs, for TypeScript callers (the docs test).
export declare const docServices: readonly { name: string; title: string }[];
export declare function remoteAssetUrls(html: string): string[];
export declare function buildDocs(options?: { outDir?: string }): Promise<string[]>;
export declare const idleCallbackPolyfill: string;
