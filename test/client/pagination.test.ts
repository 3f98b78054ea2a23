// The pagination helpers against a small local server that serves a multi-page Laravel envelope.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import {
  createBankPaymentsClient,
  isValidationError,
  listAllCredits,
  listAllTransactionIntents,
  paginate,
  paginatePages,
  PaginationError,
  type BankPayments,
  type BankPaymentsClient,
} from "../../entry/index.js";

type Schemas = BankPayments.components["schemas"];

// Items are the contract's own list examples, with distinct identifiers.
const document = JSON.parse(readFileSync(new URL("../../generated/openapi/bank-payments.json", import.meta.url), "utf8"));
const intentExample: Schemas["TransactionIntent"] =
  Object.values<{ value: Schemas["TransactionIntentListResponse"] }>(
    document.paths["/api/transaction-intents"].get.responses["200"].content["application/json"].examples,
  )[0].value.data[0];
const creditExample: Schemas["Credit"] =
  Object.values<{ value: Schemas["CreditListResponse"] }>(
    document.paths["/api/credits"].get.responses["200"].content["application/json"].examples,
  )[0].value.data[0];

const TOTAL = 7;
const requests: URL[] = [];
let server: Server;
let baseUrl: string;
let client: BankPaymentsClient;

function envelope<T>(url: URL, items: T[]) {
  const perPage = Number(url.searchParams.get("per_page") ?? 15);
  const page = Number(url.searchParams.get("page") ?? 1);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const link = (n: number) => `${baseUrl}${url.pathname}?page=${n}`;
  return {
    data: slice,
    links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
    meta: {
      current_page: page, from: slice.length ? (page - 1) * perPage + 1 : null, last_page: lastPage,
      path: `${baseUrl}${url.pathname}`, per_page: perPage, to: slice.length ? (page - 1) * perPage + slice.length : null, total: items.length,
    },
  };
}

function answer(request: IncomingMessage) {
  const url = new URL(request.url ?? "/", baseUrl);
  requests.push(url);
  if (request.headers.authorization !== "Bearer sk_test_secret") return { status: 401, body: { message: "Unauthenticated." } };
  if (url.searchParams.get("per_page") === "0") return { status: 422, body: { message: "The given data was invalid.", errors: { per_page: ["invalid"] } } };
  if (url.pathname === "/api/transaction-intents") {
    const items = Array.from({ length: TOTAL }, (_, i) => ({ ...intentExample, id: `transaction_intent_${i + 1}` }));
    return { status: 200, body: envelope(url, items) };
  }
  if (url.pathname === "/api/credits") {
    const items = Array.from({ length: TOTAL }, (_, i) => ({ ...creditExample, id: `credit_${i + 1}` }));
    return { status: 200, body: envelope(url, items) };
  }
  return { status: 404, body: { message: "not_found" } };
}

before(async () => {
  server = createServer((request, response) => {
    const { status, body } = answer(request);
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createBankPaymentsClient({ baseUrl, apiKey: "sk_test_secret" });
});

after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe("paginate", () => {
  it("walks every page of intents in order, sending the filters on each page", async () => {
    requests.length = 0;
    const intents = await collect(listAllTransactionIntents(client, { status: "succeeded", per_page: 3 }));
    assert.deepEqual(intents.map((i) => i.id), Array.from({ length: TOTAL }, (_, i) => `transaction_intent_${i + 1}`));
    assert.deepEqual(requests.map((u) => u.searchParams.get("page")), ["1", "2", "3"]);
    for (const url of requests) {
      assert.equal(url.searchParams.get("status"), "succeeded");
      assert.equal(url.searchParams.get("per_page"), "3");
    }
  });

  it("walks every page of credits", async () => {
    const credits = await collect(listAllCredits(client, { per_page: 2, creditable_type: "transaction_intent" }));
    assert.equal(credits.length, TOTAL);
    assert.equal(credits[6].id, "credit_7");
  });

  it("starts from query.page and yields whole pages with paginatePages", async () => {
    const pages = await collect(paginatePages(client, "/api/transaction-intents", { query: { per_page: 3, page: 2 } }));
    assert.deepEqual(pages.map((p) => p.meta.current_page), [2, 3]);
    assert.equal(pages[1].links.next, null);
  });

  it("stops after maxPages", async () => {
    const items = await collect(paginate(client, "/api/credits", { query: { per_page: 2 }, maxPages: 2 }));
    assert.equal(items.length, 4);
  });

  it("can be left early without fetching further pages", async () => {
    requests.length = 0;
    for await (const intent of paginate(client, "/api/transaction-intents", { query: { per_page: 3 } })) {
      if (intent.id === "transaction_intent_2") break;
    }
    assert.equal(requests.length, 1);
  });

  it("throws a PaginationError carrying the status and the typed error body", async () => {
    await assert.rejects(collect(listAllTransactionIntents(client, { per_page: 0 })), (error: unknown) => {
      assert.ok(error instanceof PaginationError);
      assert.equal(error.status, 422);
      assert.equal(error.page, 1);
      assert.ok(isValidationError(error.body));
      assert.equal(error.error.code, "validation_error");
      return true;
    });
  });
});
