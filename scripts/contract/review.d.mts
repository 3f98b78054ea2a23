// Declarations of scripts/contract/review.mjs, for TypeScript callers (the ecosystem tests).
import type { Bump, ContractChange } from "./changes.mjs";
export type Acknowledgement = { change: string; why?: string };
export type DocumentReview = {
  name: string; title?: string; version?: string; baselineVersion?: string | null;
  changes: ContractChange[]; required?: Bump; bump?: Bump | "down" | "new";
  unacknowledged?: ContractChange[]; stale?: Acknowledgement[]; problems: string[];
};
export declare const root: string;
export declare const baselineDir: string;
export declare const acknowledgementsFile: string;
export declare function readAcknowledgements(file?: string): Record<string, Acknowledgement[]>;
export declare function reviewDocument(name: string, input: { published: any; baseline?: any; acknowledged?: Acknowledgement[] }): Promise<DocumentReview>;
export declare function reviewContract(options?: { generatedDir?: string; baseline?: string; acknowledgements?: Record<string, Acknowledgement[]> }): Promise<DocumentReview[]>;
export type VersionDifference = { change: string; why?: string };
export type VersionReview = { name: string; openapi: "3.1"; changes: ContractChange[]; problems: string[] };
export declare const versionDifferencesFile: string;
export declare function readVersionDifferences(file?: string): Record<string, VersionDifference[]>;
export declare function reviewVersionTwin(name: string, input: { twin: any; document: any; listed?: VersionDifference[] }): Promise<VersionReview>;
export declare function reviewVersions(options?: { generatedDir?: string; differences?: Record<string, VersionDifference[]> }): Promise<VersionReview[]>;
