// HAR 1.2 (the format browsers' devtools, Playwright's recordHar and the proxy's --record write):
// read into raw exchanges, and written from them. Entries without a response (a request the browser
// aborted, status 0) are not exchanges and are skipped.
//
// What the proxy writes keeps what went over the wire: one header entry per header line, in order,
// names as sent; the reason phrase (`statusText`); a body that is not valid UTF-8 as base64
// (`encoding: "base64"`, on the response's `content` as HAR 1.2 has it, and on the request's
// `postData` the same way); and, in fields of its own (HAR's custom fields start with `_`):
// `_delivered: false` (the client did not receive the whole answer), `_truncated: true` on a body
// longer than the proxy keeps, `_trailers`, `_informational` (1xx answers), `_requestTarget` (a
// target that was not a path), `_sentAt` (the start in fractional ms). One entry per line, written
// as each exchange is answered, so that a recording cut short (the proxy killed) is read up to its
// last whole line, and said to be cut short.
import { isUtf8 } from "node:buffer";
import { readFileSync, writeFileSync } from "node:fs";
import type { RawExchange } from "./exchange.js";
import { headerRecord, type HeaderLine } from "./secrets.js";

type HarHeader = { name: string; value: string };
type HarBody = { mimeType?: string; text?: string; encoding?: string; size?: number; _truncated?: boolean; _encoding?: string };
type HarEntry = {
  startedDateTime: string;
  time: number;
  _sentAt?: number;
  _delivered?: boolean;
  request: { method: string; url: string; httpVersion?: string; headers: HarHeader[]; postData?: HarBody; bodySize?: number; _trailers?: HarHeader[]; _requestTarget?: string };
  response: {
    status: number; statusText?: string; headers: HarHeader[]; content: HarBody; bodySize?: number;
    _trailers?: HarHeader[]; _informational?: Array<{ status: number; statusText?: string; headers: HarHeader[] }>;
  };
};

export const proxyCreator = "bank-payments-contract conformance proxy";

const linesOf = (headers: HarHeader[] | undefined): HeaderLine[] => (headers ?? []).map((h) => [h.name, h.value]);
const harHeaders = (lines: HeaderLine[]): HarHeader[] => lines.map(([name, value]) => ({ name, value }));
const linesOfRecord = (headers: Record<string, string>): HeaderLine[] => Object.entries(headers);

/** A HAR body's bytes: base64 when it says so (`encoding`, or `_encoding` on a request), its text's UTF-8 otherwise. */
function bodyBytes(body: HarBody | undefined): Buffer | undefined {
  if (body?.text === undefined) return undefined;
  const base64 = body.encoding === "base64" || body._encoding === "base64";
  return Buffer.from(body.text, base64 ? "base64" : "utf8");
}

/** What a raw exchange holds of a body: its text, and its bytes where they are not UTF-8. */
function bodyParts(bytes: Buffer | undefined): { text?: string; bytes?: Uint8Array } {
  if (bytes === undefined) return {};
  return isUtf8(bytes) ? { text: bytes.toString("utf8") } : { text: bytes.toString("utf8"), bytes: new Uint8Array(bytes) };
}

/** A body as HAR writes it: text when it is UTF-8, base64 when not. */
function harBody(text: string, bytes: Uint8Array | undefined): { text: string; encoding?: "base64" } {
  return bytes ? { text: Buffer.from(bytes).toString("base64"), encoding: "base64" } : { text };
}

const byteLength = (text: string | undefined, bytes: Uint8Array | undefined) => bytes?.byteLength ?? (text === undefined ? 0 : Buffer.byteLength(text));

