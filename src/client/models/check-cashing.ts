// Named types of the Check Cashing Service (see models/bank-payments.ts for why interfaces).
import type { components } from "../../../generated/types/check-cashing.js";

type Schemas = components["schemas"];
/** One generated schema, by name (an interface can extend an alias, not an indexed access). */
type Schema<Name extends keyof Schemas> = Schemas[Name];

/** A payroll or government check presented for cashing. */
export interface PayrollRequest extends Schema<"PayrollRequest"> {}
/** The approval: references and the check read from the MICR line. */
export interface PayrollApproval extends Schema<"PayrollApproval"> {}
/** One entry of a decline or correction (`errors` array). */
export interface PayrollError extends Schema<"PayrollError"> {}
/** A decline, correction (400) or server failure (500): `{ errors: PayrollError[] }`. */
export interface PayrollErrorBody extends Schema<"PayrollBadRequest"> {
  errors: PayrollError[];
}
/** `adverseAction` as sent: a boolean, or the string `"true"` or `"false"`. */
export type AdverseActionFlag = Schemas["AdverseActionFlag"];
