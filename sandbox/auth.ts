// Bearer keys of the bank payment service (the check cashing service has no auth in the contract).
// Which tenant a key opens is sandbox/tenants.ts's business; this module reads the header and
// applies the per-operation key policy.
import type { IncomingMessage } from "node:http";

export type KeyKind = "secret" | "publishable";

export type Keys = { secretKey: string; publishableKey: string };

/** Which key an operation accepts (README, "Keys per operation"). */
export type KeyPolicy = "secret" | "publishable" | "either";

export type AuthOutcome = { ok: true; kind: KeyKind } | { ok: false; status: 401 | 403 };

/** The key of an `Authorization: Bearer <key>` header, or undefined for a missing or malformed one. */
export function bearerKey(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = header === undefined ? null : /^Bearer +(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}

/** 401 for no known key (`kind` undefined), 403 for a known key of the wrong kind. */
export function authorize(kind: KeyKind | undefined, policy: KeyPolicy): AuthOutcome {
  if (kind === undefined) return { ok: false, status: 401 };
  if (policy !== "either" && policy !== kind) return { ok: false, status: 403 };
  return { ok: true, kind };
}
