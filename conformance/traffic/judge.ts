// Judges real traffic, one exchange at a time and in order: the operation and status against the
// schema of the published document, then the open-world oracle (its predictions and invariants).
// An exchange on a route the contract does not know is passed over as "not judged"; a method a known
// path does not serve is judged against its decision row (unserved.ts).
import type { OpenApiVersion, ServiceName } from "../../src/openapi/documents.js";
import { validatorFor } from "../../src/openapi/validator.js";
import type { Fixtures } from "../fixtures-file.js";
import type { Exchange } from "../oracle/exchange.js";
import { describeVerdict } from "../oracle/oracle.js";
import { curlLines } from "../repro.js";
import type { Rule } from "../rules.js";
import { defaultSettings, type SuiteSettings } from "../settings.js";
import { maskKeys, unmaskAuthorization, type RawExchange } from "./exchange.js";
import { OpenWorldOracle } from "./open-world.js";
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
   * traffic could not tell); none: not judged.
   */
  judged: "full" | "learned" | "schema" | "none";
  why?: string;
  ok: boolean;
  rules: Rule[];
  problems: string[];
  /** A curl line that replays the request, keys read from the environment. */
  curl: string[];
};

export type TrafficResult = {
  service: ServiceName;
  exchanges: number;
  full: number;
  learned: number;
  schemaOnly: number;
  notJudged: number;
  failed: number;
  ok: boolean;
  judgements: ExchangeJudgement[];
};

const operationRoute = (template: string) =>
  new RegExp(`${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, "[^/]+")}$`);

export class TrafficJudge {
  private readonly world: OpenWorldOracle;
  private readonly routes: Array<{ method: string; pattern: RegExp; operationId: string }>;
  private readonly keys: { secret?: string; publishable?: string };
  readonly judgements: ExchangeJudgement[] = [];

  constructor(private readonly options: Omit<TrafficOptions, "exchanges">) {
    this.keys = options.keys ?? {};
    this.world = new OpenWorldOracle({
      service: options.service, keys: this.keys, triggers: options.triggers ?? false,
      skewMs: (options.clockSkewSeconds ?? 300) * 1000, settings: { ...defaultSettings, ...options.settings }, fixtures: options.fixtures,
    });
    this.routes = this.validator.operations.map((located) => ({
      method: located.method.toUpperCase(), pattern: operationRoute(located.path), operationId: located.operation.operationId as string,
    }));
  }

  private get validator() {
    return validatorFor(this.options.service, this.options.openapi ?? "3.0");
  }

  /** Judges the next exchange of the traffic. */
  judge(recorded: RawExchange): ExchangeJudgement {
    const raw = unmaskAuthorization(recorded, this.keys);
    const index = this.judgements.length + 1;
    const method = raw.method.toUpperCase();
    let pathname: string;
    try {
      pathname = new URL(raw.url).pathname;
    } catch {
      pathname = raw.url;
    }
    const route = this.routes.find((r) => r.method === method && r.pattern.test(pathname));
    const base = { index, method, url: raw.url, status: raw.status, curl: this.reproducer(raw, route?.operationId) };
    if (!route || method === "OPTIONS") {
      // HEAD and preflights are a server's framework's to answer; another method on a known path is B-60's or C-14's.
      const unserved = method !== "OPTIONS" && method !== "HEAD" && this.routes.some((r) => r.pattern.test(pathname));
      if (!unserved) return this.keep({ ...base, judged: "none", why: "a route the contract does not know", ok: true, rules: [], problems: [] });
      const wrong = unservedMethodProblem(this.options.service, raw);
      return this.keep({ ...base, judged: "full", ok: wrong === undefined, rules: wrong ? [wrong.rule] : [], problems: wrong ? [maskKeys(wrong.problem, [this.keys.secret, this.keys.publishable])] : [] });
    }
    const { operationId } = route;
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
    const exchange: Exchange = {
      service: this.options.service, operationId, method: method.toLowerCase(), url: raw.url, requestHeaders: raw.requestHeaders,
      requestBody: raw.requestBody, sentAt: raw.sentAt, receivedAt: raw.receivedAt, status: raw.status, contentType,
      responseText: raw.responseText, responseBody: body,
    };
    const seen = this.world.observe(exchange, problems.length === 0);
    if (seen.judged !== "schema") {
      problems.push(...describeVerdict(seen.verdict));
      rules.push(...seen.verdict.rules);
    }
    return this.keep({
      ...base, operationId, judged: seen.judged, ...(seen.judged === "schema" ? { why: seen.why } : {}),
      ok: problems.length === 0, rules: [...new Set(rules)], problems: problems.map((p) => maskKeys(p, [this.keys.secret, this.keys.publishable])),
    });
  }

  private keep(judgement: ExchangeJudgement): ExchangeJudgement {
    this.judgements.push(judgement);
    return judgement;
  }

  private reproducer(raw: RawExchange, operationId: string | undefined): string[] {
    const url = new URL(raw.url);
    const exchange = { service: this.options.service, operationId: operationId ?? "", method: raw.method, url: raw.url, requestHeaders: raw.requestHeaders, requestBody: raw.requestBody } as Exchange;
    // Keys read from the environment for the known ones; any other bearer value masked.
    return curlLines([exchange], url.origin, this.keys).map((line) => maskKeys(line, [this.keys.secret, this.keys.publishable, bearerOf(raw)]));
  }

  result(): TrafficResult {
    const count = (judged: ExchangeJudgement["judged"]) => this.judgements.filter((j) => j.judged === judged).length;
    const failed = this.judgements.filter((j) => !j.ok).length;
    return {
      service: this.options.service, exchanges: this.judgements.length, full: count("full"), learned: count("learned"), schemaOnly: count("schema"), notJudged: count("none"),
      failed, ok: failed === 0, judgements: [...this.judgements],
    };
  }
}

const bearerOf = (raw: RawExchange) => /^Bearer\s+(\S+)/i.exec(raw.requestHeaders.authorization ?? "")?.[1];

/** Judges a whole recording: `runConformance`'s sibling for traffic the suite did not generate. */
export function judgeTraffic(options: TrafficOptions): TrafficResult {
  const judge = new TrafficJudge(options);
  for (const exchange of options.exchanges ?? []) judge.judge(exchange);
  return judge.result();
}

/** "214 exchanges, 205 judged in full, 6 learned from a first read, 3 against the schema only: objects not seen before, 0 failed". */
export function trafficSummaryLine(result: TrafficResult): string {
  const parts = [`${result.exchanges} exchange${result.exchanges === 1 ? "" : "s"}`, `${result.full} judged in full`];
  if (result.learned > 0) parts.push(`${result.learned} learned from a first read`);
  if (result.schemaOnly > 0) parts.push(`${result.schemaOnly} against the schema only: objects not seen before`);
  if (result.notJudged > 0) parts.push(`${result.notJudged} not judged: routes the contract does not know`);
  parts.push(`${result.failed} failed`);
  return parts.join(", ");
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
