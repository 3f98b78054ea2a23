// A valid variant of the reference sandbox: one change to its answers (or to its configuration)
// that the contract allows. The mirror of the mutants: the conformance suite must PASS against
// every one (docs/conformance.md, "How we know the suite raises no false alarms").
import type { ServiceName } from "../../src/openapi/documents.js";
import type { Transformation } from "../mutants/proxy.js";
import type { SuiteSettings } from "../../conformance/settings.js";

export type VariantKind =
  | "identifiers" | "times" | "media type" | "order" | "free text" | "objects" | "credits"
  | "pages" | "behaviour" | "check cashing" | "configuration" | "declines";

export type Variant = Transformation & {
  kind: VariantKind;
  /** The services whose answers it changes (one run per service). */
  services: ServiceName[];
  /** What this server does otherwise than the sandbox. */
  change: string;
  /** The rows of docs/contract-decisions.md (B-n, C-n) whose open answers it exercises. */
  decisions: string[];
  /** Without a decision row: the row of docs/sandbox.md "Sandbox behaviour the contract leaves open" it changes. */
  sandboxRow?: string;
  /** Why the contract allows it: the documents' words, a contract-audit row, a decision. */
  allowedBy: string;
  /** Told to the suite (`--settings`). */
  settings?: Partial<SuiteSettings>;
  /**
   * Also run the deterministic coverage layer (the proof runs Dredd, the scenarios and the
   * sequences): for a change only the coverage's boundaries meet, such as a limit.
   */
  coverage?: boolean;
  /**
   * `false`: the proof runs the suite without the sandbox's triggers, as implementers run it (a
   * server that declines now and then: the suite cannot predict which, so it must allow each).
   */
  triggers?: false;
  /** The sandbox configured through its helpers (`PATCH /_sandbox/settings`), on a tenant of the variant's own. */
  sandboxSettings?: Record<string, unknown>;
};
