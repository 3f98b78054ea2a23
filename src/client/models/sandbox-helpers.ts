// Named types of the reference sandbox's test helpers (see models/bank-payments.ts for why interfaces).
import type { components } from "../../../generated/types/sandbox-helpers.js";

type Schemas = components["schemas"];
/** One generated schema, by name (an interface can extend an alias, not an indexed access). */
type Schema<Name extends keyof Schemas> = Schemas[Name];

/** The tenant's sandbox settings: amount limits and the outcome of the next authorization. */
export interface SandboxSettings extends Schema<"SandboxSettings"> {}
/** Changes to the settings; members left out keep their value. */
export interface SandboxSettingsUpdate extends Schema<"SandboxSettingsUpdate"> {}
/** What a reset removed. */
export interface ResetSummary extends Schema<"ResetSummary"> {}
/** The service fee a consumer accepts (default: the intent's own). */
export interface AcceptServiceFeeParams extends Schema<"AcceptServiceFeeRequest"> {}
/** How the next capture of an intent fails. */
export interface FailNextCaptureParams extends Schema<"FailNextCaptureRequest"> {}
/** The pending status an intent is moved into. */
export interface SetIntentStatusParams extends Schema<"SetStatusRequest"> {}
/** A response code of section 7.4 for the next authorization, or null. */
export type AuthorizationCode = Schemas["AuthorizationCode"];
/** 409: the helper cannot act on the object in its current status (`conflict: "invalid_state"`). */
export interface HelperConflictError extends Schema<"HelperConflictError"> {}
