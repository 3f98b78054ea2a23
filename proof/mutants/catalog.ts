// The faulty variants of the reference sandbox: each alters exactly one thing, black-box, through
// the proxy. The conformance suite must fail against every one of them, and each must have changed
// at least one response during its run.
import { bankAnswerMutants } from "./bank-answers.js";
import { bankObjectMutants } from "./bank-objects.js";
import { checkCashingMutants } from "./check-cashing.js";
import { fourthGenerationMutants } from "./fourth-generation.js";
import type { Mutant } from "./proxy.js";
import { raceMutants } from "./races.js";
import { uselessMutants } from "./useless.js";

export const mutants: Mutant[] = [...bankObjectMutants, ...bankAnswerMutants, ...checkCashingMutants,
  // Issue 23: the fourth generation, killed deterministically; the useless servers, killed by the evidence rule.
  ...fourthGenerationMutants, ...uselessMutants,
  // Issue 34: racy servers, killed by the race scenarios.
  ...raceMutants];
