// Judges real traffic as a history (docs/traffic.md, "The model of time"): each exchange is an
// interval, from its request's start to its answer's end, and overlapping exchanges are judged by
// every order real time allows (conformance/oracle/history.ts). An exchange is checked against the
// schema of its operation and status when it is answered, then by the open-world oracle once every
// request that began before it ended has been answered too.
//
// Each key is an account: the keys the judge was told are the merchant's; a key it was not told is
// another account's (a server with many merchants opens one for it, as the sandbox does for any
// `sk_test_` key), judged in an open world of its own where a 401 is also right, never "expected
// 401". A request with no key, or with a credential of no key's form, is judged with the told keys.
// An exchange on a route the contract does not know is passed over as "not judged"; a method a
// known path does not serve is judged against its decision row (unserved.ts). Every exchange is
// counted once: judged in full, learned, against the schema only, not judged, or the suite's error.
import type { OpenApiVersion, ServiceName } from "../../src/openapi/documents.js";
import { validatorFor } from "../../src/openapi/validator.js";
import type { Fixtures } from "../fixtures-file.js";
import type { Exchange, RequestPart } from "../oracle/exchange.js";
import { describeVerdict, type Ticket, type Verdict } from "../oracle/oracle.js";
import { curlLines } from "../repro.js";
import type { Rule } from "../rules.js";
import { defaultSettings, type SuiteSettings } from "../settings.js";
import { isKey, keyIdentity, maskKeys, type KeyIdentity, type RawExchange } from "./exchange.js";
import { OpenWorldOracle, type TrafficExchange } from "./open-world.js";
import { unservedMethodProblem } from "./unserved.js";

export type TrafficOptions = {
  service: ServiceName;
  keys?: { secret?: string; publishable?: string };
  exchanges?: RawExchange[];
  settings?: Partial<SuiteSettings>;
  fixtures?: Fixtures;
  /** Whether the server implements README's "Sandbox test triggers" (default false: foreign traffic). */
  triggers?: boolean;
  openapi?: OpenApiVersion;
  /** Allowed difference between the server's clock and the recorder's (default 300 s). */
  clockSkewSeconds?: number;
};

export type ExchangeJudgement = {
  index: number;
  method: string;
  url: string;
  status: number;
  operationId?: string;
  /**
   * full: schema and oracle; learned: the first read of an object made before the traffic, judged by
   * the schema and the invariants and held from then on, or a list page (judged as an open list, as
   * in full) whose items the traffic showed first; schema: the schema only (why says what the
   * traffic could not tell); none: not judged; error: the suite's own error while judging it (why
   * says what), never counted against the server.
   */
  judged: "full" | "learned" | "schema" | "none" | "error";
  why?: string;
  ok: boolean;
  rules: Rule[];
  problems: string[];
  /** A curl line that replays the request, keys read from the environment. */
  curl: string[];
  /** The answer never reached the client whole (it left): the server still acted on the request. */
  undelivered?: boolean;
  /** Judged under a key the judge was not told: another account's (its kind and fingerprint). */
  account?: string;
};

export type TrafficResult = {
  service: ServiceName;
  exchanges: number;
  full: number;
  learned: number;
  schemaOnly: number;
  notJudged: number;
  /** Exchanges the suite could not judge for an error of its own (not the server's). */
  suiteErrors: number;
  failed: number;
  ok: boolean;
  /** The exchanges kept: every one for a recording; for the proxy, those that failed or were not judged in full (up to a bound), the rest counted. */
  judgements: ExchangeJudgement[];
  /** Exchanges judged under keys the judge was not told, and how many such keys (accounts). */
  untold?: { exchanges: number; keys: number };
  /** Requests that got no answer (not exchanges: not counted above). */
  lost?: number;
  /** Exchanges judged among overlapping ones, by every order real time allows (the rest came one at a time). */
  overlapping?: number;
  /** The proxy: answered exchanges that still waited for overlapping ones when the traffic stopped. */
  backlogAtStop?: number;
};

const operationRoute = (template: string) =>
  new RegExp(`${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, "[^/]+")}$`);

/** A request as the judge received it, before its answer. */
export type TrafficRequest = Pick<RawExchange, "method" | "url" | "requestHeaders" | "requestBody"> & { at: number };

type Account = { world: OpenWorldOracle; keys: { secret?: string; publishable?: string }; untold?: string };

type InFlight = {
  request: TrafficRequest;
  account?: Account;
  operationId?: string;
  ticket?: Ticket;
  /** Why the oracle will not judge it (the schema still does). */
  schemaOnly?: string;
};

