// Declarations of scripts/mock.mjs, for TypeScript callers (the client tests).
export declare const DEFAULT_BANK_PORT: 4010;
export declare const DEFAULT_CHECK_CASHING_PORT: 4011;
export declare function freePort(host?: string): Promise<number>;
/** Where Prism's output lines go: a callback, true for stdout, false (default) for nowhere. */
export type PrismLog = boolean | ((line: string, label: string) => void);
export interface MockOptions {
  /** 4010 by default; 0 lets the OS pick a free port (then read `bankUrl`). */
  bankPort?: number;
  /** 4011 by default; 0 lets the OS pick a free port (then read `checkCashingUrl`). */
  checkCashingPort?: number;
  host?: string;
  log?: PrismLog;
  readyTimeoutMs?: number;
  /** Aborting it during the start stops what already runs and rejects. */
  signal?: AbortSignal;
}
export interface RunningMock {
  bankUrl: string;
  checkCashingUrl: string;
  stop(): Promise<void>;
}
export declare function startMock(options?: MockOptions): Promise<RunningMock>;
export type MockedDocument = "bank-payments" | "check-cashing" | "sandbox-helpers";
export declare function startDocumentMock(
  name: MockedDocument,
  options?: { port?: number; host?: string; log?: PrismLog; readyTimeoutMs?: number; signal?: AbortSignal },
): Promise<{ url: string; stop(): Promise<void> }>;
export declare function isPrismProblem(line: string): boolean;
export declare function banner(options: { bankUrl: string; checkCashingUrl: string; verbose: boolean }): string;
