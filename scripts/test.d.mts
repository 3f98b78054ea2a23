// Declarations of scripts/test.mjs, for TypeScript callers (its test).
export declare const RUN_MARKER: string;
export declare const serialFiles: string[];
export declare function allTestFiles(): string[];
export declare function summaryCounts(output: string): Partial<Record<"tests" | "pass" | "fail" | "cancelled" | "skipped" | "todo", number>>;
export declare function skipLines(output: string): string[];
