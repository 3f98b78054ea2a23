// Check cashing through the generated client: approvals read from the MICR line, every trigger,
// one correction entry per violated member, a repeated trxID.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Sandbox } from "../../sandbox/server.js";
import { checkCashingClient, payrollRequest, startTestSandbox } from "./helpers.js";

let sandbox: Sandbox;
let client: ReturnType<typeof checkCashingClient>;
let n = 0;
const trx = (prefix = "CC") => `${prefix}-${Date.now() % 100000}-${++n}`;

before(async () => {
  sandbox = await startTestSandbox();
  client = checkCashingClient(sandbox);
});
after(() => sandbox.close());

describe("approval", () => {
  test("200 with values read from the MICR line", async () => {
    const trxID = trx();
    const { data, response } = await client.POST("/v1/payroll", { body: payrollRequest(trxID) });
    assert.equal(response.status, 200);
    assert.equal(data!.trxID, trxID);
    assert.equal(data!.aba, "011000015");
    assert.equal(data!.accountLast4, "6789");
    assert.equal(data!.checkNum, "1042");
    assert.equal(data!.checkType, "Y");
    assert.match(data!.approvalNum, /^[0-9]{6}$/);
    assert.match(String(data!.trxRefID), /^[0-9]{1,15}$/);
  });

  test("government check (G in the MICR line), string netAmount, optional members", async () => {
    const body = {
      ...payrollRequest(trx()),
      netAmount: "500",
      membershipID: "MBR-0042",
      phoneNumber: "5125550142",
      address: { address1: "1200 Barton Springs Rd", city: "Austin", state: "TX", zip: "787041234" },
      operatorID: "op_17",
      account: { micrData: "G 021000021 000123456780 00077" },
    };
    const { data } = await client.POST("/v1/payroll", { body });
    assert.equal(data!.checkType, "G");
    assert.equal(data!.aba, "021000021");
    assert.equal(data!.accountLast4, "6780");
    assert.equal(data!.checkNum, "00077");
  });
});

describe("triggers", () => {
  test("netAmount with cents .07: 400 declined, adverseAction true", async () => {
    const { error, response } = await client.POST("/v1/payroll", { body: { ...payrollRequest(trx()), netAmount: 100.07 } });
    assert.equal(response.status, 400);
    assert.equal(error!.errors[0].errorType, "declined");
    assert.equal(error!.errors[0].adverseAction, true);
    assert.ok(error!.errors[0].trxRefID);
  });

  test("idValue of only asterisks: 400 id_error", async () => {
    const { error, response } = await client.POST("/v1/payroll", { body: { ...payrollRequest(trx()), id: { idCode: "TX", idValue: "**-** **" } } });
    assert.equal(response.status, 400);
    assert.equal(error!.errors[0].errorType, "id_error");
  });

  test("trxID starting with E500: 500 system_error, repeatable", async () => {
    for (let i = 0; i < 2; i++) {
      const { error, response } = await client.POST("/v1/payroll", { body: payrollRequest("E500-RETRY-1") });
      assert.equal(response.status, 500);
      assert.equal(error!.errors[0].errorType, "system_error");
    }
  });

  test("trxID used before (even by a decline): 400 correction", async () => {
    const trxID = trx();
    await client.POST("/v1/payroll", { body: { ...payrollRequest(trxID), netAmount: 9.07 } });
    const { error, response } = await client.POST("/v1/payroll", { body: payrollRequest(trxID) });
    assert.equal(response.status, 400);
    assert.equal(error!.errors[0].errorType, "correction");
    assert.match(error!.errors[0].errorDetails!, /trxID/);
  });
});

describe("corrections", () => {
  test("one entry per violated member, trxID echoed, nothing recorded", async () => {
    const trxID = trx();
    const body = {
      ...payrollRequest(trxID),
      merchantID: "12345",
      ssn: "12-345",
      name: { lastName: "X" },
      address: { state: "ON", zip: "K1A0B1" },
      extra: 1,
      more: 2,
      netAmount: "1,250.00",
    } as any;
    body.name.nickname = "Y";
    delete body.dob;
    const { error, response } = await client.POST("/v1/payroll", { body });
    assert.equal(response.status, 400);
    const details = error!.errors.map((e) => e.errorDetails!.split(":")[0]).sort();
    assert.deepEqual(details, ["address.state", "address.zip", "dob", "merchantID", "name.lastName", "netAmount", "ssn", "unknown members"]);
    const unknown = error!.errors.find((e) => e.responseCode === "1003")!;
    assert.equal(unknown.errorDetails, "unknown members: extra, more, name.nickname");
    assert.ok(error!.errors.every((e) => e.errorType === "correction" && e.trxID === trxID && e.adverseAction === false));
    const retry = await client.POST("/v1/payroll", { body: payrollRequest(trxID) });
    assert.equal(retry.response.status, 200, "a refused request does not consume its trxID");
  });

  test("US addresses only: a Canadian province in state is refused", async () => {
    const { error, response } = await client.POST("/v1/payroll", { body: { ...payrollRequest(trx()), address: { state: "QC" } } });
    assert.equal(response.status, 400);
    assert.match(error!.errors[0].errorDetails!, /^address\.state/);
  });

  test("limits: netAmount above 9999999.99, three decimals, MICR without a routing number", async () => {
    for (const netAmount of [10000000, 12.345, "0.00", 0]) {
      const { response } = await client.POST("/v1/payroll", { body: { ...payrollRequest(trx()), netAmount } });
      assert.equal(response.status, 400, String(netAmount));
    }
    const { error } = await client.POST("/v1/payroll", { body: { ...payrollRequest(trx()), account: { micrData: "12345 678" } } });
    assert.match(error!.errors[0].errorDetails!, /^account\.micrData/);
  });
});
