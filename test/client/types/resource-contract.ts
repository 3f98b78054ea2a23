// The resource clients' declared signatures, checked against the generated operations: each
// method's data, request body and query are the operation's (mutually assignable), request amounts
// excepted (widened to `Amount`, a number or a decimal string: everything the contract takes and
// more, checked at run time), and the action methods cover every action of the contract. A contract change that a method does not follow
// makes this file fail to compile (test/client/types.test.ts and `tsc -p tsconfig.json`).
import type { operations as Bank } from "../../../generated/types/bank-payments.js";
import type { operations as CheckCashing } from "../../../generated/types/check-cashing.js";
import type { components as HelperComponents, operations as Helpers } from "../../../generated/types/sandbox-helpers.js";
import type { QueryOf, RequestBodyOf, Same, SuccessBody } from "../../../src/client/api/operation-types.js";
import type { KnownMembers } from "../../../src/client/models/known-members.js";
import type { Amount, BankPaymentsApi, CaptureFailure, CheckCashingApi, SandboxHelpersApi, WithAmount } from "../../../entry/index.js";

type Check<T extends true> = T;
/** Whether every value of A is a value of B (the resource method takes what the contract takes). */
type Extends<A, B> = [A] extends [B] ? true : false;
/** What a method's promise holds as `data`. */
type DataOf<M> = M extends (...args: never[]) => Promise<infer R> ? NonNullable<R extends { data?: infer D } ? D : never> : never;
/** The envelope's `data` of an operation's success body. */
type Resource<Op> = SuccessBody<Op> extends { data: infer D } ? D : never;
/** The n-th parameter of a method. */
type Param<M, N extends number> = M extends (...args: infer A) => unknown ? A[N] : never;
/** The body of one action of `updateTransactionIntent`, without its `action`. */
type ActionParams<A> = Omit<Extract<RequestBodyOf<Bank["updateTransactionIntent"]>, { action: A }>, "action">;

type Intents = BankPaymentsApi["transactionIntents"];
type Credits = BankPaymentsApi["credits"];
type HelperIntents = SandboxHelpersApi["transactionIntents"];

