// The conformance proxy's added latency: the same read and the same create sent straight to the
// sandbox and through `startProxy` (judging every exchange on its worker thread after answering it), alternating one by
// one so that drift in the machine's load hits both alike. Per-call times, p50 and p99 of each.
import { performance } from "node:perf_hooks";
import { startProxy } from "../conformance/traffic/proxy.js";

export type ProxyLatency = {
  calls: number;
  rows: Array<{ op: "read" | "create"; direct: { p50: number; p99: number }; proxied: { p50: number; p99: number } }>;
  judged: string;
};

const percentile = (values: number[], p: number) => values.slice().sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

export async function proxyLatency(sandboxUrl: string, keys: { secret: string; publishable: string }, calls = 2000): Promise<ProxyLatency> {
  const proxy = await startProxy({ service: "bank-payments", upstream: sandboxUrl, keys, triggers: true });
  const auth = { authorization: `Bearer ${keys.secret}` };
  let n = 0;
  const createBody = () => JSON.stringify({ amount: 125, bank_account: `bank_account_Vd93LmQa2Xk${String(n++ % 100_000).padStart(5, "0")}`, consumer_id: "consumer_Hq7Zx2LmN4pR8sTu", store_number: "0042", type: "bankpay" });
  const create = async (base: string) => {
    const response = await fetch(`${base}/api/transaction-intents`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: createBody() });
    return (await response.json()) as { data: { id: string } };
  };
  const { data } = await create(proxy.url);
  const read = async (base: string) => (await fetch(`${base}/api/transaction-intents/${data.id}`, { headers: auth })).json();
  const rows: ProxyLatency["rows"] = [];
  try {
    for (const [op, call] of [["read", read], ["create", create]] as const) {
      const times = { direct: [] as number[], proxied: [] as number[] };
      const timed = async (which: "direct" | "proxied") => {
        const start = performance.now();
        await call(which === "direct" ? sandboxUrl : proxy.url);
        times[which].push(performance.now() - start);
      };
      for (let i = 0; i < 200; i += 1) await timed("direct"), await timed("proxied"); // warm both paths
      times.direct.length = 0;
      times.proxied.length = 0;
      for (let i = 0; i < calls; i += 1) {
        if (i % 2 === 0) await timed("direct"), await timed("proxied");
        else await timed("proxied"), await timed("direct");
      }
      const of = (values: number[]) => ({ p50: percentile(values, 0.5), p99: percentile(values, 0.99) });
      rows.push({ op, direct: of(times.direct), proxied: of(times.proxied) });
    }
  } finally {
    const result = await proxy.close();
    if (!result.ok) throw new Error(`the proxy's judge flagged the bench traffic: ${result.judgements.find((j) => !j.ok)?.problems[0]}`);
    return { calls, rows, judged: `${result.exchanges} exchanges judged, ${result.failed} failed` };
  }
}

const fmt = (n: number, digits: number) => n.toFixed(digits);

/** The goal row of BENCHMARKS.md: the p50 added to a read, under 2 ms. */
export function proxyGoalRow(latency: ProxyLatency): string {
  const read = latency.rows.find((r) => r.op === "read")!;
  const added = read.proxied.p50 - read.direct.p50;
  return `| Conformance proxy, p50 added to a read against the sandbox | ${fmt(added, 2)} ms | < 2 ms | ${added < 2 ? "met" : "**missed**"} |`;
}

export function proxySection(latency: ProxyLatency, how: string): string[] {
  return [
    "## Conformance proxy",
    "",
    `Each call sent straight to the sandbox (in-memory, its own process) and through the conformance proxy (\`startProxy\`, in the bench's process,`,
    `judging every exchange on its worker thread after answering it), alternating one by one, ${latency.calls} calls per path and operation; per-call times in ms. ${how}`,
    `The proxy judged what passed: ${latency.judged}.`,
    "",
    "| Op | direct p50 | proxied p50 | added p50 | direct p99 | proxied p99 | added p99 |",
    "|---|---|---|---|---|---|---|",
    ...latency.rows.map((r) => `| ${r.op} | ${fmt(r.direct.p50, 2)} | ${fmt(r.proxied.p50, 2)} | ${fmt(r.proxied.p50 - r.direct.p50, 2)} | ${fmt(r.direct.p99, 2)} | ${fmt(r.proxied.p99, 2)} | ${fmt(r.proxied.p99 - r.direct.p99, 2)} |`),
    "",
  ];
}