export type JudgeOptions = Omit<TrafficOptions, "exchanges"> & {
  /** Called with each exchange once judged (in the order judged). */
  onJudgement?: (judgement: ExchangeJudgement) => void;
  /** Keep every judgement in the result (a recording), or only those that failed or were not judged in full (the proxy: memory stays bounded). */
  keep?: "all" | "notable";
};

/** How many notable judgements the proxy's result keeps; beyond, they are counted only. */
const keptNotable = 10_000;

/** Accounts of untold keys the judge holds a world for (memory stays bounded); beyond, a new key's traffic is judged against the schema only. */
const maxUntoldAccounts = 1_000;

export class TrafficJudge {
  private readonly accounts = new Map<string, Account>();
  private readonly told: Account;
  private readonly routes: Array<{ method: string; pattern: RegExp; operationId: string }>;
  private readonly keys: { secret?: string; publishable?: string };
  private readonly inFlight = new Map<number, InFlight>();
  private readonly tally = { exchanges: 0, full: 0, learned: 0, schema: 0, none: 0, error: 0, failed: 0, untold: 0, lost: 0 };
  private readonly kept: ExchangeJudgement[] = [];
  private answered = 0;

  constructor(private readonly options: JudgeOptions) {
    this.keys = options.keys ?? {};
    this.told = this.account(this.keys);
    this.routes = this.validator.operations.map((located) => ({
      method: located.method.toUpperCase(), pattern: operationRoute(located.path), operationId: located.operation.operationId as string,
    }));
  }

  private account(keys: { secret?: string; publishable?: string }, untold?: string): Account {
    const world = new OpenWorldOracle({
      service: this.options.service, keys, triggers: this.options.triggers ?? false,
      skewMs: (this.options.clockSkewSeconds ?? 300) * 1000, settings: { ...defaultSettings, ...this.options.settings }, fixtures: this.options.fixtures,
      keysMayBeUnknown: untold !== undefined,
    });
    return { world, keys, ...(untold ? { untold } : {}) };
  }

  private get validator() {
    return validatorFor(this.options.service, this.options.openapi ?? "3.0");
  }

  /** The account whose traffic a request is: the told keys', or that of a key the judge was not told (none past the bound). */
  private accountOf(request: TrafficRequest): Account | undefined {
    if (this.options.service !== "bank-payments") return this.told;
    const identity = keyIdentity(request.requestHeaders.authorization);
    if (!identity || [this.keys.secret, this.keys.publishable].some((key) => sameKey(identity, key))) return this.told;
    const name = `${identity.prefix}…${identity.fingerprint}`;
    let account = this.accounts.get(name);
    if (!account && this.accounts.size >= maxUntoldAccounts) return undefined;
    if (!account) {
      const credential = /^Bearer\s+(\S+)/i.exec(request.requestHeaders.authorization ?? "")![1];
      account = this.account(/^pk_/i.test(identity.prefix) ? { publishable: credential } : { secret: credential }, name);
      this.accounts.set(name, account);
    }
    return account;
  }

  private routeOf(method: string, url: string) {
    const pathname = pathOf(url);
    const route = this.routes.find((r) => r.method === method && r.pattern.test(pathname));
    return { pathname, route };
  }

  /** A request has arrived whole (`at`, the recorder's clock): its answer comes to `end` under the same id. */
  begin(id: number, request: TrafficRequest): void {
    const method = request.method.toUpperCase();
    const { route } = this.routeOf(method, request.url);
    const inFlight: InFlight = { request };
    if (route && method !== "OPTIONS") {
      const account = this.accountOf(request);
      inFlight.operationId = route.operationId;
      if (!account) {
        inFlight.schemaOnly = `more than ${maxUntoldAccounts} keys the judge was not told: this one's account is judged against the schema only`;
        this.inFlight.set(id, inFlight);
        return;
      }
      const part: RequestPart = {
        service: this.options.service, operationId: route.operationId, method: method.toLowerCase(), url: request.url,
        requestHeaders: unmasked(request.requestHeaders, account.keys), requestBody: request.requestBody, sentAt: request.at,
      };
      inFlight.account = account;
      inFlight.ticket = account.world.oracle.begin(part);
    }
    this.inFlight.set(id, inFlight);
  }