function queryOf(url: string): HarHeader[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** One exchange as a HAR 1.2 entry. */
export function harEntry(e: RawExchange): object {
  const requestLines = e.requestHeaderLines ?? linesOfRecord(e.requestHeaders);
  const responseLines = e.responseHeaderLines ?? linesOfRecord(e.responseHeaders);
  const contentType = (lines: HeaderLine[]) => lines.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  const hasRequestBody = e.requestBody !== undefined || e.requestBodyBytes !== undefined;
  const requestSize = e.requestBodySize ?? byteLength(e.requestBody, e.requestBodyBytes);
  const responseSize = e.responseBodySize ?? byteLength(e.responseText, e.responseBodyBytes);
  const time = Math.max(0, e.receivedAt - e.sentAt);
  return {
    startedDateTime: new Date(e.sentAt).toISOString(),
    time,
    _sentAt: e.sentAt,
    ...(e.delivered === false ? { _delivered: false } : {}),
    request: {
      method: e.method, url: e.url, httpVersion: e.httpVersion ?? "HTTP/1.1", cookies: [], headers: harHeaders(requestLines),
      queryString: queryOf(e.url), headersSize: -1, bodySize: hasRequestBody ? requestSize : 0,
      ...(hasRequestBody ? {
        postData: { mimeType: contentType(requestLines), ...harBody(e.requestBody ?? "", e.requestBodyBytes), ...(e.requestTruncated ? { _truncated: true } : {}) },
      } : {}),
      ...(e.requestTrailerLines?.length ? { _trailers: harHeaders(e.requestTrailerLines) } : {}),
      ...(e.requestTarget !== undefined ? { _requestTarget: e.requestTarget } : {}),
    },
    response: {
      status: e.status, statusText: e.statusText ?? "", httpVersion: e.httpVersion ?? "HTTP/1.1", cookies: [], headers: harHeaders(responseLines),
      content: { size: responseSize, mimeType: contentType(responseLines), ...harBody(e.responseText, e.responseBodyBytes), ...(e.responseTruncated ? { _truncated: true } : {}) },
      redirectURL: "", headersSize: -1, bodySize: responseSize,
      ...(e.responseTrailerLines?.length ? { _trailers: harHeaders(e.responseTrailerLines) } : {}),
      ...(e.informational?.length ? { _informational: e.informational.map((i) => ({ status: i.status, statusText: i.statusText, headers: harHeaders(i.headerLines) })) } : {}),
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
  };
}

/** The start of a HAR document whose entries follow one a line (the first without a leading comma); `harTail` closes it. */
export function harHead(creator = proxyCreator): string {
  return `{"log":{"version":"1.2","creator":${JSON.stringify({ name: creator, version: "1" })},"pages":[],"entries":[\n`;
}

export const harTail = "]}}\n";

/** The entry's line in a document that `harHead` began: `first` is the document's first entry. */
export const harLine = (e: RawExchange, first: boolean) => `${first ? "" : ","}${JSON.stringify(harEntry(e))}\n`;

/** A HAR 1.2 document of the exchanges, as the proxy records them. */
export function harOf(exchanges: RawExchange[], creator = proxyCreator): object {
  return JSON.parse(harDocument(exchanges, creator));
}

function harDocument(exchanges: RawExchange[], creator = proxyCreator): string {
  return harHead(creator) + exchanges.map((e, i) => harLine(e, i === 0)).join("") + harTail;
}

export function writeHar(file: string, exchanges: RawExchange[]): void {
  writeFileSync(file, harDocument(exchanges));
}

function exchangeOf(entry: HarEntry): RawExchange {
  const sentAt = typeof entry._sentAt === "number" ? entry._sentAt : Date.parse(entry.startedDateTime);
  const requestLines = linesOf(entry.request.headers);
  const responseLines = linesOf(entry.response.headers);
  const requestHeaders = headerRecord(requestLines);
  if (entry.request.postData?.mimeType && requestHeaders["content-type"] === undefined) requestHeaders["content-type"] = entry.request.postData.mimeType;
  const responseHeaders = headerRecord(responseLines);
  if (entry.response.content?.mimeType && responseHeaders["content-type"] === undefined) responseHeaders["content-type"] = entry.response.content.mimeType;
  const request = bodyParts(bodyBytes(entry.request.postData));
  const response = bodyParts(bodyBytes(entry.response.content));
  const informational = entry.response._informational?.map((i) => ({ status: i.status, statusText: i.statusText ?? "", headerLines: linesOf(i.headers) }));
  return {
    method: entry.request.method, url: entry.request.url, requestHeaders, requestBody: request.text,
    sentAt, receivedAt: sentAt + Math.max(0, entry.time ?? 0), status: entry.response.status, responseHeaders, responseText: response.text ?? "",
    ...(entry._delivered === false ? { delivered: false } : {}),
    ...(entry.request.postData?._truncated ? { requestTruncated: true } : {}),
    ...(entry.response.content?._truncated ? { responseTruncated: true } : {}),
    ...(entry.request._requestTarget !== undefined ? { requestTarget: entry.request._requestTarget } : {}),
    ...(entry.request.httpVersion ? { httpVersion: entry.request.httpVersion } : {}),
    requestHeaderLines: requestLines, responseHeaderLines: responseLines,
    ...(entry.request._trailers ? { requestTrailerLines: linesOf(entry.request._trailers) } : {}),
    ...(entry.response._trailers ? { responseTrailerLines: linesOf(entry.response._trailers) } : {}),
    ...(entry.response.statusText !== undefined ? { statusText: entry.response.statusText } : {}),
    ...(informational?.length ? { informational } : {}),
    ...(request.bytes ? { requestBodyBytes: request.bytes } : {}),
    ...(response.bytes ? { responseBodyBytes: response.bytes } : {}),
    ...(typeof entry.request.bodySize === "number" && entry.request.bodySize >= 0 && entry.request.postData ? { requestBodySize: entry.request.bodySize } : {}),
    ...(typeof entry.response.content?.size === "number" && entry.response.content.size >= 0 ? { responseBodySize: entry.response.content.size } : {}),
  };
}

/** The exchanges of a HAR document, in the document's order (the proxy writes them in the order they were answered). */
export function exchangesFromHar(har: unknown): RawExchange[] {
  const entries = (har as { log?: { entries?: HarEntry[] } })?.log?.entries;
  if (!Array.isArray(entries)) throw new Error("not a HAR document: log.entries is missing");
  return entries.filter((entry) => entry?.response?.status > 0).map(exchangeOf);
}

export type Recording = {
  exchanges: RawExchange[];
  /** Set when the document ends early (a proxy killed before it could close its recording): what was read, and what was left out. */
  cutShort?: string;
};

/**
 * A HAR file's exchanges. A recording the proxy could not close (killed) is read up to its last
 * whole entry, and says so; any other document that is not JSON is refused.
 */
export function readRecording(file: string): Recording {
  const text = readFileSync(file, "utf8");
  try {
    return { exchanges: exchangesFromHar(JSON.parse(text)) };
  } catch (error) {
    const recovered = recoverCutShort(text);
    if (recovered) return recovered;
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

export function readHar(file: string): RawExchange[] {
  return readRecording(file).exchanges;
}

/** The entries of a document the proxy began (harHead) and never closed: every whole line up to the first that is not. */
function recoverCutShort(text: string): Recording | undefined {
  const lines = text.split("\n");
  if (!/^\{"log":\{.*"entries":\[$/.test(lines[0])) return undefined;
  const entries: HarEntry[] = [];
  let partial = false;
  for (const line of lines.slice(1)) {
    // Closed, yet not JSON: not a recording cut short, but one damaged otherwise.
    if (line === harTail.trim()) return undefined;
    if (line === "") break;
    try {
      entries.push(JSON.parse(line.replace(/^,/, "")) as HarEntry);
    } catch {
      partial = true;
      break;
    }
  }
  const exchanges = exchangesFromHar({ log: { entries } });
  return {
    exchanges,
    cutShort: `the recording ends early (its proxy did not stop cleanly): ${exchanges.length} exchange${exchanges.length === 1 ? "" : "s"} read${partial ? ", an entry cut short left out" : ""}`,
  };
}
