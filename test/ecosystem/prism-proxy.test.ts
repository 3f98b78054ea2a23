// `prism proxy` (Prism's own command line, response validation on) in front of a deliberately
// faulty upstream: for every operation x documented status of each published document (OpenAPI
// 3.0 and 3.1), the
// documented example passes without a violation and the same example with one member of the
// wrong type is flagged. So Prism compiled and ran the response schema of each of them (Prism
// skips, silently, a schema it cannot compile: the first version's nullable enums did that).
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { documentFile, exchangesOf, publishedDocuments, publishedVersions, wrongBody } from "./operations.js";
import { cli, root } from "./tools.js";

/** An upstream that answers whatever the test asks it to, and records what reached it. */
class ScriptedUpstream {
  next: { status: number; body: unknown } = { status: 200, body: {} };
  received: string[] = [];
  private server: Server = createServer((request, response) => {
    this.received.push(`${request.method} ${request.url}`);
    request.resume();
    request.on("end", () => {
      response.writeHead(this.next.status, { "content-type": "application/json" });
      response.end(JSON.stringify(this.next.body));
    });
  });

  async start(): Promise<string> {
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** `prism proxy DOCUMENT UPSTREAM` on a port the OS picks; resolves with its URL once it listens. */
async function startPrismProxy(document: string, upstream: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [cli.prism, "proxy", "--host", "127.0.0.1", "--port", "0", document, upstream], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism proxy did not start:\n${output}`)), 60_000);
    const look = () => {
      const listening = /Prism is listening on (http:\/\/\S+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        child.stdout!.off("data", look); // the log keeps growing: stop searching it once found
        resolve(listening[1].replace(/\/$/, ""));
      }
    };
    child.stdout!.on("data", look);
    child.once("exit", (code) => reject(new Error(`prism proxy exited (${code}):\n${output}`)));
  });
  return { url, child };
}

type Violation = { location: string[]; code: string; message: string };

function violationsOf(header: string | null): Violation[] {
  return header ? (JSON.parse(header) as Violation[]) : [];
}

type Exchange = ReturnType<typeof exchangesOf>[number];

/** A Prism proxy in front of a scripted upstream, for one describe block. */
function proxiedDocument(document: () => string) {
  const upstream = new ScriptedUpstream();
  let prism: Awaited<ReturnType<typeof startPrismProxy>>;

  before(async () => {
    prism = await startPrismProxy(document(), await upstream.start());
  });

  after(async () => {
    prism.child.kill("SIGTERM");
    if (prism.child.exitCode === null) await once(prism.child, "exit");
    await upstream.close();
  });

  /** Sends the exchange's request through Prism while the upstream answers `body`; the violations Prism reports. */
  return async function through(exchange: Exchange, body: unknown) {
    upstream.next = { status: exchange.status, body };
    const forwarded = upstream.received.length;
    const response = await fetch(prism.url + exchange.path, {
      method: exchange.method,
      headers: { accept: "application/json", authorization: "Bearer sk_test_sandbox", ...(exchange.requestBody === undefined ? {} : { "content-type": "application/json" }) },
      body: exchange.requestBody === undefined ? undefined : JSON.stringify(exchange.requestBody),
    });
    await response.arrayBuffer();
    assert.equal(upstream.received.length, forwarded + 1, "Prism forwarded the request");
    assert.equal(response.status, exchange.status, "Prism passed the upstream's status through");
    return violationsOf(response.headers.get("sl-violations"));
  };
}

const isResponseBodyViolation = (v: Violation) => v.location[0] === "response" && v.location[1] === "body";

// One Prism per document and version, each with its own upstream: two run side by side.
describe("prism proxy on every published document", { concurrency: 2 }, () => {
for (const version of publishedVersions) for (const name of publishedDocuments) {
  describe(`prism proxy validates every response of ${name} (OpenAPI ${version})`, { concurrency: 1 }, () => {
    const through = proxiedDocument(() => documentFile(name, version, "yaml"));
    const exchanges = exchangesOf(name, version);
    if (name === "bank-payments") test("43 operation x status pairs", () => assert.equal(exchanges.length, 43));
    if (name === "check-cashing") test("3 operation x status pairs", () => assert.equal(exchanges.length, 3));
    if (version === "3.1") test("the same operation x status pairs as the 3.0 document", () => {
      assert.deepEqual(exchanges.map((e) => `${e.operationId} ${e.status} ${e.path}`), exchangesOf(name, "3.0").map((e) => `${e.operationId} ${e.status} ${e.path}`));
    });

    for (const exchange of exchanges) {
      test(`${exchange.operationId} ${exchange.status}: the example passes, a wrong member is flagged`, async () => {
        assert.deepEqual(await through(exchange, exchange.responseBody), [], "no violation on the documented request and response");
        const flagged = await through(exchange, wrongBody(exchange.responseBody));
        assert.ok(flagged.some(isResponseBodyViolation), "no response violation reported: Prism did not validate this response");
      });
    }
  });
}
});

describe("the check fails on a document Prism cannot compile (the first version's nullable enum)", () => {
  const scratch = mkdtempSync(join(tmpdir(), "prism-control-"));
  const through = proxiedDocument(() => {
    const document = JSON.parse(readFileSync(join(root, "generated/openapi/bank-payments.json"), "utf8"));
    // The first version's form: `type` and `nullable: true` beside an enum that lists null.
    document.components.schemas.CapturedStatus = { ...document.components.schemas.CapturedStatus, type: "string", nullable: true };
    writeFileSync(join(scratch, "bank-payments.json"), JSON.stringify(document));
    return join(scratch, "bank-payments.json");
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test("getTransactionIntent 200 with a wrong member goes through unflagged", async () => {
    const read = exchangesOf("bank-payments").find((e) => e.operationId === "getTransactionIntent" && e.status === 200)!;
    assert.deepEqual((await through(read, wrongBody(read.responseBody))).filter(isResponseBodyViolation), []);
  });
});

describe("the check fails on a 3.1 document whose captured_status refuses null", () => {
  const scratch = mkdtempSync(join(tmpdir(), "prism-control-"));
  const through = proxiedDocument(() => {
    const document = JSON.parse(readFileSync(documentFile("bank-payments", "3.1"), "utf8"));
    document.components.schemas.TransactionIntent.properties.captured_status = { $ref: "#/components/schemas/CapturedStatus" };
    writeFileSync(join(scratch, "bank-payments.json"), JSON.stringify(document));
    return join(scratch, "bank-payments.json");
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test("an uncaptured intent (captured_status null) is flagged: Prism reads the 3.1 schema as written", async () => {
    const read = exchangesOf("bank-payments", "3.1").find((e) => e.operationId === "getTransactionIntent" && e.status === 200)!;
    const body = structuredClone(read.responseBody) as { data: { captured_status: unknown } };
    body.data.captured_status = null;
    assert.ok((await through(read, body)).some(isResponseBodyViolation));
  });
});
