// What the real mock (Prism, scripts/mock.mjs) answers when nobody picks an example: the first
// documented example of the status. For every error status of every operation that first example
// must be the generic case, not a particular one: a capture with three decimals got the "code 78"
// 422 (capture above the limit) and an empty payroll body "declined, adverse action required".
// Each error status is asked for with `Prefer: code=<status>` and no `example=`; the two common
// paths that need no Prefer at all (an invalid request) are asked for as a user sends them.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startDocumentMock } from "../../scripts/mock.mjs";
import { exchangesOf, publishedDocuments, type Exchange, type PublishedDocument } from "../ecosystem/operations.js";

type Mock = { url: string; stop(): Promise<void> };
const mocks = new Map<PublishedDocument, Mock>();

before(async () => {
  const started = await Promise.all(publishedDocuments.map((name) => startDocumentMock(name, { port: 0 })));
  publishedDocuments.forEach((name, i) => mocks.set(name, started[i]));
});

after(async () => {
  await Promise.all([...mocks.values()].map((mock) => mock.stop()));
});

async function ask(name: PublishedDocument, method: string, path: string, body: unknown, prefer?: string) {
  const headers: Record<string, string> = { Accept: "application/json", "Content-Type": "application/json" };
  if (name !== "check-cashing") headers.Authorization = "Bearer sk_test_mock";
  if (prefer) headers.Prefer = prefer;
  const response = await fetch(`${mocks.get(name)!.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

/** Why an answer is a particular case rather than the generic one of its status, or undefined. */
export function particularCase(name: PublishedDocument, status: number, body: any): string | undefined {
  const text = JSON.stringify(body);
  if (/response code/.test(text)) return "it names a transaction response code";
  if (name === "check-cashing") {
    const entries: any[] = body?.errors ?? [];
    if (entries.length !== 1) return `${entries.length} error entries`;
    const expected = status === 500 ? "system_error" : "correction";
    if (entries[0].errorType !== expected) return `errorType ${entries[0].errorType}, not ${expected}`;
    if (entries[0].adverseAction !== false) return "adverse action required";
    return undefined;
  }
  const generic: Record<number, unknown> = {
    401: { message: "Unauthenticated." },
    403: { message: "This action is unauthorized." },
    404: { message: "not_found" },
  };
  if (status in generic) return JSON.stringify(body) === JSON.stringify(generic[status]) ? undefined : `not ${JSON.stringify(generic[status])}`;
  if (status === 422 && body?.message !== "The given data was invalid.") return `message ${JSON.stringify(body?.message)}`;
  return undefined;
}

const errorExchanges = (name: PublishedDocument): Exchange[] => exchangesOf(name).filter((e) => e.status >= 400);

for (const name of publishedDocuments) {
  describe(`${name}: Prism's answer to each error status without example= is the generic case`, () => {
    for (const exchange of errorExchanges(name)) {
      it(`${exchange.operationId} ${exchange.status}`, async () => {
        const answer = await ask(name, exchange.method, exchange.path, exchange.requestBody, `code=${exchange.status}`);
        assert.equal(answer.status, exchange.status);
        assert.deepEqual(answer.body, exchange.responseBody, "the first documented example");
        assert.equal(particularCase(name, exchange.status, answer.body), undefined);
      });
    }
  });
}

describe("invalid requests to the mock, as a user sends them (no Prefer)", () => {
  it("a capture with three decimals answers the generic 422", async () => {
    const answer = await ask("bank-payments", "PATCH", "/api/transaction-intents/transaction_intent_2Rb7YcM4nQ8wLx5K", { action: "capture", amount: "12.345" });
    assert.equal(answer.status, 422);
    assert.equal(particularCase("bank-payments", 422, answer.body), undefined, JSON.stringify(answer.body));
  });

  it("a creation without its required members answers the generic 422", async () => {
    const answer = await ask("bank-payments", "POST", "/api/transaction-intents", { amount: 125 });
    assert.equal(answer.status, 422);
    assert.equal(particularCase("bank-payments", 422, answer.body), undefined, JSON.stringify(answer.body));
  });

  it("an empty payroll body answers a correction, not a decline", async () => {
    const answer = await ask("check-cashing", "POST", "/v1/payroll", {});
    assert.equal(answer.status, 400);
    assert.equal(particularCase("check-cashing", 400, answer.body), undefined, JSON.stringify(answer.body));
  });
});

describe("the generic-case rule can fail", () => {
  it("calls the code 78 capture, a decline and an id_error particular cases", () => {
    assert.match(particularCase("bank-payments", 422, { message: "The given data was invalid. Capture adjusted amount over the limit (response code 78).", errors: { amount: ["invalid"] } }) ?? "", /response code/);
    assert.match(particularCase("check-cashing", 400, { errors: [{ errorType: "declined", adverseAction: true }] }) ?? "", /declined/);
    assert.match(particularCase("check-cashing", 400, { errors: [{ errorType: "id_error", adverseAction: false }] }) ?? "", /id_error/);
    assert.equal(particularCase("bank-payments", 422, { message: "The given data was invalid.", errors: { amount: ["invalid"] } }), undefined);
  });
});
