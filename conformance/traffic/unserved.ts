// A method a known path does not serve (DELETE on the intents list, GET on the payroll route): no
// operation describes it, but a decision row does (B-60, C-14), as the coverage layer's route
// probes check it (conformance/coverage/route-probes.ts). Routes the contract does not know at all
// stay "not judged": the server may have others (a health check, a framework's pages).
import type { ServiceName } from "../../src/openapi/documents.js";
import type { Rule } from "../rules.js";
import type { RawExchange } from "./exchange.js";

const jsonOf = (raw: RawExchange): any => {
  if (!/^application\/json\b/.test(raw.responseHeaders["content-type"] ?? "")) return undefined;
  try {
    return JSON.parse(raw.responseText);
  } catch {
    return undefined;
  }
};

/** What is wrong with the answer to a method a known path does not serve, and the rule; undefined when it is right. */
export function unservedMethodProblem(service: ServiceName, raw: RawExchange): { rule: Rule; problem: string } | undefined {
  const body = jsonOf(raw);
  const got = `got ${raw.status} ${raw.responseText.slice(0, 120)}`;
  if (service === "bank-payments") {
    // B-60: 404 with doc 7.3's body, or 405 as a framework answers it.
    if (raw.status === 405 || (raw.status === 404 && body?.message === "not_found")) return undefined;
    return { rule: "B-60", problem: `a method the path does not serve must be answered 404 {"message": "not_found"} or 405; ${got}` };
  }
  // C-14: refused with a 4xx and doc 2.3's errors array, never processed as a check.
  if (raw.status >= 400 && raw.status <= 499 && Array.isArray(body?.errors) && body.errors.length > 0) return undefined;
  return { rule: "C-14", problem: `a method the payroll route does not serve must be refused with a 4xx and the errors array of cc §2.3; ${got}` };
}
