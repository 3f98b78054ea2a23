// Routes of the test helpers (spec/sandbox-helpers/helpers.tsp), served by the bank service under
// `/_sandbox`, a prefix no API path uses.
import type { BankContext } from "../bank/context.js";
import type { JsonReply } from "../http.js";
import { failCredit, settleCredit } from "./credit-helpers.js";
import { acceptServiceFee, failNextCapture, returnDebit, setIntentStatus } from "./intent-helpers.js";
import { getSettings, resetTenant, updateSettings } from "./settings-routes.js";

export type HelperRoute = { method: string; pattern: RegExp; handle: (ctx: BankContext, id: string) => JsonReply };

const intent = (action: string) => new RegExp(`^/_sandbox/transaction-intents/([^/]+)/${action}$`);
const credit = (action: string) => new RegExp(`^/_sandbox/credits/([^/]+)/${action}$`);

export const helperRoutes: HelperRoute[] = [
  { method: "POST", pattern: intent("accept-service-fee"), handle: acceptServiceFee },
  { method: "POST", pattern: intent("status"), handle: setIntentStatus },
  { method: "POST", pattern: intent("fail-next-capture"), handle: failNextCapture },
  { method: "POST", pattern: intent("return-debit"), handle: returnDebit },
  { method: "POST", pattern: credit("settle"), handle: settleCredit },
  { method: "POST", pattern: credit("fail"), handle: failCredit },
  { method: "GET", pattern: /^\/_sandbox\/settings$/, handle: (ctx) => getSettings(ctx) },
  { method: "PATCH", pattern: /^\/_sandbox\/settings$/, handle: (ctx) => updateSettings(ctx) },
  { method: "POST", pattern: /^\/_sandbox\/reset$/, handle: (ctx) => resetTenant(ctx) },
];
