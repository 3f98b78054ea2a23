// The bank payment service over node:http: routes, keys, bodies, then the domain (intents.ts,
// credits.ts). Checks run in the contract's order: key, resource in the path, body, state.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerConfig } from "../config.js";
import { readBody, sendJson } from "../http.js";
import { Credits } from "./credits.js";
import { isObject } from "./fields.js";
import { Intents } from "./intents.js";
import { BankStore, type Intent } from "./model.js";
import { actOnStaleCopy, isRacy } from "./racy-actions.js";
import { isOneOf, isText, pageOf, readListQuery, type Filters } from "./pages.js";
import { forbidden, notFound, unauthenticated, validation, type Reply } from "./replies.js";
import { readAction, readAddressUpdate, readCancelCredit, readCreateIntent, readCredit, readServiceFeeAcceptance, type Lookups } from "./requests.js";
import { creditView } from "./views.js";

type Key = "secret" | "publishable";

type Route = {
  /** Keys this operation takes. */
  keys: Key[];
  handle: (context: Context) => Promise<Reply> | Reply;
};

type Context = {
  request: IncomingMessage;
  url: URL;
  key: Key;
  params: string[];
  /** The body as a JSON object; one that is not (or not JSON) reads as empty, as Laravel reads it. */
  body: () => Promise<Record<string, unknown>>;
};

const intentStatuses = ["succeeded", "failed", "refunded", "canceled", "pending_authorization", "pending_capture", "pending_service_fee", "pending_service_fee_acceptance"];

