// The proxy's judge on a thread of its own (proxy.ts): the exchanges come in order as messages,
// each judgement goes back as one, and `done` asks for the result. Judging there never holds up
// the traffic on the proxy's own thread.
import { parentPort, workerData } from "node:worker_threads";
import type { RawExchange } from "./exchange.js";
import { TrafficJudge, type TrafficOptions } from "./judge.js";

export type ToJudge = { exchange: RawExchange } | { done: true };

const judge = new TrafficJudge(workerData as Omit<TrafficOptions, "exchanges">);
parentPort!.postMessage({ ready: true });

parentPort!.on("message", (message: ToJudge) => {
  if ("done" in message) {
    parentPort!.postMessage({ result: judge.result() });
    return;
  }
  const next = message.exchange;
  try {
    parentPort!.postMessage({ judgement: judge.judge(next) });
  } catch (error) {
    // A judge that cannot read an exchange must not stop the traffic: it is said, and left not judged.
    parentPort!.postMessage({ judgement: { index: judge.judgements.length + 1, method: next.method, url: next.url, status: next.status, judged: "none", ok: true, rules: [], problems: [], curl: [], why: `the judge could not read it: ${(error as Error).message}` } });
  }
});
