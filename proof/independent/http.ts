// The HTTP plumbing both services share: reading a JSON body within a size limit, writing JSON as
// Express's res.json() does (charset parameter, members sorted by this team's serialiser), and
// starting and stopping a node:http server on a loopback port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const maxBodyBytes = 1024 * 1024;

export type Body = { kind: "json"; value: unknown } | { kind: "unreadable" };

/** The request body: parsed JSON, or unreadable (not JSON, another media type, empty, over 1 MB). */
export async function readBody(request: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) tooLarge = true; // keep draining so the connection stays usable
    else chunks.push(chunk as Buffer);
  }
  if (tooLarge) return { kind: "unreadable" };
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.length === 0) return { kind: "unreadable" };
  const type = (request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) return { kind: "unreadable" };
  try {
    return { kind: "json", value: JSON.parse(text) };
  } catch {
    return { kind: "unreadable" };
  }
}

/** Members in alphabetical order at every level (the serialiser's sort_keys). */
function sortedReplacer(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body, sortedReplacer);
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

/** Largest number of members in any object of a JSON value, walked without recursion. */
export function widestObject(value: unknown): number {
  let widest = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== "object") continue;
    if (Array.isArray(item)) stack.push(...item);
    else {
      const values = Object.values(item as Record<string, unknown>);
      widest = Math.max(widest, values.length);
      stack.push(...values);
    }
  }
  return widest;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export type Listening = { url: string; close: () => Promise<void> };

/** Listen on 127.0.0.1 (port 0: a free one); a handler that throws answers 500 rather than hanging. */
export async function listen(handler: Handler, port: number, onCrash: (response: ServerResponse) => void): Promise<Listening> {
  const server: Server = createServer((request, response) => {
    handler(request, response).catch((error) => {
      console.error("independent server: handler failed", error);
      if (!response.headersSent) onCrash(response);
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
