import type { ServiceName } from "../../src/openapi/documents.js";
import { bankRuleScenarios } from "./bank-rules.js";
import { bankTransitionScenarios } from "./bank-transitions.js";
import { checkCashingScenarios } from "./check-cashing.js";
import { raceScenarios } from "./races.js";
import type { Scenario } from "./scenario.js";

export function scenariosFor(service: ServiceName): Scenario[] {
  return service === "bank-payments" ? [...bankTransitionScenarios, ...bankRuleScenarios, ...raceScenarios] : checkCashingScenarios();
}
