// Declarations of scripts/copy-lib-assets.mjs, for the pack test.
export declare function libAssets(): string[];
