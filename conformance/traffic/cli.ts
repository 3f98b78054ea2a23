// `conformance proxy --service S --upstream URL --port N [--host H] [--record FILE.har] ...` and
// `conformance judge FILE.har --service S ...`: the oracle on traffic the suite did not generate
// (docs/traffic.md). Both print each failure with its rule and a curl reproducer, then the summary;
// both exit 0 when no exchange failed, 1 when one did, 2 on a usage error.
import { readFileSync } from "node:fs";
import { constants } from "node:os";
import { parseArgs } from "node:util";
import { serviceNames, type ServiceName } from "../../src/openapi/documents.js";
import { readFixtures } from "../fixtures-file.js";
import { readSettings } from "../settings.js";
import { maskKey } from "./exchange.js";
import { readRecording } from "./har.js";
import { failureText, judgeTraffic, trafficSummaryLine, type ExchangeJudgement, type TrafficOptions, type TrafficResult, untoldKeysLine } from "./judge.js";
import { defaultBodyCap, defaultDrain, defaultUpstreamTimeout, startProxy } from "./proxy.js";
import { maskExchange, maskText } from "./secrets.js";
import { writeTrafficReport } from "./report.js";

export const trafficUsage = `Usage: conformance proxy --service bank-payments|check-cashing --upstream URL --port N [options]
       conformance judge FILE.har --service bank-payments|check-cashing [options]

  --secret-key K, --publishable-key K   the keys the traffic uses (bank-payments); never printed or recorded
  --upstream URL        (proxy) the server the traffic goes to
  --port N              (proxy) the port to listen on (0: a free one)
  --host H              (proxy) the address to listen on (default 127.0.0.1)
  --record FILE.har     (proxy) write each exchange to a HAR 1.2 file as it is answered, keys masked
  --drain S             (proxy) on SIGINT or SIGTERM, seconds for requests in flight to finish (default ${defaultDrain})
  --upstream-timeout S  (proxy) seconds the upstream may stay silent before the request is answered 504 (default ${defaultUpstreamTimeout})
  --body-cap BYTES      (proxy) bytes of each body kept for the judge and the recording (default ${defaultBodyCap});
                        a longer body is forwarded whole, and judged and recorded as cut short
  --report DIR          write traffic-<service>.md and .json into DIR
  --triggers            the server implements the sandbox's test triggers (README, "Sandbox test triggers")
  --settings FILE, --setting NAME=VALUE, --fixtures FILE   as for the suite (docs/conformance.md)

The proxy prints its address when ready and judges every exchange after answering it. SIGINT or
SIGTERM stops it accepting, lets requests in flight finish (--drain), then prints the summary,
writes the report, closes the recording and exits; a second signal cuts what is still in flight.`;

