// The proxy's judge on a thread of its own (proxy.ts): requests and answers come as messages
// (judge-protocol.ts), each judgement goes back as one once the model of time can decide it, and
// `done` asks for the result. Judging there never holds up the traffic on the proxy's own thread.
import { parentPort, workerData } from "node:worker_threads";
import type { FromJudge, ToJudge } from "./judge-protocol.js";
import { TrafficJudge, type TrafficOptions } from "./judge.js";

const post = (message: FromJudge) => parentPort!.postMessage(message);

const judge = new TrafficJudge({ ...(workerData as Omit<TrafficOptions, "exchanges">), keep: "notable", onJudgement: (judgement) => post({ judgement }) });
post({ ready: true });

// The proxy posts its messages in batches (an array of them), one a turn of its event loop.
parentPort!.on("message", (messages: ToJudge | ToJudge[]) => {
  for (const message of Array.isArray(messages) ? messages : [messages]) take(message);
});

function take(message: ToJudge): void {
  if ("done" in message) {
    // What still waited for overlapping answers when the traffic stopped: the judge's backlog.
    const backlog = judge.backlog;
    let result;
    try {
      result = judge.finish();
    } catch (error) {
      // The proxy waits for this answer to stop: an error of the judge's own is counted, never a hang.
      process.stderr.write(`the judge met an error of its own while finishing (please report it): ${(error as Error)?.stack ?? error}\n`);
      result = judge.result();
      result.suiteErrors += 1;
    }
    post({ result: { ...result, backlogAtStop: backlog } });
    return;
  }
  try {
    if ("begin" in message) judge.begin(message.begin.id, message.begin);
    else if ("end" in message) judge.end(message.end.id, message.end.exchange);
    else judge.lost(message.lost.id);
  } catch (error) {
    // A judge that cannot read an exchange must not stop the traffic: it is counted as the suite's error.
    if ("end" in message) judge.suiteError(message.end.exchange, error);
  }
}
