// HAR 1.2 (the format browsers' devtools, Playwright's recordHar and the proxy's --record write):
// read into raw exchanges, and written from them. Entries without a response (a request the browser
// aborted, status 0) are not exchanges and are skipped.
import { readFileSync, writeFileSync } from "node:fs";
import type { RawExchange } from "./exchange.js";

type HarHeader = { name: string; value: string };
type HarEntry = {
  startedDateTime: string;
  time: number;
  request: { method: string; url: string; headers: HarHeader[]; postData?: { mimeType?: string; text?: string } };
  response: { status: number; headers: HarHeader[]; content: { mimeType?: string; text?: string; encoding?: string } };
};

const headerObject = (headers: HarHeader[] = []) => Object.fromEntries(headers.map((h) => [h.name.toLowerCase(), h.value]));

function contentText(content: HarEntry["response"]["content"]): string {
  const text = content?.text ?? "";
  return content?.encoding === "base64" ? Buffer.from(text, "base64").toString("utf8") : text;
}

/** The exchanges of a HAR document, in the document's order (the proxy writes them in the order it judged them). */
export function exchangesFromHar(har: unknown): RawExchange[] {
  const entries = (har as { log?: { entries?: HarEntry[] } })?.log?.entries;
  if (!Array.isArray(entries)) throw new Error("not a HAR document: log.entries is missing");
  return entries
    .filter((entry) => entry?.response?.status > 0)
    .map((entry) => {
      const sentAt = Date.parse(entry.startedDateTime);
      const requestHeaders = headerObject(entry.request.headers);
      if (entry.request.postData?.mimeType && requestHeaders["content-type"] === undefined) requestHeaders["content-type"] = entry.request.postData.mimeType;
      const responseHeaders = headerObject(entry.response.headers);
      if (entry.response.content?.mimeType && responseHeaders["content-type"] === undefined) responseHeaders["content-type"] = entry.response.content.mimeType;
      return {
        method: entry.request.method, url: entry.request.url, requestHeaders, requestBody: entry.request.postData?.text,
        sentAt, receivedAt: sentAt + Math.max(0, entry.time ?? 0), status: entry.response.status, responseHeaders, responseText: contentText(entry.response.content),
      };
    });
}

export function readHar(file: string): RawExchange[] {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  return exchangesFromHar(document);
}

const harHeaders = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => ({ name, value }));

/** A HAR 1.2 document of the exchanges, as the proxy recorded them. */
export function harOf(exchanges: RawExchange[], creator = "bank-payments-contract conformance proxy"): object {
  return {
    log: {
      version: "1.2",
      creator: { name: creator, version: "1" },
      entries: exchanges.map((e) => {
        const query = new URL(e.url).searchParams;
        return {
          startedDateTime: new Date(e.sentAt).toISOString(),
          time: e.receivedAt - e.sentAt,
          request: {
            method: e.method, url: e.url, httpVersion: "HTTP/1.1", cookies: [], headers: harHeaders(e.requestHeaders),
            queryString: [...query].map(([name, value]) => ({ name, value })), headersSize: -1, bodySize: e.requestBody === undefined ? 0 : Buffer.byteLength(e.requestBody),
            ...(e.requestBody === undefined ? {} : { postData: { mimeType: e.requestHeaders["content-type"] ?? "", text: e.requestBody } }),
          },
          response: {
            status: e.status, statusText: "", httpVersion: "HTTP/1.1", cookies: [], headers: harHeaders(e.responseHeaders),
            content: { size: Buffer.byteLength(e.responseText), mimeType: e.responseHeaders["content-type"] ?? "", text: e.responseText },
            redirectURL: "", headersSize: -1, bodySize: Buffer.byteLength(e.responseText),
          },
          cache: {},
          timings: { send: 0, wait: e.receivedAt - e.sentAt, receive: 0 },
        };
      }),
    },
  };
}

export function writeHar(file: string, exchanges: RawExchange[]): void {
  writeFileSync(file, `${JSON.stringify(harOf(exchanges), null, 1)}\n`);
}
