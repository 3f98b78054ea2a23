// An independent implementation of both services, written from the published documents only (the
// two API documents, the OpenAPI documents and docs/contract-decisions.md), to test that the
// conformance suite passes a correct server that made other valid choices. A test fixture: not
// shipped. Start both services on loopback, by default on free ports; close() stops them.
import { bankApp } from "./bank/app.js";
import { sendJson, listen } from "./http.js";
import { checkCashingApp, checkCashingCrash } from "./check-cashing/app.js";
import { fixturesFile, loadConfig, settingsFile } from "./config.js";
import type { Fault } from "./faults.js";

export type IndependentServers = {
  bankUrl: string;
  checkCashingUrl: string;
  secretKey: string;
  publishableKey: string;
  /** The files to hand to the suite: what this server enrolled and how it is configured. */
  fixturesFile: string;
  settingsFile: string;
  close: () => Promise<void>;
};

export async function startIndependentServers(options: { bankPort?: number; checkCashingPort?: number; fault?: Fault } = {}): Promise<IndependentServers> {
  const config = loadConfig(options.fault);
  const bank = await listen(bankApp(config), options.bankPort ?? 0, (response) => sendJson(response, 500, { message: "Something went wrong on our side." }));
  const checkCashing = await listen(checkCashingApp(options.fault), options.checkCashingPort ?? 0, checkCashingCrash).catch(async (error) => {
    await bank.close();
    throw error;
  });
  return {
    bankUrl: bank.url,
    checkCashingUrl: checkCashing.url,
    secretKey: config.secretKey,
    publishableKey: config.publishableKey,
    fixturesFile,
    settingsFile,
    close: async () => {
      await Promise.all([bank.close(), checkCashing.close()]);
    },
  };
}
