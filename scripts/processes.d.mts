// Declarations of scripts/processes.mjs, for TypeScript callers (tests).
export interface Marker { name: string; value: string }
export interface MarkedProcess { pid: number; command: string }
export declare const markerSupported: boolean;
export declare function newMarker(name?: string): Marker;
export declare function markedProcesses(marker: Marker): MarkedProcess[];
export declare function markedProcessesAfter(marker: Marker, ms: number): Promise<MarkedProcess[]>;
