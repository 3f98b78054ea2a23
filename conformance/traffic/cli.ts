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
import { writeHar, readHar } from "./har.js";
import { failureText, judgeTraffic, trafficSummaryLine, type ExchangeJudgement, type TrafficOptions, type TrafficResult } from "./judge.js";
import { startProxy } from "./proxy.js";
import { writeTrafficReport } from "./report.js";

export const trafficUsage = `Usage: conformance proxy --service bank-payments|check-cashing --upstream URL --port N [options]
       conformance judge FILE.har --service bank-payments|check-cashing [options]

  --secret-key K, --publishable-key K   the keys the traffic uses (bank-payments); never printed in full
  --upstream URL        (proxy) the server the traffic goes to
  --port N              (proxy) the port to listen on (0: a free one)
  --host H              (proxy) the address to listen on (default 127.0.0.1)
  --record FILE.har     (proxy) write what passed as HAR 1.2 on exit, keys masked
  --report DIR          write traffic-<service>.md and .json into DIR
  --triggers            the server implements the sandbox's test triggers (README, "Sandbox test triggers")
  --settings FILE, --setting NAME=VALUE, --fixtures FILE   as for the suite (docs/conformance.md)

The proxy prints its address when ready and judges every exchange after answering it; SIGINT or
SIGTERM prints the summary, writes the report and the recording, and exits.`;

const options = {
  service: { type: "string" },
  upstream: { type: "string" },
  port: { type: "string" },
  host: { type: "string", default: "127.0.0.1" },
  record: { type: "string" },
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
  const usable = serviceNames.includes(service) && (command === "judge"
    ? positionals.length === 1
    : positionals.length === 0 && values.upstream !== undefined && port !== undefined && Number.isInteger(port) && port >= 0 && port < 65536);
  if (!usable) {
    console.error(trafficUsage);
    return 2;
  }
  if (command === "judge") {
    const result = judgeTraffic({ ...judgeOptions(values), exchanges: readHar(positionals[0]) });
    result.judgements.forEach(printFailure);
    return finish(result, values.report);
  }
  const proxy = await startProxy({ ...judgeOptions(values), upstream: values.upstream!, port, host: values.host, onJudgement: printFailure });
  console.log(`conformance proxy for ${service} listening on ${proxy.url}, forwarding to ${values.upstream}`);
  return new Promise<number>((resolve) => {
    const stop = async (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      // Ctrl-C reaches both npx and the proxy, and npx passes it on: a second signal within a second
      // is that same one; a later one quits at once.
      const stoppedAt = Date.now();
      const again = (repeated: NodeJS.Signals) => {
        if (Date.now() - stoppedAt >= 1000) process.exit(128 + constants.signals[repeated]);
      };
      process.on("SIGINT", again);
      process.on("SIGTERM", again);
      process.stderr.write(`${signal}: stopping, judging what passed\n`);
      const result = await proxy.close();
      if (values.record) {
        writeHar(values.record, proxy.exchanges(true));
        console.log(`recording written to ${values.record} (keys masked)`);
      }
      resolve(finish(result, values.report));
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
