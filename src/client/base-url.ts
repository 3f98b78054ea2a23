// The clients' base URL is the service's documented `{base_url}` (`{cashline_url}`): an absolute
// http(s) URL without the path prefix, which the operation paths carry (`/api/...`, `/v1/...`).
// The two common mistakes do not fail by themselves: a base URL ending in `/api` sends every
// request to `/api/api/...`, whose 404 reads like an unknown id, and one without a scheme fails
// deep inside fetch. Both are refused when the client is created, with the URL to use instead.

/** The service a base URL points at, and the prefix its paths carry. */
export type ServiceOfUrl = "bank" | "check-cashing";

const pathPrefix: Record<ServiceOfUrl, string> = { bank: "/api", "check-cashing": "/v1" };
const example: Record<ServiceOfUrl, string> = { bank: "http://127.0.0.1:4020", "check-cashing": "http://127.0.0.1:4021" };
const placeholder: Record<ServiceOfUrl, string> = { bank: "{base_url}", "check-cashing": "{cashline_url}" };

/** Whether this runs in a page, where fetch resolves a relative URL ("/payments") against the page's address. */
const inBrowser = () => typeof (globalThis as { location?: object }).location === "object";

/** The origin and path of an absolute http(s) URL, or of a path when a page resolves it; undefined otherwise. */
function originAndPath(baseUrl: string): { origin: string; path: string } | undefined {
  if (inBrowser() && /^(\/(?!\/)|$)/.test(baseUrl)) return { origin: "", path: baseUrl.split(/[?#]/)[0] };
  try {
    const url = new URL(baseUrl);
    return url.protocol === "http:" || url.protocol === "https:" ? { origin: url.origin, path: url.pathname } : undefined;
  } catch {
    return undefined;
  }
}

/** `baseUrl` when it is an absolute http(s) URL not ending in the service's path prefix; else throws a TypeError saying what to use. */
export function checkedBaseUrl(factory: string, baseUrl: unknown, service: ServiceOfUrl): string {
  const prefix = pathPrefix[service];
  const expected = `Expected the service's ${placeholder[service]}, an absolute http:// or https:// URL without ${prefix}, e.g. "${example[service]}"`;
  const parts = typeof baseUrl === "string" ? originAndPath(baseUrl) : undefined;
  if (typeof baseUrl !== "string" || (!parts && baseUrl.trim() === "")) {
    throw new TypeError(`${factory}: baseUrl is ${JSON.stringify(baseUrl) ?? String(baseUrl)}. ${expected}.`);
  }
  if (!parts) {
    const schemeless = !/^[a-z][a-z0-9+.-]*:\/\//i.test(baseUrl);
    const what = schemeless ? "has no scheme" : "is not an http:// or https:// URL";
    const fix = schemeless ? ` Use "http://${baseUrl.replace(/^\/+/, "")}".` : "";
    throw new TypeError(`${factory}: baseUrl ${JSON.stringify(baseUrl)} ${what}. ${expected}.${fix}`);
  }
  const path = parts.path.replace(/\/+$/, "");
  if (path.toLowerCase().endsWith(prefix)) {
    throw new TypeError(
      `${factory}: baseUrl ${JSON.stringify(baseUrl)} ends in ${prefix}, but the operation paths start with ${prefix} ` +
        `(the documented ${placeholder[service]} is without it): every request would go to ${prefix}${prefix}/... and answer 404, ` +
        `which reads like an unknown id. Use "${parts.origin}${path.slice(0, -prefix.length)}".`,
    );
  }
  return baseUrl;
}
