// Declarations of scripts/contract/changes.mjs, for TypeScript callers (the ecosystem tests).
export type ChangeKind = "breaking" | "non-breaking" | "documentation";
export type ContractChange = { kind: ChangeKind; operation: string; where: string; path: string; what: string; key: string };
export type Bump = "none" | "patch" | "minor" | "major";
export declare function contractChanges(before: object, after: object, options?: { acrossVersions?: boolean }): Promise<ContractChange[]>;
export declare function requiredBump(changes: ContractChange[]): Bump;
export declare function bumpBetween(from: string, to: string): Bump | "down";
export declare function bumpCovers(actual: Bump | "down" | "new", required: Bump): boolean;
