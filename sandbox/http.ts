// Plain node:http helpers shared by both services: body reading with a size cap, JSON answers.
import type { IncomingMessage, ServerResponse } from "node:http";

/** Bodies above this many bytes are not parsed; the request is refused in the service's shape. */
export const maxBodyBytes = 1024 * 1024;

/** Why a body was not read as JSON the services accept. */
export type BodyProblem = "content_type" | "too_large" | "malformed" | "empty" | "too_deep" | "too_many_members";

/** The outcome of reading a request body as JSON. */
export type BodyResult =
  | { ok: true; value: unknown }
  /** `parsed`: the JSON value of a body refused for its shape (too deep, too wide), for top-level reads such as a trxID to echo. */
  | { ok: false; reason: BodyProblem; parsed?: unknown };

/** Whether a Content-Type header names JSON (`application/json`, parameters such as charset allowed). */
export function isJsonContentType(header: string | undefined): boolean {
  return header !== undefined && /^application\/json\s*(;.*)?$/i.test(header.trim());
}

/**
 * Bodies already read, by request: a handler retried after SQLITE_BUSY (server.ts) reads the same
 * body again, and a consumed stream would never end a second time.
 */
const bodiesRead = new WeakMap<IncomingMessage, Promise<BodyResult>>();

/**
 * Reads the whole body (discarding bytes beyond the cap so the client can finish sending) and
 * parses it as JSON. The body is always consumed, whatever the outcome; a second call gives the
 * first call's result.
 */
export function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  let result = bodiesRead.get(req);
  if (result === undefined) {
    result = readJsonBodyOnce(req);
    bodiesRead.set(req, result);
  }
  return result;
}

function readJsonBodyOnce(req: IncomingMessage): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        tooLarge = true;
        chunks.length = 0;
      } else {
        chunks.push(chunk);
      }
    });
    req.on("error", () => resolve({ ok: false, reason: "malformed" }));
    req.on("end", () => {
      if (tooLarge) return resolve({ ok: false, reason: "too_large" });
      if (!isJsonContentType(req.headers["content-type"])) return resolve({ ok: false, reason: "content_type" });
      const text = Buffer.concat(chunks).toString("utf8");
      if (text.trim() === "") return resolve({ ok: false, reason: "empty" });
      let value: unknown;
      try {
        // V8's JSON.parse is iterative: a body nested 500,000 levels deep parses without overflow.
        value = JSON.parse(text);
      } catch {
        return resolve({ ok: false, reason: "malformed" });
      }
      const problem = jsonLimitProblem(value);
      resolve(problem === undefined ? { ok: true, value } : { ok: false, reason: problem, parsed: value });
    });
  });
}

/** Drains a body the route does not use, so keep-alive connections stay usable. */
export function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    req.on("data", () => undefined);
    req.on("end", () => resolve());
    req.on("error", () => resolve());
    if (req.readableEnded) resolve();
  });
}

/** A JSON answer: every response of the sandbox goes through here. `headers` adds to the usual ones. */
export type JsonReply = { status: number; body: unknown; headers?: Record<string, string> };

export function reply(status: number, body: unknown): JsonReply {
  return { status, body };
}

export function sendJson(res: ServerResponse, { status, body, headers }: JsonReply): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
  });
  res.end(text);
}

/**
 * Limits on the shape of a body (README, "Bad input"), checked as it is read, before any handler,
 * validator or serialiser walks it: at most `depth` levels of objects and arrays (the body itself
 * is level 1; the contract's deepest body needs 2), at most `members` members in any one object
 * (bounds the work of validation and the size of error answers, which list refused members).
 * Without a depth limit, anything recursive over the value overflows the stack at a few thousand
 * levels, a 5 KB body.
 */
export const jsonLimits = { depth: 32, members: 100 } as const;

/**
 * The first limit a parsed body breaks, or undefined. Iterative (an explicit stack, never
 * recursion), so it holds at any depth a 1 MB body can reach.
 */
export function jsonLimitProblem(value: unknown, limits: { depth: number; members: number } = jsonLimits): "too_deep" | "too_many_members" | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth > limits.depth) return "too_deep";
    const children = Array.isArray(current) ? current : Object.values(current);
    if (!Array.isArray(current) && children.length > limits.members) return "too_many_members";
    for (const child of children) {
      if (child !== null && typeof child === "object") stack.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Whether a value is a plain JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
