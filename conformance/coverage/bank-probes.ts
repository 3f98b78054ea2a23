// Paths of the bank service the coverage now reaches on purpose rather than by a generated
// sequence's chance (issue 23): two identical creations, a read between authorization and capture,
// a partial capture of a `bankpay_bnpl` intent, and a request wrong in its body and its state at
// once. The oracle judges every response; a probe adds only what no single response shows.
import type { ApiClient, ApiResponse } from "../client.js";
import { addressUpdate, intentBody } from "../fixtures.js";
import { boundaryTask, NotReached, untilCaptured, untilNotDeclined, type BoundarySpec } from "./boundary.js";
import type { CoverageContext, Task } from "./context.js";

const act = (api: ApiClient, id: string, body: Record<string, unknown>) =>
  api.call("updateTransactionIntent", { path: { transaction_intent_id: id }, body });
const read = (api: ApiClient, id: string) => api.call("getTransactionIntent", { path: { transaction_intent_id: id } });

function idOf(response: ApiResponse, what: string): string {
  const id = response.body?.data?.id;
  if ((response.status !== 201 && response.status !== 200) || typeof id !== "string") throw new NotReached(`${what} was answered ${response.status}: nothing to go on with`);
  return id;
}

/** An intent authorized (a decline is an allowed answer, B-31: a fresh intent is tried, and after a few the probe is not reached). */
async function authorized(api: ApiClient, body: Record<string, unknown>): Promise<string> {
  let id = "";
  const response = await untilNotDeclined(async () => {
    id = idOf(await api.call("createTransactionIntent", { body }), "the creation");
    return act(api, id, { action: "authorize" });
  });
  if (response.status !== 200 || response.body?.data?.status !== "pending_capture") throw new NotReached(`the authorization was answered ${response.status} ${response.body?.data?.status ?? ""}`);
  return id;
}

const probes: BoundarySpec[] = [
  {
    group: "probes", name: "two identical creation requests create two intents", rule: "B-16",
    async run(api, send) {
      const body = intentBody({ type: "bankpay" });
      const first = await send("create", "a creation", () => api.call("createTransactionIntent", { body }));
      const second = await send("create", "the same creation again", () => api.call("createTransactionIntent", { body }));
      const ids = [first, second].map((response) => idOf(response, "a creation"));
      // bank §2.1: `id` is a permanent unique identifier; the documents name no idempotency, so the
      // second purchase is a second intent, never the first one answered again.
      if (ids[0] === ids[1]) throw new Error(`B-16 (bank §2.1 "permanent unique identifier"): two creations answered with one intent ${ids[0]} (the second purchase was dropped)`);
    },
  },
  {
    group: "probes", name: "an authorized intent read before and after its capture, a second later", rule: "B-17",
    async run(api, send) {
      const id = await authorized(api, intentBody({ type: "bankpay" }));
      const authorizedBy = Date.now();
      // The read binds authorized_at; the capture and the read after it must show the same time.
      await send("read", "after the authorization", () => read(api, id));
      // Bank doc 3.1: only the authorization sets authorized_at. A capture that sets it again shows
      // only when the server's clock has moved on: servers write whole seconds, and a capture in the
      // authorization's second would show the same time. Whatever the server's offset, its clock
      // runs at the client's pace, so a capture sent more than a second after the authorization's
      // answer falls in a later second.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, authorizedBy + 1100 - Date.now())));
      await untilCaptured(() => send("capture", "the amount", () => act(api, id, { action: "capture", amount: "40.00" })));
      await send("read", "after the capture", () => read(api, id));
    },
  },
  {
    group: "probes", name: "a bankpay_bnpl intent read, partially captured, read again", rule: "bank §2.1",
    async run(api, send) {
      const id = await authorized(api, intentBody({ type: "bankpay_bnpl", amount: 120 }));
      // The schedule seen before the capture is the one held after a partial capture.
      await send("read", "after the authorization", () => read(api, id));
      await untilCaptured(() => send("capture", "a partial amount", () => act(api, id, { action: "capture", amount: "60.00" })));
      await send("read", "after the partial capture", () => read(api, id));
    },
  },
  {
    group: "probes", name: "a capture wrong in its body and its state at once: the body first", rule: "B-52",
    async run(api, send) {
      const id = await authorized(api, intentBody({ type: "bankpay" }));
      const canceled = await act(api, id, { action: "cancel" });
      if (canceled.status !== 200) throw new NotReached(`the cancel was answered ${canceled.status}`);
      await send("capture", '"abc" on a canceled intent', () => act(api, id, { action: "capture", amount: "abc" }));
    },
  },
  {
    group: "probes", name: "a billing address missing a member, on create and on update", rule: "B-10",
    async run(api, send) {
      // bank §2.3: which address members are required is not shown; refused (422 on the member) or accepted.
      const body = intentBody({ type: "bankpay" });
      delete (body.billing_address as Record<string, unknown>).state_province;
      const created = await send("create", "billing_address without state_province", () => api.call("createTransactionIntent", { body }));
      const id = created.status === 201 ? created.body?.data?.id : undefined;
      const target = typeof id === "string" ? id : idOf(await api.call("createTransactionIntent", { body: intentBody({ type: "bankpay" }) }), "a creation");
      const update: Record<string, unknown> = addressUpdate();
      delete update.city;
      await send("address update", "without city", () =>
        api.call("updateTransactionIntentBillingAddress", { path: { transaction_intent_id: target }, body: update, key: "publishable" }));
    },
  },
];

export function bankProbeTasks(ctx: CoverageContext): Task[] {
  return probes.map((spec) => boundaryTask(ctx, spec));
}
