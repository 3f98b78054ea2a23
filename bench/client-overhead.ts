// The typed client against raw fetch: same server, same calls, interleaved rounds.
import { performance } from "node:perf_hooks";
import { createBankPaymentsClient } from "../src/index.js";

type Round = { fetchMs: number; clientMs: number };

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function clientOverhead(baseUrl: string, apiKey: string, id: string, perRound = 300, rounds = 15) {
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
  for (let i = 0; i < 200; i += 1) await viaFetch(), await viaClient(); // warm both paths
  const results: Round[] = [];
  for (let round = 0; round < rounds; round += 1) {
    let start = performance.now();
    for (let i = 0; i < perRound; i += 1) await viaFetch();
    const fetchMs = (performance.now() - start) / perRound;
    start = performance.now();
    for (let i = 0; i < perRound; i += 1) await viaClient();
    results.push({ fetchMs, clientMs: (performance.now() - start) / perRound });
  }
  const fetchMs = median(results.map((r) => r.fetchMs));
  const clientMs = median(results.map((r) => r.clientMs));
  return { fetchMs, clientMs, overhead: clientMs / fetchMs - 1, calls: perRound * rounds };
}
