// No secret in the clear in anything the proxy or the judge writes (docs/traffic.md, "Keys"): every
// Authorization credential, told or not, and every key-shaped token (`sk_…`, `pk_…`) anywhere else
// (URLs, query strings, header values of both directions, bodies) become their kind and stable
// fingerprint (maskKey), as do the keys the proxy was told, whatever their shape. What is masked
// can still be judged: the judge matches fingerprints to the keys it is told (exchange.ts keyIdentity).
import { isUtf8 } from "node:buffer";
import { maskKey, maskKeys, type RawExchange } from "./exchange.js";

export type HeaderLine = [name: string, value: string];

/**
 * A key-shaped token: `sk_` or `pk_` and what follows of a key's characters (`sk_test_abc`,
 * `pk_live_x-1`), not inside a longer word, and not a masked form already (`sk_test_…3f9a1c02d4b7`).
 */
const keyShaped = /\b[sp]k_[A-Za-z0-9_-]+(?![A-Za-z0-9_…-])/g;

/** The text with the told keys and every key-shaped token masked. */
export function maskText(text: string, told: ReadonlyArray<string | undefined>): string {
  const plain = maskKeys(text, told);
  return plain.includes("k_") ? plain.replace(keyShaped, (token) => maskKey(token)) : plain;
}

/**
 * Body bytes with the keys masked. UTF-8 is masked as text; other bytes (binary, another charset)
 * are searched as Latin-1, one character a byte, so an ASCII key inside them is found too and
 * replaced by its masked form's UTF-8 bytes. A compressed body is not opened: a key inside it stays.
 */
export function maskBytes(bytes: Buffer, told: ReadonlyArray<string | undefined>): Buffer {
  if (isUtf8(bytes)) {
    const text = bytes.toString("utf8");
    const masked = maskText(text, told);
    return masked === text ? bytes : Buffer.from(masked, "utf8");
  }
  const latin1 = bytes.toString("latin1");
  const asciiTold = told.filter((key): key is string => !!key && /^[\x20-\x7e]+$/.test(key));
  const pattern = new RegExp([...asciiTold.map(escaped), keyShaped.source].join("|"), "g");
  const parts: Buffer[] = [];
  let from = 0;
  for (const match of latin1.matchAll(pattern)) {
    parts.push(bytes.subarray(from, match.index), Buffer.from(maskKey(match[0]), "utf8"));
    from = match.index! + match[0].length;
  }
  if (parts.length === 0) return bytes;
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A credential header's value (`Bearer sk_test_x`, `Basic dXNlcjpwYXNz`, a bare token): the scheme kept, the credential masked. */
export function maskCredential(value: string): string {
  const [, scheme, credential] = /^(\S+\s+)?(\S.*?)\s*$/.exec(value) ?? [];
  if (credential === undefined) return value;
  // Already masked (a recording read back and written again, in this form or the older one): kept as it is.
  if (credential.includes("…")) return value;
  return `${scheme ?? ""}${maskKey(credential)}`;
}

const credentialHeaders = new Set(["authorization", "proxy-authorization"]);

/**
 * The secrets to mask throughout one exchange: the told keys, and the credentials its request
 * carries (an upstream that echoes a credential in a header or a body echoes a secret). A
 * credential shorter than 8 characters is no secret worth the damage of masking it everywhere.
 */
export function secretsOf(told: ReadonlyArray<string | undefined>, requestHeaders: Iterable<HeaderLine>): string[] {
  const secrets = told.filter((key): key is string => !!key);
  for (const [name, value] of requestHeaders) {
    if (!credentialHeaders.has(name.toLowerCase())) continue;
    const credential = /^(?:\S+\s+)?(\S.*?)\s*$/.exec(value)?.[1];
    if (credential && credential.length >= 8 && !credential.includes("…")) secrets.push(credential);
  }
  return secrets;
}

export function maskHeaderLines(lines: HeaderLine[], told: ReadonlyArray<string | undefined>): HeaderLine[] {
  return lines.map(([name, value]) => [name, credentialHeaders.has(name.toLowerCase()) ? maskCredential(value) : maskText(value, told)]);
}

/** Header lines as the judge reads them: names in lower case, repeated lines joined with ", ". */
export function headerRecord(lines: HeaderLine[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of lines) {
    const key = name.toLowerCase();
    record[key] = key in record ? `${record[key]}, ${value}` : value;
  }
  return record;
}

/**
 * An exchange with its secrets masked (a recording from elsewhere, before it is judged and
 * reported): URL, headers, header lines and bodies. The proxy masks as it records (proxy.ts).
 */
export function maskExchange(raw: RawExchange, keys: ReadonlyArray<string | undefined>): RawExchange {
  const told = secretsOf(keys, raw.requestHeaderLines ?? Object.entries(raw.requestHeaders));
  const record = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) =>
    [name, credentialHeaders.has(name) ? maskCredential(value) : maskText(value, told)]));
  const lines = (headerLines: HeaderLine[] | undefined) => (headerLines ? maskHeaderLines(headerLines, told) : undefined);
  const bytes = (body: Uint8Array | undefined) => (body ? new Uint8Array(maskBytes(Buffer.from(body), told)) : undefined);
  return {
    ...raw,
    url: maskText(raw.url, told),
    requestHeaders: record(raw.requestHeaders),
    responseHeaders: record(raw.responseHeaders),
    requestBody: raw.requestBody === undefined ? undefined : maskText(raw.requestBody, told),
    responseText: maskText(raw.responseText, told),
    ...(raw.requestHeaderLines ? { requestHeaderLines: lines(raw.requestHeaderLines) } : {}),
    ...(raw.responseHeaderLines ? { responseHeaderLines: lines(raw.responseHeaderLines) } : {}),
    ...(raw.requestBodyBytes ? { requestBodyBytes: bytes(raw.requestBodyBytes) } : {}),
    ...(raw.responseBodyBytes ? { responseBodyBytes: bytes(raw.responseBodyBytes) } : {}),
  };
}
