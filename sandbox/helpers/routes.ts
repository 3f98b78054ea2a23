// Routes of the test helpers (spec/sandbox-helpers/helpers.tsp), served by the bank service under
// `/_sandbox`, a prefix no API path uses.
import type { Route } from "../bank/context.js";
import { failCredit, settleCredit } from "./credit-helpers.js";
import { acceptServiceFee, failNextCapture, returnDebit, setIntentStatus } from "./intent-helpers.js";
import { getSettings, resetTenant, updateSettings } from "./settings-routes.js";

const intent = (action: string) => new RegExp(`^/_sandbox/transaction-intents/([^/]+)/${action}$`);
const credit = (action: string) => new RegExp(`^/_sandbox/credits/([^/]+)/${action}$`);

export const helperRoutes: Route[] = [
  { method: "POST", pattern: intent("accept-service-fee"), operation: "acceptServiceFee", handle: acceptServiceFee },
  { method: "POST", pattern: intent("status"), operation: "setIntentStatus", handle: setIntentStatus },
  { method: "POST", pattern: intent("fail-next-capture"), operation: "failNextCapture", handle: failNextCapture },
  { method: "POST", pattern: intent("return-debit"), operation: "returnDebit", handle: returnDebit },
  { method: "POST", pattern: credit("settle"), operation: "settleCredit", handle: settleCredit },
  { method: "POST", pattern: credit("fail"), operation: "failCredit", handle: failCredit },
  { method: "GET", pattern: /^\/_sandbox\/settings$/, operation: "getSandboxSettings", handle: (ctx) => getSettings(ctx) },
  { method: "PATCH", pattern: /^\/_sandbox\/settings$/, operation: "updateSandboxSettings", handle: (ctx) => updateSettings(ctx) },
  { method: "POST", pattern: /^\/_sandbox\/reset$/, operation: "resetSandbox", handle: (ctx) => resetTenant(ctx) },
];
