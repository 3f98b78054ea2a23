import type { ConformanceResult } from "./types.js";
export function writeReports(_result: ConformanceResult, _dir: string): void {}
