// Declarations of scripts/contract/release.mjs, for TypeScript callers (the ecosystem tests).
import type { DocumentReview } from "./review.mjs";
export declare function unreleasedSection(changelog: string): string | null;
export declare function releaseProblems(reviews: DocumentReview[], changelog: string, packageVersion: string): string[];
