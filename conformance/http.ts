// The suite's HTTP transport: node:http(s) on kept-alive connections, one pool per process. The
// suite first used fetch; in a profile of the variant proof, fetch's web streams and transferables
// took an eighth of the CPU for small JSON bodies, and a run sends thousands of them.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

export type HttpAnswer = { status: number; headers: Headers; text: string };

/** As long as fetch waited for an answer's headers and then for each part of its body. */
const idleLimitMs = 300_000;

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/** The body as text, decoded when the server compressed it although the suite never asks for it (fetch did the same). */
function decoded(body: Buffer, encoding: string | undefined): string {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip": case "x-gzip": return gunzipSync(body).toString("utf8");
    case "deflate": return inflateSync(body).toString("utf8");
    case "br": return brotliDecompressSync(body).toString("utf8");
    default: return body.toString("utf8");
  }
}

function headersOf(incoming: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) headers.append(incoming.rawHeaders[i], incoming.rawHeaders[i + 1]);
  return headers;
}

/**
 * Sends one request and reads the whole answer. A pooled connection that the server closed after
 * its keep-alive timeout (while the suite's event loop was busy, say with Dredd compiling its
 * document) fails before the server read the request; that request is sent again once, on a new
 * connection (Node's `request.reusedSocket` advice). A server that read a request and dropped the
 * connection unanswered fails it, as does one silent for five minutes.
 */
export function send(url: string, init: SendOptions): Promise<HttpAnswer> {
  return sendOnce(url, init, false);
}

/** What to send; `agent` is a pool of the caller's own (the proof's proxy closes its pool with it). */
export type SendOptions = { method: string; headers: Record<string, string>; body?: string; agent?: HttpAgent };

function sendOnce(url: string, init: SendOptions, retried: boolean): Promise<HttpAnswer> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const headers = { ...init.headers };
  if (init.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(init.body));
  const pool = init.agent ?? (secure ? agents.https : agents.http);
  return new Promise((resolve, reject) => {
    const outgoing = (secure ? httpsRequest : httpRequest)(target, {
      method: init.method, headers, timeout: idleLimitMs, agent: retried ? false : pool,
    }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () => {
        try {
          resolve({ status: incoming.statusCode ?? 0, headers: headersOf(incoming), text: decoded(Buffer.concat(chunks), incoming.headers["content-encoding"]) });
        } catch (error) {
          reject(new Error(`${init.method} ${url}: the body could not be decoded as ${incoming.headers["content-encoding"]}: ${(error as Error).message}`));
        }
      });
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error(`${init.method} ${url}: no answer for ${idleLimitMs / 1000} s`)));
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (outgoing.reusedSocket && !retried && (error.code === "ECONNRESET" || error.code === "EPIPE")) resolve(sendOnce(url, init, true));
      else reject(error);
    });
    outgoing.end(init.body);
  });
}
