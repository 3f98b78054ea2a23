// Shared vocabulary of the conformance suite: what is tested, how, and what came out.
import type { OpenApiVersion, ServiceName } from "../src/openapi/documents.js";
import type { SuiteSettings } from "./settings.js";

// The bottom of the suite: this file imports no layer of it (only the documents' names and the
// settings, which import nothing), so every layer can import it and no import runs back up.

/**
 * The rule a verdict enforces (conformance/rules.ts reads them): "bank §3.1", "cc §2.3", a decision
 * row "B-12", or a pointer "oas bank-payments#/components/schemas/Credit".
 */
export type Rule = string;

// The coverage layer's record (conformance/coverage/record.ts fills it).
/** One cell of a state x action matrix: what was attempted in that state, and what came back. */
export type CoverageCell = { matrix: string; row: string; column: string; outcome: Outcome | "not reached"; answered?: string; reason?: string };
export type CoverageMatrix = { id: string; title: string; rows: string[]; columns: string[]; cells: CoverageCell[] };
/** One documented boundary value sent (or skipped, with the reason). */
export type CoverageBoundary = { group: string; name: string; sent: string; rule: Rule; outcome: Outcome; answered?: string; reason?: string };
export type CoverageReport = { matrices: CoverageMatrix[]; boundaries: CoverageBoundary[] };

// What a verdict rests on (conformance/evidence.ts counts it).
export type EvidenceKind = "authorization" | "capture" | "refund" | "succeeded linked credit" | "approved check";
/** What a verdict rests on, for the console and the reports. */
export type EvidenceSummary = {
  /** Happy-path steps seen, by kind (0 for one never seen). */
  seen: Partial<Record<EvidenceKind, number>>;
  /** Checks skipped, counted by their reason. */
  skipped: Array<{ reason: string; count: number }>;
  /** Cells of the coverage matrices attempted, of all; undefined when the coverage layer had none (check cashing) or did not run. */
  matrix?: { reached: number; cells: number; required: number };
};

// Enrolled objects a server already knows (conformance/fixtures-file.ts reads them).
export type Fixtures = {
  /** Enrolled bank accounts and the consumer each belongs to: several, binding tests need two consumers. */
  bank_accounts: Array<{ id: string; consumer_id: string }>;
  /** Service fees a consumer accepted, usable with `service_fee_id`. */
  service_fees: string[];
  /** Store numbers of active client accounts (`store_number`, the `station_number` filter). */
  store_numbers: string[];
  /** Store numbers of inactive client accounts: an unlinked credit naming one fails (bank doc 4.6), with or without triggers. */
  inactive_store_numbers?: string[];
  /** Submerchant ids: for debits (`submerchant_id` on an intent) and for unlinked credits. */
  submerchant_ids?: { debit?: string[]; credit?: string[] };
  /**
   * Check cashing: MICR lines the server reads, with what it reads from each (cc §2.2; the layout is
   * "not shown", C-9). Valid checks are sent on these lines, and a correction (MICR unreadable) of a
   * valid request on one of them fails naming C-9.
   */
  micr_lines?: MicrLine[];
  /** Store numbers the server accepts on transaction intents, when they are not `store_numbers` (those of unlinked credits). */
  intent_store_numbers?: string[];
  /**
   * Promised outcomes, as payment providers publish test card numbers: inputs the server promises to
   * decline, leave pending or refuse. With them the suite tests those paths without the sandbox's
   * triggers, and the oracle demands the promised outcome for a promised input (and only there).
   */
  declines?: PromisedDecline[];
  /** Credit amounts the server promises to leave `pending` (being processed: a cancel gets 409 `still_processing`, bank §3.2). */
  pending_credit_amounts?: string[];
  /** Check cashing: net amounts of valid checks the server promises to decline (`declined`, adverse action, C-7). */
  declined_net_amounts?: string[];
  /** Check cashing: `idValue`s the server promises to refuse as unverified (`id_error`, C-7). */
  refused_id_values?: string[];
};
/**
 * An authorization the server promises to decline (B-31: 200, the intent `failed`) with a response code
 * of bank doc 7.4: that of an amount, or of a bank account (with the consumer it belongs to).
 * `on`: "authorize_and_capture" when only a creation with that action is declined (the documents'
 * declined row, bank §3.1), "any" (the default) for every authorization (B-31).
 */
