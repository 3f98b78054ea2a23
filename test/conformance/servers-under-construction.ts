// Servers as an implementer's are while they build them, made from the reference sandbox: one that
// crashes after a number of answers (its port then refuses connections), and one that has not built
// some routes yet (404 `not_found` for them, as a framework's default route answers).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { send } from "../../conformance/http.js";

export type RunningServer = { url: string; answered(): number; close(): Promise<void> };

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => { text += chunk; });
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

/** Forwards to `target`, or answers itself when `answer` returns a response for the request. */
async function forwarding(target: string, answer: (request: IncomingMessage) => { status: number; body: unknown } | "crash" | undefined): Promise<RunningServer & { server: Server }> {
  let answered = 0;
  const server: Server = createServer(async (request, response) => {
    const own = answer(request);
    if (own === "crash") {
      request.socket.destroy();
      return;
    }
    const text = await body(request);
    if (own) {
      response.writeHead(own.status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(own.body));
    } else {
      const headers: Record<string, string> = {};
      for (const name of ["authorization", "content-type", "accept"]) if (request.headers[name]) headers[name] = String(request.headers[name]);
      const upstream = await send(`${target}${request.url}`, { method: request.method ?? "GET", headers, body: text === "" ? undefined : text });
      response.writeHead(upstream.status, { "Content-Type": upstream.headers.get("content-type") ?? "application/json" });
      response.end(upstream.text);
    }
    answered += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return { server, url, answered: () => answered, close };
}

/** The sandbox until it has answered `answers` requests; then it crashes: that request is dropped, and its port refuses every later one. */
export async function crashingAfter(target: string, answers: number): Promise<RunningServer> {
  let seen = 0;
  let closing: Promise<void> | undefined;
  const running = await forwarding(target, () => {
    seen += 1;
    if (seen <= answers) return undefined;
    closing ??= running.close();
    return "crash";
  });
  return { url: running.url, answered: running.answered, close: () => closing ?? running.close() };
}

/** The sandbox with the routes of `unbuilt` (path prefixes, such as `/api/credits`) not built yet: 404 `not_found`. */
export async function withoutRoutes(target: string, unbuilt: string[]): Promise<RunningServer> {
  const running = await forwarding(target, (request) =>
    (unbuilt.some((prefix) => (request.url ?? "").startsWith(prefix)) ? { status: 404, body: { message: "not_found" } } : undefined));
  return { url: running.url, answered: running.answered, close: running.close };
}
