// The valid variants of the reference sandbox: each changes one thing the contract leaves open
// (docs/sandbox.md, "Sandbox behaviour the contract leaves open"; the contract audit behind issue 19).
// The conformance suite must pass against every one, and each must have fired.
import { behaviourVariants } from "./behaviour.js";
import { checkCashingVariants } from "./check-cashing.js";
import { configurationVariants } from "./configuration.js";
import { declineVariants } from "./declines.js";
import { formVariants } from "./forms.js";
import { limitVariants } from "./limits.js";
import { objectVariants } from "./objects.js";
import { openValueVariants } from "./open-values.js";
import { raceVariants } from "./races.js";
import { readingVariants } from "./readings.js";
import { referenceFilterVariants } from "./reference-filter.js";
import type { Variant } from "./variant.js";

export const variants: Variant[] = [...formVariants, ...objectVariants, ...behaviourVariants, ...checkCashingVariants, ...configurationVariants,
  // Issue 23 (limits): the limits rule and the decided rows without a variant until then.
  ...limitVariants, ...readingVariants, ...openValueVariants, ...referenceFilterVariants,
  // Issue 23 (declines): servers that decline now and then, run without triggers.
  ...declineVariants,
  // Issue 34: overlapping requests on one object applied in the other order.
  ...raceVariants];