export function bankApp(config: ServerConfig) {
  const store = new BankStore();
  const intents = new Intents(store, config);
  const credits = new Credits(store, config);
  const lookups: Lookups = { enrolment: config.enrolment, intentExists: (id) => store.intents.has(id) };

  const withIntent = (context: Context, then: (intent: Intent) => Promise<Reply> | Reply) => {
    const intent = intents.find(context.params[0]);
    return intent ? then(intent) : notFound;
  };

  const intentFilters: Filters = {
    reference_number: isText, station_number: isText, status: isOneOf(intentStatuses),
    submerchant_id: (value) => /^\d{1,18}$/.test(value), type: isOneOf(["bankpay", "bankpay_bnpl"]),
  };
  const creditFilters: Filters = {
    creditable_type: isOneOf(["transaction_intent", "bank_account"]), creditable_id: isText, employee_number: isText,
    reference_number: isText, station_number: isText, status: isOneOf(["pending", "failed", "succeeded", "canceled", "cancelled"]),
  };

  const routes: Array<{ method: string; pattern: RegExp; route: Route }> = [
    {
      method: "POST", pattern: /^\/api\/transaction-intents$/, route: {
        keys: ["secret"],
        handle: async (context) => {
          const read = readCreateIntent(await context.body(), lookups);
          return "problems" in read ? validation(read.problems) : intents.create(read.request);
        },
      },
    },
    {
      method: "GET", pattern: /^\/api\/transaction-intents$/, route: {
        keys: ["secret"],
        handle: ({ url, request }) => {
          const read = readListQuery(url.searchParams, intentFilters, config.policy);
          if ("problems" in read) return validation(read.problems);
          const f = read.query.filters;
          const matching = store.intentOrder.filter((intent) =>
            (f.reference_number === undefined || intent.referenceId === f.reference_number) &&
            (f.station_number === undefined || intent.storeNumber === f.station_number) &&
            (f.status === undefined || intent.status === f.status) &&
            (f.submerchant_id === undefined || (intent.submerchantId !== null && /^\d+$/.test(intent.submerchantId) && BigInt(intent.submerchantId) === BigInt(f.submerchant_id))) &&
            (f.type === undefined || intent.type === f.type));
          return pageOf(matching.reverse(), read.query, origin(request), "/api/transaction-intents", (intent) => intents.full(intent, true));
        },
      },
    },
    {
      method: "GET", pattern: /^\/api\/transaction-intents\/([^/]+)$/, route: {
        keys: ["secret", "publishable"],
        handle: (context) => withIntent(context, (intent) => ({
          status: 200,
          body: { data: context.key === "secret" ? intents.full(intent) : intents.reduced(intent), meta: { type: "transaction_intent" } },
        })),
      },
    },
    {
      method: "PATCH", pattern: /^\/api\/transaction-intents\/([^/]+)$/, route: {
        keys: ["secret"],
        handle: (context) => withIntent(context, async (intent) => {
          const read = readAction(await context.body());
          if ("problems" in read) return validation(read.problems);
          return isRacy(config.fault, read.request.action) ? actOnStaleCopy(intents, intent, read.request) : intents.act(intent, read.request);
        }),
      },
    },
    {
      // "auth P" (bank §4.2); §5 does not keep the secret key from it, and a merchant's server may update it too.
      method: "PATCH", pattern: /^\/api\/transaction-intents\/([^/]+)\/address$/, route: {
        keys: ["publishable", "secret"],
        handle: (context) => withIntent(context, async (intent) => {
          const read = readAddressUpdate(await context.body());
          return "problems" in read ? validation(read.problems) : intents.updateAddress(intent, read.request, context.key);
        }),
      },
    },
    {
      // The client-side SDK's service fee acceptance (bank §1: not in the published contract).
      method: "PATCH", pattern: /^\/api\/transaction-intents\/([^/]+)\/service-fee$/, route: {
        keys: ["publishable"],
        handle: (context) => withIntent(context, async (intent) => {
          const read = readServiceFeeAcceptance(await context.body(), lookups);
          return "problems" in read ? validation(read.problems) : intents.acceptServiceFee(intent, read.serviceFeeId);
        }),
      },
    },
    {
      method: "POST", pattern: /^\/api\/credits$/, route: {
        keys: ["secret"],
        handle: async (context) => {
          const read = readCredit(await context.body(), lookups, config.policy.linkedCreditSubmerchant);
          return "problems" in read ? validation(read.problems) : credits.create(read.request);
        },
      },
    },
    {
      method: "GET", pattern: /^\/api\/credits$/, route: {
        keys: ["secret"],
        handle: ({ url, request }) => {
          const read = readListQuery(url.searchParams, creditFilters, config.policy);
          if ("problems" in read) return validation(read.problems);
          const f = read.query.filters;
          const status = f.status === "cancelled" ? "canceled" : f.status;
          const matching = store.creditOrder.filter((credit) =>
            (f.creditable_type === undefined || credit.creditable.type === f.creditable_type) &&
            (f.creditable_id === undefined || credit.creditable.id === f.creditable_id) &&
            (f.employee_number === undefined || credit.employeeNumber === f.employee_number) &&
            (f.reference_number === undefined || credit.referenceNumber === f.reference_number) &&
            (f.station_number === undefined || credit.stationNumber === f.station_number) &&
            (status === undefined || credit.status === status));
          return pageOf(matching.reverse(), read.query, origin(request), "/api/credits", (credit) => creditView(credit));
        },
      },
    },
    {
      method: "GET", pattern: /^\/api\/credits\/([^/]+)$/, route: {
        keys: ["secret"],
        handle: ({ params }) => {
          const credit = credits.find(params[0]);
          return credit ? { status: 200, body: { data: creditView(credit), meta: { type: "credit" } } } : notFound;
        },
      },
    },
    {
      method: "PATCH", pattern: /^\/api\/credits\/([^/]+)$/, route: {
        keys: ["secret"],
        handle: async ({ params, body }) => {
          const credit = credits.find(params[0]);
          if (!credit) return notFound;
          const problems = readCancelCredit(await body());
          return problems ? validation(problems) : credits.cancel(credit);
        },
      },
    },
  ];

  const keyOf = (request: IncomingMessage): Key | undefined => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
    if (match?.[1] === config.secretKey) return "secret";
    if (match?.[1] === config.publishableKey) return "publishable";
    return undefined;
  };

  const answer = async (request: IncomingMessage): Promise<Reply> => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const found = routes.find((r) => r.method === request.method && r.pattern.test(url.pathname));
    if (!found) return notFound;
    const key = keyOf(request);
    if (!key) return unauthenticated;
    if (!found.route.keys.includes(key)) return forbidden;
    const params = (found.pattern.exec(url.pathname) ?? []).slice(1).map(decodeSegment);
    const body = async () => {
      const read = await readBody(request);
      return read.kind === "json" && isObject(read.value) ? read.value : {};
    };
    return found.route.handle({ request, url, key, params, body });
  };

  return async (request: IncomingMessage, response: ServerResponse) => {
    const answered = await answer(request);
    const reply = config.fault === "not-found-text" && answered.status === 404 ? { ...answered, body: { message: "Not found." } } : answered;
    if (!request.complete) request.resume(); // a body nobody read is drained so the connection stays usable
    sendJson(response, reply.status, reply.body);
  };
}

/** A path segment decoded; one that does not decode names nothing (it will not be found). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function origin(request: IncomingMessage): string {
  return `http://${request.headers.host ?? "127.0.0.1"}`;
}