export type PromisedDecline = { amount?: string; bank_account?: string; consumer_id?: string; response_code: string; on?: "authorize_and_capture" | "any" };

export type MicrLine = { line: string; aba: string; accountLast4: string; checkNum: string | number; checkType: "Y" | "G" };

export type Profile = "full" | "mock";

/** What the suite runs against. */
export type ConformanceOptions = {
  service: ServiceName;
  baseUrl: string;
  secretKey?: string;
  publishableKey?: string;
  /** `full` for stateful implementations, `mock` for a stateless mock such as Prism. */
  profile?: Profile;
  /**
   * The OpenAPI version of the documents every response is validated against (default "3.0").
   * Dredd reads only OpenAPI 3.0, so its transactions come from the 3.0 document either way.
   */
  openapi?: OpenApiVersion;
  /** Run the scenarios that rely on the reference sandbox's documented test triggers (default true). */
  triggers?: boolean;
  /** Layers to run, in this order (default: Dredd, scenarios, coverage, generated sequences; the mock profile has Dredd and scenarios only). */
  layers?: Layer[];
  /** Generated sequences: seed, bounds and replay (see conformance/sequences/). */
  sequences?: SequenceOptions;
  /** Allowed difference between the server's clock and ours, in seconds (default 300). */
  clockSkewSeconds?: number;
  /** What the documents leave to the server's configuration (conformance/settings.ts); defaults: the contract's. */
  settings?: Partial<SuiteSettings>;
  /**
   * Enrolled objects the server knows (consumers, bank accounts, service fees, store numbers,
   * submerchant ids): with them the suite uses only those, and what it creates through the API.
   */
  fixtures?: Fixtures;
  /** Write JUnit XML and a Markdown report here. */
  reportDir?: string;
  /** Stop scenarios after the first failure (used by the mutant tests to save time). */
  failFast?: boolean;
  /** Called with each finished check (progress output). */
  onCheck?: (check: CheckResult) => void;
  /** Called now and then while the coverage layer and the generated sequences run (CLI: stderr). */
  onProgress?: (progress: Progress) => void;
  /** Stops the run early (a signal): what ran is judged and reported, with what was planned. */
  signal?: AbortSignal;
  /** Coverage rows and boundaries run at once (default 4); each uses objects of its own. */
  coverageConcurrency?: number;
  /** Stop after this many failing checks (`--max-failures N`, `-x` for 1); the reports say what ran. */
  maxFailures?: number;
  /**
   * Call only these operations (by operationId; `--operation`): a check that needs another is left
   * out, and so are the layers that drive every operation (coverage, sequences) unless all are named.
   */
  operations?: string[];
  /** Keep only the checks of these rules (`--rule`): their own rule, or a rule one of their wrong responses broke. */
  rules?: string[];
  /** Give up on a request the server has not answered after this many milliseconds (default 300,000). */
  requestTimeoutMs?: number;
};

export type Layer = "dredd" | "scenarios" | "coverage" | "sequences";

/** Where a long run is: a layer's units done of planned, the run's failures so far, the time taken. */
export type Progress = { layer: "coverage" | "sequences"; done: number; planned: number; failures: number; elapsedMs: number };

export type SequenceOptions = {
  /** fast-check seed; random (and printed) when not given. */
  seed?: number;
  /** With `seed`, replay one counterexample: fast-check's path and the commands' replayPath. */
  path?: string;
  replayPath?: string;
  /** Number of generated sequences per service. */
  runs?: number;
  /** Longest sequence. */
  maxCommands?: number;
  /** Stop generating after this many milliseconds (what ran is still judged). */
  timeBudgetMs?: number;
  /**
   * Sequences run at once (default 1). With more, the runs are dealt to that many lanes, each a
   * fast-check run of its own seed derived from `seed` (lane 0 keeps `seed`); a failure reports its
   * lane's seed, so its replay (seed, path, replayPath) runs that lane alone.
   */
  concurrency?: number;
  /** Stop at the first failure without shrinking (the mutant runs). */
  noShrink?: boolean;
};

