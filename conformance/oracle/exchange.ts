// One request and its response as the suite saw them, with the client-side times around them.
// Every layer (Dredd, scenarios, generated sequences, preflight) hands the oracle these.
import type { ServiceName } from "../../src/openapi/documents.js";
import { validatorFor } from "../../src/openapi/validator.js";

export type Exchange = {
  service: ServiceName;
  operationId: string;
  method: string;
  /** Absolute URL, query included. */
  url: string;
  /** Request headers, names in lower case. */
  requestHeaders: Record<string, string>;
  /** The request body as sent, when there was one. */
  requestBody?: string;
  /** Client clock (ms) just before sending and just after the whole response arrived. */
  sentAt: number;
  receivedAt: number;
  status: number;
  contentType: string;
  responseText: string;
  /** The parsed JSON body, or undefined when it was empty or not JSON. */
  responseBody: unknown;
  /** The response's `X-Conformance-Mark` header: a test proxy's sign that it changed this response. */
  mark?: string;
  /** The check that sent the request, where the layer names it (a knock-on failure names the check that left an object). */
  check?: string;
};

/** A request as it is sent, before its answer: what the model of time needs to place it (history.ts). */
export type RequestPart = Pick<Exchange, "service" | "operationId" | "method" | "url" | "requestHeaders" | "requestBody" | "sentAt" | "check">;

/** Set by the test proxies of proof/mutants/ on the responses they changed. */
export const markHeader = "x-conformance-mark";

/** The marks among some exchanges (a failed check carries them, proof/mutants/run.ts reads them). */
export function marksOf(exchanges: Exchange[]): string[] {
  return exchanges.flatMap((exchange) => (exchange.mark === undefined ? [] : [exchange.mark]));
}

export function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The path parameters of an exchange, read against its operation's path template. */
export function pathParameters(exchange: Exchange): Record<string, string> {
  const { path } = validatorFor(exchange.service).operation(exchange.operationId);
  const names: string[] = [];
  const pattern = new RegExp(`${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{([^}]+)\\?\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  })}$`);
  const match = pattern.exec(new URL(exchange.url).pathname);
  const out: Record<string, string> = {};
  names.forEach((name, i) => {
    const raw = match?.[i + 1];
    if (raw !== undefined) {
      try {
        out[name] = decodeURIComponent(raw);
      } catch {
        out[name] = raw;
      }
    }
  });
  return out;
}

/** The request body read as the contract reads it: a JSON object, or why not. */
export type RequestJson = { ok: true; value: Record<string, unknown> } | { ok: false; value?: unknown };

const isJsonContentType = (header: string | undefined) => header !== undefined && /^application\/json\s*(;.*)?$/i.test(header.trim());

export function requestJson(exchange: Exchange): RequestJson {
  const text = exchange.requestBody ?? "";
  if (!isJsonContentType(exchange.requestHeaders["content-type"]) || text.trim() === "") return { ok: false };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  return typeof value === "object" && value !== null && !Array.isArray(value) ? { ok: true, value: value as Record<string, unknown> } : { ok: false, value };
}

/** Whether some object inside the value has more than `limit` members (README, "Members per object"). */
export function hasOversizedObject(value: unknown, limit = 100): boolean {
  if (Array.isArray(value)) return value.some((item) => hasOversizedObject(item, limit));
  if (value === null || typeof value !== "object") return false;
  const members = Object.keys(value);
  return members.length > limit || members.some((name) => hasOversizedObject((value as Record<string, unknown>)[name], limit));
}
