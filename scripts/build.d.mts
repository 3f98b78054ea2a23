// Declarations of scripts/build.mjs, for TypeScript callers (the ecosystem tests).
export declare const services: readonly { namespace: string; name: string }[];
export declare function publishableWorkflows(text: string, documents: Record<string, unknown>): string;
export declare function workflowSources(): { file: string; text: string }[];
export declare function withLinks<T>(document: T, rows: Array<{ from: string; name: string; to: string; parameters: Record<string, string>; description?: string }>): T;
export declare const openapiVersions: readonly { version: "3.0" | "3.1"; emitted: string; folder: string }[];
export declare function publishable31<T>(document: T, namespace: string, name: string): T;
export declare function nullInType<T>(document: T): T;
export declare function nullableReferences<T>(document: T): T;
export declare function mapsAsAdditionalProperties<T>(document: T): T;
export declare function referencesWithSiblings<T>(document: T): T;
export declare function withExtrasMemberNames<T>(document: T, maxLength?: number): T;
export declare function extrasKeyLimit(source?: string): number;
export declare function publishedYaml(value: unknown): string;
