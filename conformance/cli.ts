#!/usr/bin/env node
// `conformance --service bank-payments --base-url URL --secret-key K --publishable-key K
//  [--profile full|mock] [--report DIR] [--no-triggers] [--quiet]`
// `conformance --service check-cashing --base-url URL`
// Exits 1 on any failure; the last line is `N passed, N failed[, N skipped]`.
import { parseArgs } from "node:util";
import { serviceNames, type ServiceName } from "../src/openapi/documents.js";
import { runConformance, summaryLine } from "./runner.js";
import type { Profile } from "./types.js";

const usage = `Usage: conformance --service bank-payments|check-cashing --base-url URL [options]

  --secret-key K        secret key (bank-payments)
  --publishable-key K   publishable key (bank-payments)
  --profile full|mock   full: a stateful implementation (default); mock: a stateless mock such as Prism
  --report DIR          write JUnit XML and a Markdown report (coverage matrix, score) into DIR
  --no-triggers         skip the checks that need the reference sandbox's test triggers
  --quiet               print failures and the summary only`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      service: { type: "string" },
      "base-url": { type: "string" },
      "secret-key": { type: "string" },
      "publishable-key": { type: "string" },
      profile: { type: "string", default: "full" },
      report: { type: "string" },
      "no-triggers": { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const service = values.service as ServiceName;
  if (!serviceNames.includes(service) || !values["base-url"] || !["full", "mock"].includes(values.profile!)) {
    console.error(usage);
    return 2;
  }
  const result = await runConformance({
    service,
    baseUrl: values["base-url"],
    secretKey: values["secret-key"],
    publishableKey: values["publishable-key"],
    profile: values.profile as Profile,
    triggers: !values["no-triggers"],
    reportDir: values.report,
    onCheck: (check) => {
      if (values.quiet && check.outcome !== "failed") return;
      const mark = check.outcome === "passed" ? "ok  " : check.outcome === "failed" ? "FAIL" : "skip";
      console.log(`${mark} [${check.layer}] ${check.group} :: ${check.name}${check.reason ? `\n       ${check.reason}` : ""}`);
    },
  });
  if (values.report) console.log(`reports written to ${values.report}`);
  console.log(summaryLine(result));
  return result.ok ? 0 : 1;
}

main().then((code) => { process.exitCode = code; }, (error) => {
  console.error(error instanceof Error ? error.message : error);
  console.log("0 passed, 1 failed");
  process.exitCode = 1;
});
