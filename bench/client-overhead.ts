// The typed client against raw fetch: same server, same read. Calls alternate one by one (fetch,
// client, client, fetch, ...) so that drift in the machine's load hits both alike, and each
// caller's figure is the median of its per-call times, which a GC pause or a noisy neighbour
// cannot move the way it moves a mean.
import { performance } from "node:perf_hooks";
import { createBankPaymentsClient } from "../entry/index.js";

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function clientOverhead(baseUrl: string, apiKey: string, id: string, pairs = 5000) {
  const client = createBankPaymentsClient({ baseUrl, apiKey });
  const url = `${baseUrl}/api/transaction-intents/${id}`;
  const headers = { authorization: `Bearer ${apiKey}`, accept: "application/json" };
  const viaFetch = async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`fetch: ${response.status}`);
    return response.json();
  };
  const viaClient = async () => {
    const { data, error } = await client.GET("/api/transaction-intents/{transaction_intent_id}", { params: { path: { transaction_intent_id: id } } });
    if (error || !data) throw new Error("client: error");
    return data;
  };
  const timed = async (call: () => Promise<unknown>, into: number[]) => {
    const start = performance.now();
    await call();
    into.push(performance.now() - start);
  };
  for (let i = 0; i < 300; i += 1) await viaFetch(), await viaClient(); // warm both paths
  const fetchTimes: number[] = [];
  const clientTimes: number[] = [];
  for (let i = 0; i < pairs; i += 1) {
    if (i % 2 === 0) await timed(viaFetch, fetchTimes), await timed(viaClient, clientTimes);
    else await timed(viaClient, clientTimes), await timed(viaFetch, fetchTimes);
  }
  const fetchMs = median(fetchTimes);
  const clientMs = median(clientTimes);
  return { fetchMs, clientMs, overhead: clientMs / fetchMs - 1, calls: pairs };
}
