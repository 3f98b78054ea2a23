// One exchange of real traffic as the proxy saw it or a HAR recorded it: what went over the wire,
// before anyone decided which operation of the contract it is.
import { createHash } from "node:crypto";

export type RawExchange = {
  method: string;
  /** Absolute URL, query included. */
  url: string;
  /** Request headers, names in lower case. */
  requestHeaders: Record<string, string>;
  requestBody?: string;
  /** Client clock (ms) when the request started and when the whole response had arrived. */
  sentAt: number;
  receivedAt: number;
  status: number;
  /** Response headers, names in lower case. */
  responseHeaders: Record<string, string>;
  responseText: string;
  /** false: the server answered, but the client did not receive the whole answer (it left); the exchange still happened at the server. */
  delivered?: boolean;
  /** The request or response body was longer than the recorder keeps: the text is cut, and cannot be judged. */
  requestTruncated?: boolean;
  responseTruncated?: boolean;
  // What a faithful recording keeps beside what the judge reads (the proxy's, and its HAR read back):
  /** The request target as sent, where it was not a path (`http://host/x`, `*`); `url` is then the nearest absolute URL. */
  requestTarget?: string;
  /** "HTTP/1.1", "HTTP/1.0". */
  httpVersion?: string;
  /** Each header line as it went over the wire, in order, names as sent, repeated lines apart (`requestHeaders` joins them). */
  requestHeaderLines?: Array<[string, string]>;
  responseHeaderLines?: Array<[string, string]>;
  requestTrailerLines?: Array<[string, string]>;
  responseTrailerLines?: Array<[string, string]>;
  /** The reason phrase of the status line. */
  statusText?: string;
  /** Informational answers (1xx: 100 Continue, 103 Early Hints) that came before the final one. */
  informational?: Array<{ status: number; statusText: string; headerLines: Array<[string, string]> }>;
  /** A body's bytes where they are not valid UTF-8 (binary, compressed): `requestBody` and `responseText` hold a lossy decoding. */
  requestBodyBytes?: Uint8Array;
  responseBodyBytes?: Uint8Array;
  /** A body's whole length on the wire, in bytes (more than what is kept when truncated). */
  requestBodySize?: number;
  responseBodySize?: number;
};

/**
 * A key's stable fingerprint: the first 12 hex characters of its SHA-256. The same key always gives
 * the same fingerprint, so a recording tells which exchanges shared a key without holding it.
 */
export function keyFingerprint(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 12);
}

/** The leading word of a key that says its kind (`sk_test_`, `pk_live_`, `sk_`), shown in masked forms. */
const kindPrefix = (key: string) => /^[a-z]+_(?:test_|live_)?/i.exec(key)?.[0] ?? "";

// The proxy masks the same few keys in every exchange: their masked forms are remembered (a bounded
// number of them), not hashed again each time.
const masked = new Map<string, string>();

/** How a recording or a report shows a key: its kind prefix and fingerprint (`sk_test_…3f9a1c02d4b7`), never a character of the rest. */
export function maskKey(key: string): string {
  let form = masked.get(key);
  if (form === undefined) {
    if (masked.size >= 10_000) masked.clear();
    form = `${kindPrefix(key)}…${keyFingerprint(key)}`;
    masked.set(key, form);
  }
  return form;
}

/** The text with every given key replaced by its masked form. */
export function maskKeys(text: string, keys: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const key of keys) if (key && out.includes(key)) out = out.split(key).join(maskKey(key));
  return out;
}

/**
 * Who a bearer credential is, as far as a recording can tell: its kind prefix and fingerprint. A
 * key in the clear gives its own; a masked form (`sk_test_…3f9a1c02d4b7`) gives the one it carries;
 * an older masked form (`sk_…4f2a`, its last four characters) gives `last4:4f2a`, matched by those.
 */
export type KeyIdentity = { prefix: string; fingerprint: string };

export function keyIdentity(authorization: string | undefined): KeyIdentity | undefined {
  const credential = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (credential === undefined) return undefined;
  const masked = /^([a-z]+_(?:test_|live_)?)?…([0-9a-f]{12})$/i.exec(credential);
  if (masked) return { prefix: masked[1] ?? "", fingerprint: masked[2].toLowerCase() };
  const older = /^([a-z]+_)?…(.{1,4})$/i.exec(credential);
  if (older) return { prefix: older[1] ?? "", fingerprint: `last4:${older[2]}` };
  return { prefix: kindPrefix(credential), fingerprint: keyFingerprint(credential) };
}

/** Whether a told key is the one a recorded credential stands for (in the clear, masked, or in the older masked form). */
export function isKey(identity: KeyIdentity | undefined, key: string | undefined): boolean {
  if (identity === undefined || key === undefined) return false;
  if (identity.fingerprint.startsWith("last4:")) return key.endsWith(identity.fingerprint.slice("last4:".length)) && key.startsWith(identity.prefix);
  return identity.fingerprint === keyFingerprint(key);
}

/** A recording's masked keys read back as the keys they stand for, where the keys are given. */
export function unmaskAuthorization(raw: RawExchange, keys: { secret?: string; publishable?: string }): RawExchange {
  const authorization = raw.requestHeaders.authorization;
  if (authorization === undefined) return raw;
  const identity = keyIdentity(authorization);
  const key = [keys.secret, keys.publishable].find((candidate) => isKey(identity, candidate));
  const value = key === undefined ? authorization : `Bearer ${key}`;
  return value === authorization ? raw : { ...raw, requestHeaders: { ...raw.requestHeaders, authorization: value } };
}