  /** The answer to request `id` came back whole; it is judged once the requests that overlap it are answered. */
  end(id: number, raw: RawExchange, index = (this.answered += 1)): void {
    const inFlight = this.inFlight.get(id);
    if (!inFlight) throw new Error(`the judge has no request ${id} in flight`);
    this.inFlight.delete(id);
    this.tally.exchanges += 1;
    const method = raw.method.toUpperCase();
    const base = {
      index, method, url: raw.url, status: raw.status, curl: this.reproducer({ ...raw, requestHeaders: unmasked(raw.requestHeaders, this.keys) }, inFlight.operationId),
      ...(raw.delivered === false ? { undelivered: true } : {}), ...(inFlight.account?.untold ? { account: inFlight.account.untold } : {}),
    };
    if (inFlight.schemaOnly && inFlight.operationId) {
      const { problems, rules } = this.schemaProblems(raw, inFlight.operationId);
      return this.keep({ ...base, operationId: inFlight.operationId, judged: "schema", why: inFlight.schemaOnly, ok: problems.length === 0, rules, problems: problems.map((p) => this.mask(p, raw)) });
    }
    if (!inFlight.ticket || !inFlight.operationId) {
      // HEAD and preflights are a server's framework's to answer; another method on a known path is B-60's or C-14's.
      const { pathname } = this.routeOf(method, raw.url);
      const unserved = method !== "OPTIONS" && method !== "HEAD" && this.routes.some((r) => r.pattern.test(pathname));
      if (!unserved) return this.keep({ ...base, judged: "none", why: "a route the contract does not know", ok: true, rules: [], problems: [] });
      const wrong = unservedMethodProblem(this.options.service, raw);
      return this.keep({ ...base, judged: "full", ok: wrong === undefined, rules: wrong ? [wrong.rule] : [], problems: wrong ? [this.mask(wrong.problem, raw)] : [] });
    }
    const operationId = inFlight.operationId;
    if (raw.requestTruncated || raw.responseTruncated) {
      // The recorder kept only the start of a body: the exchange cannot be read, and its object's state is no longer known.
      inFlight.ticket.lost();
      return this.keep({ ...base, operationId, judged: "none", why: `the ${raw.requestTruncated ? "request" : "response"} body was longer than the recording keeps`, ok: true, rules: [], problems: [] });
    }
    const { problems, rules, body, contentType } = this.schemaProblems(raw, operationId);
    const exchange: TrafficExchange = {
      service: this.options.service, operationId, method: method.toLowerCase(), url: raw.url, requestHeaders: unmasked(raw.requestHeaders, inFlight.account!.keys),
      requestBody: raw.requestBody, sentAt: inFlight.request.at, receivedAt: Math.max(raw.receivedAt, inFlight.request.at), status: raw.status, contentType,
      responseText: raw.responseText, responseBody: body, schemaValid: problems.length === 0,
    };
    if (inFlight.account?.untold) this.tally.untold += 1;
    inFlight.ticket.endWith(exchange, (verdict) => this.keep(this.judgement(base, operationId, verdict, problems, rules, raw)));
  }

  /** An exchange the judge could not take for an error of its own: counted as the suite's error, never the server's. */
  suiteError(raw: RawExchange, error: unknown): void {
    this.tally.exchanges += 1;
    this.keep({
      index: (this.answered += 1), method: raw.method.toUpperCase(), url: raw.url, status: raw.status, curl: [], judged: "error",
      why: `an error of the suite's own while judging it: ${(error as Error)?.message ?? String(error)}`, ok: true, rules: [], problems: [],
    });
  }

  /** Request `id` got no answer (the client left, the upstream failed): it may or may not have taken effect. */
  lost(id: number): void {
    const inFlight = this.inFlight.get(id);
    if (!inFlight) return;
    this.inFlight.delete(id);
    this.tally.lost += 1;
    inFlight.ticket?.lost();
  }

  /** How many answered exchanges wait for overlapping ones before they can be judged. */
  get backlog(): number {
    return [this.told, ...this.accounts.values()].reduce((sum, account) => sum + account.world.oracle.backlog, 0);
  }

  private schemaProblems(raw: RawExchange, operationId: string) {
    const problems: string[] = [];
    const rules: Rule[] = [];
    const contentType = raw.responseHeaders["content-type"] ?? "";
    // Pointers of the document start with "#" (rules.ts: `oas bank-payments#/paths/...`).
    const responseRule = `oas ${this.options.service}${this.validator.operation(operationId).pointer}/responses`;
    let body: unknown;
    if (raw.responseText !== "") {
      try {
        body = JSON.parse(raw.responseText);
      } catch {
        problems.push(`the body is not JSON: ${raw.responseText.slice(0, 80)}`);
        rules.push(responseRule);
      }
    }
    if (!/^application\/json\b/.test(contentType)) {
      problems.push(`content type "${contentType}" is not application/json`);
      rules.push(responseRule);
    }
    const schema = this.validator.validateResponse(operationId, raw.status, body);
    if (!schema.valid) {
      const pointer = this.validator.responsePointer(operationId, raw.status);
      problems.push(`the response breaks the schema: ${schema.errors.slice(0, 4).map((e) => `${e.path} ${e.message}`).join("; ")}`);
      rules.push(pointer ? `oas ${this.options.service}${pointer}` : responseRule);
    }
    return { problems, rules, body, contentType };
  }

