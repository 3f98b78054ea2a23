// Curl lines that replay a run's requests against a fresh server: identifiers the server chose are
// captured into shell variables (with jq) and reused, and keys are read from the environment
// (SECRET_KEY, PUBLISHABLE_KEY) instead of being printed.
import type { Exchange } from "./oracle/exchange.js";

const quote = (text: string) => `'${text.replace(/'/g, `'"'"'`)}'`;

/** The identifier a creation got, if this exchange created something. */
function createdId(exchange: Exchange): string | undefined {
  if (!["createTransactionIntent", "createCredit"].includes(exchange.operationId)) return undefined;
  const id = (exchange.responseBody as { data?: { id?: unknown } } | undefined)?.data?.id;
  return typeof id === "string" ? id : undefined;
}

export function curlLines(exchanges: Exchange[], baseUrl: string, keys: { secret?: string; publishable?: string } = {}): string[] {
  const base = baseUrl.replace(/\/$/, "");
  const lines = [`BASE=${quote(base)}`];
  if (exchanges.some((e) => e.service === "bank-payments")) lines.push("# export SECRET_KEY=... PUBLISHABLE_KEY=... (the keys of the server under test)");
  const variables = new Map<string, string>();
  const counters = { TI: 0, CR: 0 };
  const substitute = (text: string, inQuotes: boolean) => {
    let out = text;
    for (const [id, name] of variables) out = out.split(id).join(inQuotes ? `'"$${name}"'` : `$${name}`);
    return out;
  };
  for (const exchange of exchanges) {
    const path = exchange.url.startsWith(base) ? exchange.url.slice(base.length) : new URL(exchange.url).pathname + new URL(exchange.url).search;
    const parts = ["curl -s", `-X ${exchange.method.toUpperCase()}`, `"$BASE${substitute(path, false)}"`];
    const auth = exchange.requestHeaders.authorization;
    if (auth !== undefined) {
      const header = auth === `Bearer ${keys.secret}` ? "Authorization: Bearer $SECRET_KEY"
        : auth === `Bearer ${keys.publishable}` ? "Authorization: Bearer $PUBLISHABLE_KEY" : `Authorization: ${auth}`;
      parts.push(header.includes("$") ? `-H "${header}"` : `-H ${quote(header)}`);
    }
    const contentType = exchange.requestHeaders["content-type"];
    if (contentType) parts.push(`-H ${quote(`Content-Type: ${contentType}`)}`);
    if (exchange.requestBody !== undefined && exchange.requestBody !== "") parts.push(`-d ${substitute(quote(exchange.requestBody), true)}`);
    const id = createdId(exchange);
    if (id !== undefined && !variables.has(id)) {
      const prefix = exchange.operationId === "createCredit" ? "CR" : "TI";
      counters[prefix] += 1;
      const name = `${prefix}${counters[prefix]}`;
      lines.push(`${name}=$(${parts.join(" ")} | jq -r .data.id)   # answered ${exchange.status}`);
      variables.set(id, name);
    } else {
      lines.push(`${parts.join(" ")}   # answered ${exchange.status}`);
    }
  }
  return lines;
}
