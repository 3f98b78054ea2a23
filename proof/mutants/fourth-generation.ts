// Faults of the fourth hidden generation (issue 23): combinations, exact boundaries and unusual
// paths that survived or fell only to a generated sequence's chance. Each must be killed by the
// deterministic layers (Dredd, the scenarios, the coverage), never only by a sequence.
import { currentIntent, eachIntent, editJson, is, shifted } from "./match.js";
import type { Mutant } from "./proxy.js";

/** A list link with every query parameter but `page` and `per_page` dropped. */
function withoutFilters(link: unknown): unknown {
  if (typeof link !== "string") return link;
  const url = new URL(link, "http://relative.invalid");
  for (const name of [...url.searchParams.keys()]) if (name !== "page" && name !== "per_page") url.searchParams.delete(name);
  const kept = `${url.pathname}${url.search}`;
  return /^[a-z]+:\/\//i.test(link) ? `${url.origin}${kept}` : kept;
}

export const fourthGenerationMutants: Mutant[] = [
  {
    // Issue 23, point 8: the publishable key never tried an action after it updated an address.
    id: "publishable-acts-after-address-update", service: "bank-payments", class: "status and shape", deterministic: true,
    fault: "once the publishable key updated an intent's billing address, it may run actions on that intent (answered as the secret key)",
    async response(e, c) {
      const updated = (c.memory.get("publishable address updates") ?? new Set<string>()) as Set<string>;
      c.memory.set("publishable address updates", updated);
      if (is.addressUpdate(e) && is.publishable(e, c) && e.status === 200) updated.add(e.url.pathname.replace(/\/address$/, ""));
      if (!is.intentAction(e) || !is.publishable(e, c) || e.status !== 403 || !updated.has(e.url.pathname)) return;
      const answer = await c.forward(e.method, e.url.pathname, { Authorization: `Bearer ${c.secretKey}`, "Content-Type": "application/json" }, e.requestBody);
      e.status = answer.status;
      e.body = answer.body;
    },
  },
  {
    id: "list-links-drop-filters", service: "bank-payments", class: "consistency", deterministic: true,
    fault: "list page links keep page and per_page but drop the filters (every intent of the client)",
    response(e) {
      if (!is.list(e) || e.status !== 200) return;
      editJson(e, (body) => { for (const name of ["first", "last", "prev", "next"]) if (body?.links?.[name]) body.links[name] = withoutFilters(body.links[name]); });
    },
  },
  {
    id: "identical-creation-answers-first", service: "bank-payments", class: "consistency", deterministic: true,
    fault: "a creation identical to an earlier one is answered with the first intent (the second purchase dropped)",
    response(e, c) {
      if (!is.intentCreate(e) || e.status !== 201) return;
      const key = `creation ${e.requestHeaders.authorization} ${e.requestBody}`;
      const first = c.memory.get(key) as string | undefined;
      if (first === undefined) c.memory.set(key, e.body);
      else e.body = first;
    },
  },
  {
    id: "body-problem-409-when-state-refuses", service: "bank-payments", class: "error bodies", deterministic: true,
    fault: "an action with a 422 body problem on an intent whose state also refuses it is answered 409 (B-52: the body first)",
    async response(e, c) {
      if (!is.intentAction(e) || e.status !== 422) return;
      if ((await currentIntent(e, c))?.status !== "canceled") return;
      e.status = 409;
      e.body = JSON.stringify({ conflict: "not_ready", message: "The transaction intent is not ready.", action: "capture" });
    },
  },
  {
    id: "authorized-at-moved-by-capture", service: "bank-payments", class: "dates and schedules", deterministic: true,
    fault: "a capture moves authorized_at a minute later",
    response(e) { eachIntent(e, (intent) => { if (intent.captured_at && intent.authorized_at) intent.authorized_at = shifted(intent.authorized_at, 60_000); }); },
  },
  {
    // Issue 36, item 10: as a server that stamps authorized_at again when it captures. Killed without
    // triggers too: the coverage probe reads the intent, then captures it more than a second later.
    id: "authorized-at-set-by-capture", service: "bank-payments", class: "dates and schedules", deterministic: true,
    fault: "a capture sets authorized_at to its own time: every later view of the intent, under either key and in lists, shows captured_at there",
    response(e, c) {
      const stamps = (c.memory.get("capture times") ?? new Map<string, string>()) as Map<string, string>;
      c.memory.set("capture times", stamps);
      eachIntent(e, (intent) => {
        if (typeof intent.captured_at === "string" && !stamps.has(intent.id)) stamps.set(intent.id, intent.captured_at);
        if (stamps.has(intent.id) && typeof intent.authorized_at === "string") intent.authorized_at = stamps.get(intent.id);
      });
    },
  },
  {
    id: "bnpl-schedule-rescaled-by-partial-capture", service: "bank-payments", class: "dates and schedules", deterministic: true,
    fault: "a partial capture of a bankpay_bnpl intent rescales its payment schedule to the captured amount",
    response(e) {
      eachIntent(e, (intent) => {
        const authorized = Number(intent.amount_authorized);
        const captured = Number(intent.amount_captured);
        if (!Array.isArray(intent.payments) || !(captured > 0 && captured < authorized)) return;
        for (const payment of intent.payments) payment.amount = ((Math.round(Number(payment.amount) * 100) * captured) / authorized / 100).toFixed(2);
      });
    },
  },
  // Routes and queries no operation describes (conformance/coverage/route-probes.ts).
  {
    id: "unknown-route-framework-404", service: "bank-payments", class: "error bodies", deterministic: true,
    fault: "a route the service does not have is answered 404 with a framework's body instead of {\"message\": \"not_found\"} (B-60)",
    response(e) {
      if (e.status !== 404 || !/^\/api\/(refunds|transaction-intents\/[^/]+\/refunds)$/.test(e.url.pathname)) return;
      e.body = JSON.stringify({ message: "Not Found" });
    },
  },
  {
    id: "wrong-method-answered-200", service: "bank-payments", class: "status and shape", deterministic: true,
    fault: "a method a known path does not serve (DELETE, PUT) is answered 200 with an empty object (B-60)",
    response(e) {
      if (e.method !== "DELETE" && e.method !== "PUT") return;
      e.status = 200;
      e.body = "{}";
    },
  },
  {
    id: "repeated-parameter-first-wins", service: "bank-payments", class: "status and shape", deterministic: true,
    fault: "a list query parameter given twice is read as its first value instead of 422 invalid (B-55)",
    request(e) {
      const names = [...e.url.searchParams.keys()];
      if (names.length === new Set(names).size) return;
      const once = new URLSearchParams();
      for (const name of new Set(names)) once.set(name, e.url.searchParams.get(name)!);
      return { forward: { path: `${e.url.pathname}?${once}` } };
    },
    // The answer to the rewritten request goes back as is; the proxy marks it as changed.
    response() {},
  },
  {
    id: "payroll-wrong-method-approved", service: "check-cashing", class: "check cashing", deterministic: true,
    fault: "a GET of the payroll route is answered 200 with an approval body (C-14)",
    response(e) {
      if (e.method !== "GET") return;
      e.status = 200;
      e.body = JSON.stringify({ trxID: "CONF-GET", trxRefID: "1", approvalNum: "123456", aba: "011000015", accountLast4: "6789", checkType: "Y", checkNum: "1042" });
    },
  },
];