const options = {
  service: { type: "string" },
  upstream: { type: "string" },
  port: { type: "string" },
  host: { type: "string", default: "127.0.0.1" },
  record: { type: "string" },
  drain: { type: "string" },
  "upstream-timeout": { type: "string" },
  "body-cap": { type: "string" },
  report: { type: "string" },
  triggers: { type: "boolean", default: false },
  "secret-key": { type: "string" },
  "publishable-key": { type: "string" },
  settings: { type: "string" },
  setting: { type: "string", multiple: true },
  fixtures: { type: "string" },
  help: { type: "boolean", default: false },
} as const;

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${what} ${file}: ${(error as Error).message}`);
  }
}

type Parsed = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;

function judgeOptions(values: Parsed["values"]): Omit<TrafficOptions, "exchanges"> {
  return {
    service: values.service as ServiceName,
    keys: { secret: values["secret-key"], publishable: values["publishable-key"] },
    triggers: values.triggers,
    settings: readSettings(values.settings ? readJson(values.settings, "--settings") as Record<string, unknown> : {}, values.setting ?? []),
    fixtures: values.fixtures ? readFixtures(readJson(values.fixtures, "--fixtures")) : undefined,
  };
}

const printFailure = (judgement: ExchangeJudgement) => {
  if (!judgement.ok) console.log(failureText(judgement));
};

function finish(result: TrafficResult, report: string | undefined): number {
  if (report) {
    writeTrafficReport(result, report);
    console.log(`report written to ${report}`);
  }
  if (result.lost) console.log(`${result.lost} request${result.lost === 1 ? "" : "s"} got no whole answer (the upstream failed or was silent, the client left first, or the proxy stopped first): not exchanges, not judged`);
  const untold = untoldKeysLine(result);
  if (untold) console.log(untold);
  console.log(trafficSummaryLine(result));
  return result.ok ? 0 : 1;
}

/** Runs `conformance proxy` or `conformance judge`; resolves to the exit code. */
export async function trafficCommand(command: "proxy" | "judge", argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
  if (values.help) {
    console.log(trafficUsage);
    return 0;
  }
  const service = values.service as ServiceName;
  const port = values.port === undefined ? undefined : Number(values.port);
  const seconds = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));
  const drain = seconds(values.drain, defaultDrain);
  const upstreamTimeout = seconds(values["upstream-timeout"], defaultUpstreamTimeout);
  const bodyCap = seconds(values["body-cap"], defaultBodyCap);
  const usable = serviceNames.includes(service) && (command === "judge"
    ? positionals.length === 1
    : positionals.length === 0 && values.upstream !== undefined && port !== undefined && Number.isInteger(port) && port >= 0 && port < 65536
      && drain >= 0 && upstreamTimeout > 0 && Number.isInteger(bodyCap) && bodyCap >= 0 && upstreamUrl(values.upstream) !== undefined);
  if (!usable) {
    console.error(trafficUsage);
    return 2;
  }
  const told = [values["secret-key"], values["publishable-key"]];
  if (command === "judge") {
    const recording = readRecording(positionals[0]);
    if (recording.cutShort) console.log(`${positionals[0]}: ${recording.cutShort}`);
    // A recording from elsewhere may hold keys in the clear: what is printed and reported holds none.
    const result = judgeTraffic({ ...judgeOptions(values), exchanges: recording.exchanges.map((e) => maskExchange(e, told)) });
    result.judgements.forEach(printFailure);
    return finish(result, values.report);
  }
  const proxy = await startProxy({
    ...judgeOptions(values), upstream: values.upstream!, port, host: values.host, record: values.record, bodyCap, upstreamTimeout, onJudgement: printFailure,
  });
  console.log(`conformance proxy for ${service} listening on ${proxy.url}, forwarding to ${shownUpstream(values.upstream!, told)}`);
  if (values.record) console.log(`recording to ${values.record} as exchanges are answered (keys masked)`);
  return new Promise<number>((resolve) => {
    const stop = async (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      // Ctrl-C reaches both npx and the proxy, and npx passes it on: a second signal within a second
      // is that same one. A later one cuts the requests still in flight; one more quits at once.
      const stoppedAt = Date.now();
      let cut = false;
      const again = (repeated: NodeJS.Signals) => {
        if (Date.now() - stoppedAt < 1000) return;
        if (cut) process.exit(128 + constants.signals[repeated]);
        cut = true;
        process.stderr.write(`${repeated}: cutting the ${proxy.inFlight} requests still in flight\n`);
        proxy.cutNow();
      };
      process.on("SIGINT", again);
      process.on("SIGTERM", again);
      // Closed first, said after: whoever reads the line may connect at once, and must find the port closed.
      const closing = proxy.close({ drain });
      process.stderr.write(`${signal}: stopping: no new connections; ${proxy.inFlight} requests in flight have ${drain} s to finish (a second signal cuts them)\n`);
      const result = await closing;
      if (values.record) console.log(`recording written to ${values.record} (keys masked)`);
      resolve(finish(result, values.report));
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

function upstreamUrl(text: string | undefined): URL | undefined {
  try {
    const url = new URL(text ?? "");
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The upstream as printed: a password in it, or a key in its query, masked. */
function shownUpstream(text: string, told: ReadonlyArray<string | undefined>): string {
  const password = upstreamUrl(text)?.password;
  return maskText(password ? text.replace(`:${password}@`, `:${maskKey(password)}@`) : text, told);
}
