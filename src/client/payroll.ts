// Helpers for the Check Cashing Service's decline and correction bodies (`{errors: [...]}`, on
// HTTP 400 and 500).
import type { Matchable } from "./matchable.js";
import type { AdverseActionFlag, PayrollError, PayrollErrorBody } from "./models/check-cashing.js";

export type { AdverseActionFlag, PayrollError, PayrollErrorBody };

/**
 * Error types named by the documentation (`declined`, `id_error`) and by the contract decisions
 * (`correction`, `system_error`). The schema types `errorType` as a plain string, so other values
 * are accepted too.
 */
export type PayrollErrorType = "declined" | "id_error" | "correction" | "system_error";

/** A payroll decline or correction body: `errors` is an array of error entries. */
export function isPayrollErrorBody<E>(error: Matchable<E, PayrollErrorBody>): error is Matchable<E, PayrollErrorBody> & PayrollErrorBody {
  return (
    typeof error === "object" && error !== null &&
    Array.isArray((error as { errors?: unknown }).errors)
  );
}

/** The `adverseAction` flag as a boolean: the service may send `true`/`false` or `"true"`/`"false"`. */
export function adverseActionOf(flag: AdverseActionFlag): boolean {
  return flag === true || flag === "true";
}

function entries(errors: PayrollErrorBody | readonly PayrollError[]): readonly PayrollError[] {
  return Array.isArray(errors) ? errors : (errors as PayrollErrorBody).errors;
}

/** True when any entry requires adverse action handling (show the consumer the adverse action notice). */
export function requiresAdverseAction(errors: PayrollErrorBody | readonly PayrollError[]): boolean {
  return entries(errors).some((entry) => adverseActionOf(entry.adverseAction));
}

/** The entries of one `errorType`, e.g. `declined`, `id_error` or `correction`. */
export function payrollErrorsOfType(
  errors: PayrollErrorBody | readonly PayrollError[],
  errorType: PayrollErrorType | (string & {}),
): PayrollError[] {
  return entries(errors).filter((entry) => entry.errorType === errorType);
}
