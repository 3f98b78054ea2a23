// Declarations of scripts/build.mjs, for TypeScript callers (the ecosystem tests).
export declare const services: readonly { namespace: string; name: string }[];
export declare function publishableWorkflows(text: string, documents: Record<string, unknown>): string;
export declare function workflowSources(): { file: string; text: string }[];
export declare function withLinks<T>(document: T, rows: Array<{ from: string; name: string; to: string; parameters: Record<string, string>; description?: string }>): T;
