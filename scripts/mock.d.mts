// Declarations of scripts/mock.mjs, for TypeScript callers (the client tests).
export declare const DEFAULT_BANK_PORT: 4010;
export declare const DEFAULT_CHECK_CASHING_PORT: 4011;
export declare function freePort(host?: string): Promise<number>;
export interface MockOptions {
  /** 4010 by default; 0 lets the OS pick a free port (then read `bankUrl`). */
  bankPort?: number;
  /** 4011 by default; 0 lets the OS pick a free port (then read `checkCashingUrl`). */
  checkCashingPort?: number;
  host?: string;
  /** Echo Prism's log lines to stdout, prefixed with the service name. */
  log?: boolean;
  readyTimeoutMs?: number;
}
export interface RunningMock {
  bankUrl: string;
  checkCashingUrl: string;
  stop(): Promise<void>;
}
export declare function startMock(options?: MockOptions): Promise<RunningMock>;
