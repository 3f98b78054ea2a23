// A scenario: a named sequence of calls with assertions, read like a row of the API docs' tables.
import type { ApiClient } from "../client.js";
import type { Rule } from "../rules.js";
import type { SuiteSettings } from "../settings.js";
import type { Profile } from "../types.js";

/** What a scenario runs with: the server's settings as told to the suite (the contract's defaults otherwise). */
export type ScenarioContext = { api: ApiClient; profile: Profile; settings: SuiteSettings };

export type Scenario = {
  group: string;
  name: string;
  /** Profiles the scenario applies to (default: full only; a stateless mock cannot honour state). */
  profiles?: Profile[];
  /** Implementation-specific trigger it relies on (README "Sandbox test triggers"). */
  trigger?: string;
  /**
   * Without triggers, the fixtures' promise of the same outcome it then runs from, as the report
   * names it (`promised by the fixtures (declines): an amount of 40.12 declined with code 12`);
   * undefined when they promise none (the check is skipped).
   */
  fixturePromise?(): string | undefined;
  /** The rule of the contract it enforces, when its group's rule is not the one (conformance/rules.ts). */
  rule?: Rule;
  /** Why it cannot judge this server with these settings (the check is skipped with the reason); undefined when it can. */
  unjudgeable?(settings: SuiteSettings): string | undefined;
  run(context: ScenarioContext): Promise<void>;
};

export class AssertionFailure extends Error {}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionFailure(message);
}

export function equal<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) throw new AssertionFailure(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}