  private judgement(base: Omit<ExchangeJudgement, "judged" | "ok" | "rules" | "problems">, operationId: string, verdict: Verdict, schemaProblems: string[], schemaRules: Rule[], raw: RawExchange): ExchangeJudgement {
    const problems = [...schemaProblems];
    const rules = [...schemaRules];
    if (verdict.judged !== "schema") {
      problems.push(...describeVerdict(verdict));
      rules.push(...verdict.rules);
    }
    const judged = verdict.suiteError ? "error" : verdict.judged;
    const why = verdict.suiteError ? `an error of the suite's own while judging it: ${verdict.suiteError}` : verdict.why;
    return {
      ...base, operationId, judged, ...(judged === "schema" || judged === "error" ? { why } : {}),
      ok: problems.length === 0, rules: [...new Set(rules)], problems: problems.map((p) => this.mask(p, raw)),
    };
  }

  private keep(judgement: ExchangeJudgement): void {
    const counted = judgement.judged === "none" ? "none" : judgement.judged === "error" ? "error" : judgement.judged;
    this.tally[counted] += 1;
    if (!judgement.ok) this.tally.failed += 1;
    const notable = !judgement.ok || judgement.judged !== "full";
    if (this.options.keep !== "notable" || (notable && this.kept.length < keptNotable)) this.kept.push(judgement);
    this.options.onJudgement?.(judgement);
  }

  private mask(text: string, raw: RawExchange): string {
    return maskKeys(text, [this.keys.secret, this.keys.publishable, bearerOf(raw)]);
  }

  private reproducer(raw: RawExchange, operationId: string | undefined): string[] {
    const url = new URL(raw.url, "http://recorded.invalid");
    const exchange = { service: this.options.service, operationId: operationId ?? "", method: raw.method, url: url.href, requestHeaders: raw.requestHeaders, requestBody: raw.requestBody, status: raw.status } as Exchange;
    // Keys read from the environment for the known ones; any other bearer value masked.
    return curlLines([exchange], url.origin, this.keys).map((line) => this.mask(line, raw));
  }

  /** Every request still in flight is lost, everything answered is judged, and the result given. */
  finish(at?: number): TrafficResult {
    for (const id of [...this.inFlight.keys()]) this.lost(id);
    for (const account of [this.told, ...this.accounts.values()]) account.world.oracle.finish(at);
    return this.result();
  }

  result(): TrafficResult {
    const { tally } = this;
    const worlds = [this.told, ...this.accounts.values()];
    return {
      service: this.options.service, exchanges: tally.exchanges, full: tally.full, learned: tally.learned, schemaOnly: tally.schema, notJudged: tally.none,
      suiteErrors: tally.error, failed: tally.failed, ok: tally.failed === 0, judgements: [...this.kept].sort((a, b) => a.index - b.index),
      ...(this.accounts.size > 0 ? { untold: { exchanges: tally.untold, keys: this.accounts.size } } : {}),
      ...(tally.lost > 0 ? { lost: tally.lost } : {}),
      overlapping: worlds.reduce((sum, account) => sum + account.world.oracle.stats.overlapping, 0),
    };
  }
}

/** Whether a told key (in the clear, or as a recording masks it) is the one a recorded credential stands for. */
function sameKey(identity: KeyIdentity, told: string | undefined): boolean {
  if (told === undefined) return false;
  const toldIdentity = keyIdentity(`Bearer ${told}`);
  return isKey(identity, told) || (toldIdentity !== undefined && toldIdentity.fingerprint === identity.fingerprint);
}

/** The request's Authorization as the account's key itself, where the recording masked it. */
function unmasked(headers: Record<string, string>, keys: { secret?: string; publishable?: string }): Record<string, string> {
  const identity = keyIdentity(headers.authorization);
  if (!identity) return headers;
  const key = [keys.secret, keys.publishable].find((candidate) => sameKey(identity, candidate));
  return key === undefined || headers.authorization === `Bearer ${key}` ? headers : { ...headers, authorization: `Bearer ${key}` };
}

function pathOf(url: string): string {
  try {
    return new URL(url, "http://recorded.invalid").pathname;
  } catch {
    return url;
  }
}

