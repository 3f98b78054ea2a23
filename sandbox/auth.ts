// Bearer keys of the bank payment service (the check cashing service has no auth in the contract).
import type { IncomingMessage } from "node:http";

export type KeyKind = "secret" | "publishable";

export type Keys = { secretKey: string; publishableKey: string };

/** Which key an operation accepts (README, "Keys per operation"). */
export type KeyPolicy = "secret" | "publishable" | "either";

export type AuthOutcome = { ok: true; kind: KeyKind } | { ok: false; status: 401 | 403 };

/** The kind of key a request carries, or undefined for a missing, malformed or unknown key. */
export function keyOf(req: IncomingMessage, keys: Keys): KeyKind | undefined {
  const header = req.headers.authorization;
  const match = header === undefined ? null : /^Bearer +(\S+)\s*$/i.exec(header);
  if (!match) return undefined;
  if (match[1] === keys.secretKey) return "secret";
  if (match[1] === keys.publishableKey) return "publishable";
  return undefined;
}

/** 401 for no known key, 403 for a known key of the wrong kind. */
export function authorize(req: IncomingMessage, keys: Keys, policy: KeyPolicy): AuthOutcome {
  const kind = keyOf(req, keys);
  if (kind === undefined) return { ok: false, status: 401 };
  if (policy !== "either" && policy !== kind) return { ok: false, status: 403 };
  return { ok: true, kind };
}
