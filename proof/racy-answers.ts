// Racy answers (issue 34, "Proofs"): what a server that does not serialize its requests answers
// under concurrent traffic, injected by a mutant proxy (proof/mutants/proxy.ts) between the
// conformance proxy and a correct server. Both are faults whatever the timing: the concurrent
// traffic proof (test/traffic/concurrent-races.test.ts) runs the same clients through them and the
// judge must flag them, naming the rule, where it judges the same traffic clean without them.
import { editJson, is } from "./mutants/match.js";
import type { Transformation } from "./mutants/proxy.js";

const intentOf = (pathname: string) => /^\/api\/transaction-intents\/([^/]+)$/.exec(pathname)?.[1];

/**
 * A capture applied twice: once a capture of an intent has succeeded, a later capture of it that
 * the server refused as `already_occurred` is answered as applied (200, the intent captured), as a
 * server that read the intent before either capture saved would answer the second of two at once.
 */
export const captureAppliedTwice: Transformation = {
  id: "capture-applied-twice",
  response(exchange, context) {
    const id = intentOf(exchange.url.pathname);
    if (!id || !is.action(exchange, "capture")) return;
    const applied = context.memory.get(id) as { body: string; headers: Record<string, string> } | undefined;
    if (exchange.status === 200 && !applied && /"captured_status":"succeeded"/.test(exchange.body)) {
      context.memory.set(id, { body: exchange.body, headers: exchange.headers });
    } else if (exchange.status === 409 && applied && /"already_occurred"/.test(exchange.body)) {
      exchange.status = 200;
      exchange.headers = { ...applied.headers };
      exchange.body = applied.body;
    }
  },
};

/**
 * A list missing an intent whose creation was answered before the list was sent: a page of the
 * intent list filtered by a store only one client creates in (its `station_number` starts with
 * `ownStorePrefix`; that client waits for each creation's answer before it lists) leaves out the
 * first intent on the page that was made through this proxy, and counts one fewer, as a server
 * reading a stale snapshot would.
 */
export function listMissingAnsweredCreation(ownStorePrefix: string): Transformation {
  const created = new Set<string>();
  return {
    id: "list-missing-answered-creation",
    response(exchange) {
      if (is.intentCreate(exchange) && exchange.status === 201) {
        const id = (JSON.parse(exchange.body) as { data?: { id?: string } }).data?.id;
        if (id) created.add(id);
        return;
      }
      const store = exchange.url.searchParams.get("station_number");
      if (!is.intentList(exchange) || exchange.status !== 200 || !store?.startsWith(ownStorePrefix)) return;
      editJson(exchange, (page) => {
        const at = (page.data as Array<{ id: string }>).findIndex((item) => created.has(item.id));
        if (at < 0) return;
        page.data.splice(at, 1);
        page.meta.total -= 1;
        if (typeof page.meta.to === "number") page.meta.to = page.data.length === 0 ? null : page.meta.to - 1;
      });
    },
  };
}
