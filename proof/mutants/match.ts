// Small predicates and edits the mutants share: which operation an exchange is, and how to reach
// the intents and credits in a body.
import { editJson, requestJson, type Exchange, type ProxyContext } from "./proxy.js";

const path = (e: Exchange) => e.url.pathname;
const one = /^\/api\/transaction-intents\/[^/]+$/;
const oneCredit = /^\/api\/credits\/[^/]+$/;

export const is = {
  intentCreate: (e: Exchange) => e.method === "POST" && path(e) === "/api/transaction-intents",
  intentRead: (e: Exchange) => e.method === "GET" && one.test(path(e)),
  intentAction: (e: Exchange) => e.method === "PATCH" && one.test(path(e)),
  addressUpdate: (e: Exchange) => e.method === "PATCH" && /^\/api\/transaction-intents\/[^/]+\/address$/.test(path(e)),
  intentList: (e: Exchange) => e.method === "GET" && path(e) === "/api/transaction-intents",
  creditCreate: (e: Exchange) => e.method === "POST" && path(e) === "/api/credits",
  creditRead: (e: Exchange) => e.method === "GET" && oneCredit.test(path(e)),
  creditCancel: (e: Exchange) => e.method === "PATCH" && oneCredit.test(path(e)),
  creditList: (e: Exchange) => e.method === "GET" && path(e) === "/api/credits",
  list: (e: Exchange) => e.method === "GET" && /^\/api\/(transaction-intents|credits)$/.test(path(e)),
  publishable: (e: Exchange, c: ProxyContext) => e.requestHeaders.authorization === `Bearer ${c.publishableKey}`,
  action: (e: Exchange, action: string) => e.method === "PATCH" && one.test(path(e)) && requestJson(e)?.action === action,
};

/** Edits every transaction intent object of a JSON body (a single `data` or the items of a page). */
export function eachIntent(e: Exchange, edit: (intent: any) => void): void {
  editJson(e, (body) => {
    const items = Array.isArray(body?.data) ? body.data : body?.data ? [body.data] : [];
    for (const item of items) if (item && typeof item === "object" && "amount_authorized" in item) edit(item);
  });
}

/** Edits every credit object of a JSON body. */
export function eachCredit(e: Exchange, edit: (credit: any) => void): void {
  editJson(e, (body) => {
    const items = Array.isArray(body?.data) ? body.data : body?.data ? [body.data] : [];
    for (const item of items) if (item && typeof item === "object" && "creditable" in item) edit(item);
  });
}

/** Edits every entry of a check cashing errors body. */
export function eachEntry(e: Exchange, edit: (entry: any) => void): void {
  editJson(e, (body) => {
    if (Array.isArray(body?.errors)) for (const entry of body.errors) edit(entry);
  });
}

/** The intent as the implementation holds it now (secret-key read), for mutants that fabricate answers. */
export async function currentIntent(e: Exchange, c: ProxyContext): Promise<any> {
  const read = await c.forward("GET", e.url.pathname, { Authorization: `Bearer ${c.secretKey}`, Accept: "application/json" });
  return read.status === 200 ? JSON.parse(read.body).data : undefined;
}

/** Shifts an ISO 8601 UTC time by some milliseconds (second precision kept). */
export function shifted(time: unknown, ms: number): unknown {
  if (typeof time !== "string") return time;
  return new Date(Date.parse(time) + ms).toISOString().replace(/\.000Z$/, "Z");
}

/** Changes the last character of an identifier or reference, keeping its form. */
export function otherValue(value: unknown): unknown {
  if (typeof value !== "string" || value.length === 0) return value;
  const last = value[value.length - 1];
  const replacement = /[0-9]/.test(last) ? String((Number(last) + 1) % 10) : last === "Z" ? "Y" : last === "z" ? "y" : /[A-Z]/.test(last) ? "Z" : "z";
  return value.slice(0, -1) + replacement;
}

export { editJson, requestJson };
