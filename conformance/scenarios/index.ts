import type { ServiceName } from "../../src/openapi/documents.js";
import type { Scenario } from "./scenario.js";

export function scenariosFor(service: ServiceName): Scenario[] {
  return service === "bank-payments" ? [] : [];
}
