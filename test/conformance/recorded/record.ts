// Records the exchanges the oracle's unit test replays: one pass over every operation and outcome
// of both services against a fresh reference sandbox. Run it again only when the contract changes:
//   node --import tsx test/conformance/recorded/record.ts
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startSandbox } from "../../../sandbox/server.js";
import { ApiClient } from "../../../conformance/client.js";
import { addressUpdate, ids, intentBody, payrollRequest, token } from "../../../conformance/fixtures.js";

const here = dirname(fileURLToPath(import.meta.url));
const sandbox = await startSandbox({ bankPort: 0, checkCashingPort: 0, database: ":memory:" });
const keys = { secret: sandbox.secretKey, publishable: sandbox.publishableKey };
try {
  const bank = new ApiClient("bank-payments", sandbox.bankUrl, keys, "full", []);
  // Every value the lists filter on starts with REC: the test treats those as this run's own.
  const store = `REC${token(10)}`;
  const employee = `REC${token(10)}`;
  const create = async (input: Parameters<typeof intentBody>[0]) => (await bank.call("createTransactionIntent", { body: intentBody({ store, ...input }) })).body.data.id as string;
  const act = (id: string, body: Record<string, unknown>) => bank.call("updateTransactionIntent", { path: { transaction_intent_id: id }, body });
  const read = (id: string, key: "secret" | "publishable") => bank.call("getTransactionIntent", { path: { transaction_intent_id: id }, key });

  const waiting = await create({ type: "bankpay", extras: { order: "A-1" } });
  await read(waiting, "secret");
  const bnpl = await create({ type: "bankpay_bnpl", amount: 100.03 });
  await read(bnpl, "publishable");
  await act(waiting, { action: "authorize" });
  await act(waiting, { action: "capture", amount: "40.00" });
  await act(waiting, { action: "refund", amount: 40 });
  await act(waiting, { action: "cancel_refund" });
  await read(waiting, "secret");
  const authorized = await create({ action: "authorize", amount: 25 });
  await act(authorized, { action: "cancel" });
  await act(authorized, { action: "cancel" });
  const declined = await create({ action: "authorize_and_capture", amount: 40.07 });
  await read(declined, "publishable");
  const captured = await create({ action: "authorize_and_capture", amount: 30 });
  await read(captured, "secret");
  await bank.call("updateTransactionIntentBillingAddress", { path: { transaction_intent_id: captured }, body: addressUpdate(), key: "publishable" });
  await bank.call("listTransactionIntents", { query: { station_number: store, per_page: 2, page: 1 } });
  await bank.call("listTransactionIntents", { query: { station_number: store, status: "succeeded" } });
  const linked = (await bank.call("createCredit", { body: { amount: "12.25", transaction_intent_id: captured, employee_number: employee } })).body.data.id as string;
  await new Promise((resolve) => setTimeout(resolve, 1100)); // two credits created in different seconds
  await bank.call("createCredit", { body: { amount: "15.00", creditable_id: ids.bankAccount(), submerchant_id: "SUB-1", employee_number: employee } });
  await bank.call("cancelCredit", { path: { credit_id: linked }, body: { action: "cancel" } });
  await bank.call("getCredit", { path: { credit_id: linked } });
  await bank.call("listCredits", { query: { employee_number: employee } });
  await bank.call("getTransactionIntent", { path: { transaction_intent_id: ids.unknownIntent() } });
  await bank.call("listTransactionIntents", { key: "none" });
  await bank.call("listCredits", { key: "publishable" });
  await act(captured, { action: "explode" });
  await bank.call("createTransactionIntent", { body: { ...intentBody({ store }), colour: "blue" } });
  writeFileSync(join(here, "bank-payments.json"), `${JSON.stringify(bank.exchanges, null, 1)}\n`);

  const cashing = new ApiClient("check-cashing", sandbox.checkCashingUrl, {}, "full", []);
  const submit = (body: unknown) => cashing.call("submitPayrollCheck", { body, key: "none" });
  const approved = payrollRequest();
  await submit(approved);
  await submit(payrollRequest({ account: { micrData: "T021000021T 987654321O 2001 G" } }));
  await submit(approved);
  await submit(payrollRequest({ netAmount: 812.07 }));
  await submit(payrollRequest({ id: { idCode: "TX", idValue: "********" } }));
  await submit(payrollRequest({ trxID: `E500${token(8)}` }));
  await submit(payrollRequest({ ssn: "12345", tip: "5" }));
  await submit(payrollRequest({ account: { micrData: "T0110T 12O 1042" } }));
  writeFileSync(join(here, "check-cashing.json"), `${JSON.stringify(cashing.exchanges, null, 1)}\n`);
} finally {
  await sandbox.close();
}
