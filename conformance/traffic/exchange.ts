// One exchange of real traffic as the proxy saw it or a HAR recorded it: what went over the wire,
// before anyone decided which operation of the contract it is.
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
};

/** A key shown by its prefix and last four characters only (`sk_…4f2a`), for reports and reproducers. */
export function maskKey(key: string): string {
  const prefix = /^[a-z]+_/i.exec(key)?.[0] ?? "";
  return key.length <= prefix.length + 4 ? `${prefix}…` : `${prefix}…${key.slice(-4)}`;
}

/** The text with every given key replaced by its masked form. */
export function maskKeys(text: string, keys: Array<string | undefined>): string {
  let out = text;
  for (const key of keys) if (key) out = out.split(key).join(maskKey(key));
  return out;
}

/** The proxy's --record masks the keys (`sk_…4f2a`): read back with the keys given, they are the keys again. */
export function unmaskAuthorization(raw: RawExchange, keys: { secret?: string; publishable?: string }): RawExchange {
  const authorization = raw.requestHeaders.authorization;
  if (authorization === undefined) return raw;
  let value = authorization;
  for (const key of [keys.secret, keys.publishable]) if (key && value === `Bearer ${maskKey(key)}`) value = `Bearer ${key}`;
  return value === authorization ? raw : { ...raw, requestHeaders: { ...raw.requestHeaders, authorization: value } };
}
