// The ceiling: a bare node:http server answering the same canned bodies the sandbox would.
// Nothing can serve these routes faster on this machine with Node, so it bounds every ratio.
import { createServer } from "node:http";
import { loadDocument } from "../src/openapi/documents.js";

const document = loadDocument("bank-payments");
const firstExample = (path: string, method: string, status: string): string => {
  const media = (document.paths[path][method] as any).responses[status].content["application/json"];
  return JSON.stringify(Object.values(media.examples as Record<string, { value: unknown }>)[0].value);
};
const readBody = firstExample("/api/transaction-intents/{transaction_intent_id}", "get", "200");
const createdBody = firstExample("/api/transaction-intents", "post", "201");

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const created = request.method === "POST";
    response.writeHead(created ? 201 : 200, { "content-type": "application/json" });
    response.end(created ? createdBody : readBody);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.argv[2]), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
