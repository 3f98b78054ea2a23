// Applies one mutant or valid variant (proof/mutants/, proof/variants/) to a recording
// instead of a live server: most of them only rewrite the sandbox's answers, so a recording of the
// sandbox's traffic rewritten by one is that server's traffic. One that must change what reaches the
// server (a request hook that forwards or answers otherwise) or ask it something else (`forward`)
// cannot be applied offline: that is said, and counted apart.
import type { Exchange as ProxyExchange, ProxyContext, Transformation } from "./mutants/proxy.js";
import { unmaskAuthorization, type RawExchange } from "../conformance/traffic/exchange.js";

export type Transformed = { offline: true; exchanges: RawExchange[]; changed: Set<number> } | { offline: false; why: string };

class NeedsServer extends Error {}

export async function transformRecording(transformation: Transformation, recording: RawExchange[], keys: { secret?: string; publishable?: string }): Promise<Transformed> {
  const context: ProxyContext = {
    forward: async () => { throw new NeedsServer("it asks the server something else"); },
    secretKey: keys.secret, publishableKey: keys.publishable, memory: new Map(),
  };
  const exchanges: RawExchange[] = [];
  const changed = new Set<number>();
  try {
    for (const [index, recorded] of recording.entries()) {
      // The hooks tell the keys apart (a publishable read): a masked recording is read back with the keys.
      const raw = unmaskAuthorization(recorded, keys);
      const exchange: ProxyExchange = {
        method: raw.method, url: new URL(raw.url), requestHeaders: { ...raw.requestHeaders }, requestBody: raw.requestBody ?? "",
        status: raw.status, headers: { ...raw.responseHeaders }, body: raw.responseText, notes: {},
      };
      const change = await transformation.request?.(exchange, context);
      if (change) return { offline: false, why: "it changes what reaches the server" };
      await transformation.response?.(exchange, context);
      const type = exchange.headers["content-type"];
      if (exchange.status !== raw.status || exchange.body !== raw.responseText || type !== raw.responseHeaders["content-type"]) changed.add(index + 1);
      exchanges.push({ ...recorded, status: exchange.status, responseHeaders: exchange.headers, responseText: exchange.body });
    }
  } catch (error) {
    if (error instanceof NeedsServer) return { offline: false, why: error.message };
    throw error;
  }
  return { offline: true, exchanges, changed };
}