const bearerOf = (raw: RawExchange) => /^Bearer\s+(\S+)/i.exec(raw.requestHeaders.authorization ?? "")?.[1];

/**
 * Judges a whole recording: `runConformance`'s sibling for traffic the suite did not generate. Its
 * exchanges are replayed as the history they were: each request begins at its start and ends at its
 * answer's end, in the order of time (a request that began at the instant another ended overlaps it).
 */
export function judgeTraffic(options: TrafficOptions & {
  onJudgement?: (judgement: ExchangeJudgement) => void;
  /** Stops judging at the first judgement this accepts (what was judged up to then is the result). */
  stopWhen?: (judgement: ExchangeJudgement) => boolean;
}): TrafficResult {
  let stopped = false;
  const judge = new TrafficJudge({
    ...options, keep: "all",
    onJudgement: (judgement) => {
      options.onJudgement?.(judgement);
      if (options.stopWhen?.(judgement)) stopped = true;
    },
  });
  const exchanges = options.exchanges ?? [];
  const events = exchanges.flatMap((raw, i) => [
    { at: raw.sentAt, kind: 0, i },
    { at: Math.max(raw.receivedAt, raw.sentAt), kind: 1, i },
  ]).sort((a, b) => a.at - b.at || a.kind - b.kind || a.i - b.i);
  for (const event of events) {
    if (stopped) return judge.result();
    const raw = exchanges[event.i];
    if (event.kind === 0) judge.begin(event.i, { method: raw.method, url: raw.url, requestHeaders: raw.requestHeaders, requestBody: raw.requestBody, at: raw.sentAt });
    else judge.end(event.i, raw, event.i + 1);
  }
  return stopped ? judge.result() : judge.finish();
}

/** "214 exchanges, 205 judged in full, 6 learned from a first read, 3 against the schema only, 0 failed". */
export function trafficSummaryLine(result: TrafficResult): string {
  const parts = [`${result.exchanges} exchange${result.exchanges === 1 ? "" : "s"}`, `${result.full} judged in full`];
  if (result.learned > 0) parts.push(`${result.learned} learned from a first read`);
  if (result.schemaOnly > 0) parts.push(`${result.schemaOnly} against the schema only: ${schemaWhy(result)}`);
  if (result.notJudged > 0) parts.push(`${result.notJudged} not judged: ${notJudgedWhy(result)}`);
  if (result.suiteErrors > 0) parts.push(`${result.suiteErrors} not judged for an error of the suite's own (not the server's: please report it)`);
  parts.push(`${result.failed} failed`);
  return parts.join(", ");
}

/** Why exchanges were judged against the schema only, from the judgements kept. */
function schemaWhy(result: TrafficResult): string {
  const whys = new Set(result.judgements.filter((j) => j.judged === "schema").map((j) => j.why));
  if (whys.size === 1 && whys.has("objects not seen before")) return "objects not seen before";
  return whys.has("objects not seen before") ? "objects not seen before, and what overlapping or unanswered exchanges left unknown (the report says which)" : "what the traffic could not tell (the report says which)";
}

function notJudgedWhy(result: TrafficResult): string {
  const whys = new Set(result.judgements.filter((j) => j.judged === "none").map((j) => j.why));
  return whys.size === 1 && whys.has("a route the contract does not know") ? "routes the contract does not know" : "routes the contract does not know, or bodies cut short by the recorder (the report says which)";
}

/** A line on what the judge could not do without keys, when it judged traffic under keys it was not told. */
export function untoldKeysLine(result: TrafficResult): string | undefined {
  if (!result.untold) return undefined;
  return `${result.untold.exchanges} exchange${result.untold.exchanges === 1 ? "" : "s"} used ${result.untold.keys} key${result.untold.keys === 1 ? "" : "s"} the judge was not told: each key was judged as an account of its own (a 401 allowed), so a merchant's secret and publishable keys were not judged together; give --secret-key and --publishable-key (or their masked forms) to judge them as one account`;
}

/** One failure as printed while the traffic passes: the exchange, the rules, the problems, a reproducer. */
export function failureText(judgement: ExchangeJudgement): string {
  return [
    `FAIL #${judgement.index} ${judgement.method} ${judgement.url} -> ${judgement.status}${judgement.operationId ? ` (${judgement.operationId})` : ""} [${judgement.rules.join(", ")}]`,
    ...judgement.problems.map((p) => `       ${p}`),
    "       reproduce:",
    ...judgement.curl.map((line) => `         ${line}`),
  ].join("\n");
}