export type Outcome = "passed" | "failed" | "skipped";

/** A response the oracle found wrong: the request, what differed, and how to replay it. */
export type Finding = {
  request: string;
  expectedStatus: number[];
  actualStatus: number;
  differences: Array<{ path: string; expected: string; actual: unknown; leftBy?: string }>;
  invariantFailures: Array<{ invariant: string; problem: string }>;
  /** Where no order of overlapping exchanges explains every answer: them on a time line (docs/conformance.md, "The model of time"). */
  race?: string[];
  actualBody: string;
  /** The rules broken, first the one of the first difference (conformance/rules.ts). */
  rules?: Rule[];
};

/** One executed check: the preflight, a Dredd transaction, a scenario or a run of generated sequences. */
export type CheckResult = {
  layer: "preflight" | "dredd" | "scenario" | "coverage" | "sequence" | "evidence";
  /** Group in the report (operation for Dredd; transition, conflict, auth, view, pagination, filter, validation, ...). */
  group: string;
  name: string;
  outcome: Outcome;
  /** Why it failed or was skipped. */
  reason?: string;
  /** Implementation-specific trigger the check depends on (docs/sandbox.md, "Sandbox test triggers"). */
  trigger?: string;
  /** The rule of the contract the check enforces (conformance/rules.ts). */
  rule?: Rule;
  durationMs: number;
  /** Responses the oracle found wrong in this check. */
  findings?: Finding[];
  /** Curl lines that replay the check's requests up to the failure. */
  curl?: string[];
  /** Of a failed check: the marks of the responses it saw that a test proxy changed (proof/mutants/). */
  marks?: string[];
};

/** A response the suite saw and validated: operation x status, for the coverage matrix. */
export type Observation = { operationId: string; status: number; valid: boolean; code?: string };

export type ConformanceResult = {
  service: ServiceName;
  profile: Profile;
  baseUrl: string;
  checks: CheckResult[];
  observations: Observation[];
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
  durationMs: number;
  /** What the oracle judged: responses checked, fields compared, open-list pages, failures. */
  oracle?: {
    responses: number; fieldsCompared: number; partial: number; failed: number;
    /** Judged against the schema only (what overlapping exchanges past the search bound, or a request without an answer, left unknown). */
    schemaOnly?: number;
    /** Errors of the suite's own while judging (counted apart, never against the server). */
    suiteErrors?: number;
    /** Responses judged among overlapping ones, by every order real time allows (docs/conformance.md, "The model of time"). */
    overlapping?: number;
  };
  /** How the generated sequences of this run went and how to replay them. */
  sequences?: SequenceSummary;
  /** The coverage layer's state x action matrices and the boundary values it sent. */
  coverage?: CoverageReport;
  /** What the verdict rests on: happy-path steps seen, skips by reason, the matrix share (docs/conformance.md#evidence). */
  evidence?: EvidenceSummary;
  /** Why the run ended before doing everything planned (a signal); absent when it ran to the end. */
  stopped?: string;
  /** Errors inside the suite (never the server's fault). */
  suiteErrors?: SuiteError[];
  /** The server stopped answering: after which check (the last that got its answers), how many checks had run, and the error. */
  serverGone?: { after?: string; checksBefore: number; error: string };
  /** What `--operation` and `--rule` left out, counted by why. */
  leftOut?: Array<{ reason: string; count: number }>;
};

export type SequenceSummary = {
  seed: number;
  /** Sequences run (shrinking attempts not counted) of the number planned. */
  runs: number;
  planned: number;
  /** Lanes run at once (1 unless --concurrency or --thorough). */
  lanes: number;
  /** Why fewer ran than planned: `the time budget of 300 s`, `SIGINT`, `the first failure`. */
  stoppedBy?: string;
  /** How many sequences failed (each shrunk and reported; the others still ran). */
  failed?: number;
  /** A failure replays with its lane's seed (the run's seed with one lane), fast-check's path and replayPath. */
  replaySeed?: number;
  path?: string;
  replayPath?: string;
};

/** An error inside the suite (never the server's fault): where, what, and the seed that replays a generated sequence's. */
export type SuiteError = { where: string; message: string; seed?: number };