export type Checks = [
  // Transaction intents
  Check<Same<DataOf<Intents["create"]>, Resource<Bank["createTransactionIntent"]>>>,
  Check<Same<Param<Intents["create"], 0>, WithAmount<RequestBodyOf<Bank["createTransactionIntent"]>>>>,
  Check<Extends<RequestBodyOf<Bank["createTransactionIntent"]>, Param<Intents["create"], 0>>>,
  Check<Same<DataOf<Intents["retrieve"]>, Resource<Bank["getTransactionIntent"]>>>,
  Check<Same<DataOf<Intents["listPage"]>, SuccessBody<Bank["listTransactionIntents"]>>>,
  Check<Same<NonNullable<Param<Intents["list"], 0>>, QueryOf<Bank["listTransactionIntents"]>>>,
  Check<Same<NonNullable<Param<Intents["listPage"], 0>>, QueryOf<Bank["listTransactionIntents"]>>>,
  Check<Same<DataOf<Intents["capture"]>, Resource<Bank["updateTransactionIntent"]>>>,
  Check<Same<Param<Intents["capture"], 1>, ActionParams<"capture">>>,
  // The refund's amount may be left out (the whole captured amount), and so may its params.
  Check<Same<NonNullable<Param<Intents["refund"], 1>>, Partial<WithAmount<ActionParams<"refund">>>>>,
  Check<Extends<ActionParams<"refund">, NonNullable<Param<Intents["refund"], 1>>>>,
  Check<Extends<undefined, Param<Intents["refund"], 1>>>,
  // Every contract amount form is an Amount.
  Check<Same<ActionParams<"capture">["amount"], Amount>>,
  Check<Same<ActionParams<"authorize" | "cancel" | "cancel_refund">, {}>>,
  // One method per action: authorize, capture, refund, cancel, cancelRefund.
  Check<Same<RequestBodyOf<Bank["updateTransactionIntent"]>["action"], "authorize" | "capture" | "refund" | "cancel" | "cancel_refund">>,
  Check<Same<DataOf<Intents["updateBillingAddress"]>, Resource<Bank["updateTransactionIntentBillingAddress"]>>>,
  // The update's open members are JSON values here where the generated type says `unknown`.
  Check<Same<KnownMembers<Param<Intents["updateBillingAddress"], 1>>, KnownMembers<RequestBodyOf<Bank["updateTransactionIntentBillingAddress"]>>>>,
  // Credits
  Check<Same<DataOf<Credits["create"]>, Resource<Bank["createCredit"]>>>,
  Check<Same<Param<Credits["create"], 0>, WithAmount<RequestBodyOf<Bank["createCredit"]>>>>,
  Check<Extends<RequestBodyOf<Bank["createCredit"]>, Param<Credits["create"], 0>>>,
  Check<Same<DataOf<Credits["retrieve"]>, Resource<Bank["getCredit"]>>>,
  Check<Same<DataOf<Credits["listPage"]>, SuccessBody<Bank["listCredits"]>>>,
  Check<Same<NonNullable<Param<Credits["list"], 0>>, QueryOf<Bank["listCredits"]>>>,
  Check<Same<DataOf<Credits["cancel"]>, Resource<Bank["cancelCredit"]>>>,
  Check<Same<{ action: "cancel" }, RequestBodyOf<Bank["cancelCredit"]>>>,
  // Check cashing
  Check<Same<DataOf<CheckCashingApi["payroll"]["submit"]>, SuccessBody<CheckCashing["submitPayrollCheck"]>>>,
  Check<Same<Param<CheckCashingApi["payroll"]["submit"], 0>, RequestBodyOf<CheckCashing["submitPayrollCheck"]>>>,
  // Sandbox helpers
  Check<Same<DataOf<HelperIntents["acceptServiceFee"]>, Resource<Helpers["acceptServiceFee"]>>>,
  Check<Same<NonNullable<Param<HelperIntents["acceptServiceFee"], 1>>, RequestBodyOf<Helpers["acceptServiceFee"]>>>,
  Check<Same<DataOf<HelperIntents["setStatus"]>, Resource<Helpers["setIntentStatus"]>>>,
  Check<Same<Param<HelperIntents["setStatus"], 1>, RequestBodyOf<Helpers["setIntentStatus"]>>>,
  Check<Same<DataOf<HelperIntents["failNextCapture"]>, Resource<Helpers["failNextCapture"]>>>,
  Check<Same<Param<HelperIntents["failNextCapture"], 1>, RequestBodyOf<Helpers["failNextCapture"]>>>,
  Check<Same<DataOf<HelperIntents["returnDebit"]>, Resource<Helpers["returnDebit"]>>>,
  Check<Same<DataOf<SandboxHelpersApi["credits"]["settle"]>, Resource<Helpers["settleCredit"]>>>,
  Check<Same<DataOf<SandboxHelpersApi["credits"]["fail"]>, Resource<Helpers["failCredit"]>>>,
  Check<Same<DataOf<SandboxHelpersApi["settings"]["retrieve"]>, Resource<Helpers["getSandboxSettings"]>>>,
  Check<Same<DataOf<SandboxHelpersApi["settings"]["update"]>, Resource<Helpers["updateSandboxSettings"]>>>,
  Check<Same<Param<SandboxHelpersApi["settings"]["update"], 0>, RequestBodyOf<Helpers["updateSandboxSettings"]>>>,
  Check<Same<DataOf<SandboxHelpersApi["reset"]>, Resource<Helpers["resetSandbox"]>>>,
  // captureFailure() names the failures the fail-next-capture helper can arrange, and no other.
  Check<Same<CaptureFailure, HelperComponents["schemas"]["CaptureFailure"]>>,
];
