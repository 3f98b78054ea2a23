// Shared vocabulary of the conformance suite: what is tested, how, and what came out.
import type { ServiceName } from "../src/openapi/documents.js";

export type Profile = "full" | "mock";

/** What the suite runs against. */
export type ConformanceOptions = {
  service: ServiceName;
  baseUrl: string;
  secretKey?: string;
  publishableKey?: string;
  /** `full` for stateful implementations, `mock` for a stateless mock such as Prism. */
  profile?: Profile;
  /** Run the scenarios that rely on the reference sandbox's documented test triggers (default true). */
  triggers?: boolean;
  /** Layers to run (default both). */
  layers?: Array<"dredd" | "scenarios">;
  /** Write JUnit XML and a Markdown report here. */
  reportDir?: string;
  /** Stop scenarios after the first failure (used by the mutant tests to save time). */
  failFast?: boolean;
  /** Called with each finished check (progress output). */
  onCheck?: (check: CheckResult) => void;
};

export type Outcome = "passed" | "failed" | "skipped";

/** One executed check: a Dredd transaction or a scenario. */
export type CheckResult = {
  layer: "dredd" | "scenario";
  /** Group in the report (operation for Dredd; transition, conflict, auth, view, pagination, filter, validation, ...). */
  group: string;
  name: string;
  outcome: Outcome;
  /** Why it failed or was skipped. */
  reason?: string;
  /** Implementation-specific trigger the check depends on (README "Sandbox test triggers"). */
  trigger?: string;
  durationMs: number;
};

/** A response the suite saw and validated: operation x status, for the coverage matrix. */
export type Observation = { operationId: string; status: number; valid: boolean; code?: string };

export type ConformanceResult = {
  service: ServiceName;
  profile: Profile;
  baseUrl: string;
  checks: CheckResult[];
  observations: Observation[];
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
  durationMs: number;
};
