// What Node's HTTP layer would answer by itself, in plain text or not at all, answered as JSON in
// the service's shape: requests the parser refuses, timeouts, oversized headers, an `Expect` the
// sandbox cannot meet, CONNECT. Also the server's deliberate limits (README, "Start it").
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { sendJson } from "./http.js";
import { generalErrorBody, generalErrorReply, generalErrors, type GeneralError, type ServiceName } from "./service-errors.js";

/** Time limits of a connection, in milliseconds. */
export type Timeouts = {
  /** From connection (or the end of the previous request) to the end of the request's headers. */
  headersMs: number;
  /** From connection (or the previous request) to the end of the whole request, body included. */
  requestMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveMs: number;
};

/**
 * Headers and a 1 MB body arrive in well under these on any link a test runs on; slower clients
 * hold a connection and are cut off with 408.
 */
export const defaultTimeouts: Timeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/** Request headers above this many bytes get 431 (Node's default, stated so it is a decision). */
export const maxHeaderBytes = 16 * 1024;

/** createServer options: the header limit, and checks of the timeouts often enough to keep them. */
export function serverOptions(timeouts: Timeouts): ServerOptions {
  return {
    maxHeaderSize: maxHeaderBytes,
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks the two request timeouts on this period (30 s by default, which would let a
    // 10 s limit run to 40 s).
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(timeouts.headersMs / 4))),
    // A request without Host reaches the handler, which refuses it as JSON (Node's own 400 is empty).
    requireHostHeader: false,
  };
}

/** A request line whose only fault can be its method: a token, a target, an HTTP/1.x version. */
const wellFormedRequestLine = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ [!-~]+ HTTP\/1\.[01]\r?\n/;

export type ClientError = Error & { code?: string; rawPacket?: Buffer };

/**
 * Which general error a parser or socket error stands for. A method the parser does not know is
 * answered like any method the service does not serve (404, README "Bad input"); bytes that are
 * not a request line at all are a malformed request (400).
 */
export function kindOfClientError(error: ClientError): GeneralError {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return "headersTooLarge";
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return "requestTimeout";
    case "HPE_INVALID_METHOD":
      return wellFormedRequestLine.test(error.rawPacket?.toString("latin1") ?? "") ? "unknownMethod" : "malformed";
    default:
      return "malformed";
  }
}

/** A whole HTTP/1.1 answer written straight to the socket, closing the connection. */
function rawAnswer(service: ServiceName, kind: GeneralError): string {
  const { status, text } = generalErrors[kind];
  const body = JSON.stringify(generalErrorBody(service, kind));
  const reason = kind === "unknownMethod" ? "Not Found" : text;
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`
  );
}

/** Answers through a ServerResponse and closes the connection afterwards. */
export function answerAndClose(res: ServerResponse, service: ServiceName, kind: GeneralError): void {
  sendJson(res, { ...generalErrorReply(service, kind), headers: { Connection: "close" } });
}

/**
 * Installs the JSON answers on a server. A client error is answered only when no response has
 * started on the connection (as Node's default handler does), so a half-sent answer is never
 * followed by a second one; the connection is closed either way.
 */
export function answerTransportErrors(server: Server, service: ServiceName): void {
  server.on("clientError", (error: ClientError, socket: Duplex) => {
    // `_httpMessage` is the response in flight on this socket, if any (Node's default handler reads it too).
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || (inFlight && inFlight.headersSent)) {
      socket.destroy();
      return;
    }
    socket.end(rawAnswer(service, kindOfClientError(error)));
  });
  // Any Expect other than 100-continue (which Node answers itself) cannot be met.
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    answerAndClose(res, service, "expectationFailed");
  });
  // CONNECT is a method neither service serves; without a listener Node drops the connection silently.
  server.on("connect", (_req: IncomingMessage, socket: Duplex) => {
    socket.end(rawAnswer(service, "unknownMethod"));
  });
}
