// A race failure drawn on a time line, as Knossos reports one: the few overlapping exchanges on one
// object that no order explains, each a bar from its request's first byte to its answer's last, so
// a reader sees which could have taken effect first.
import type { Exchange } from "./exchange.js";

const width = 40;

/** The label of one exchange in a race: method, path and status. */
function label(exchange: Exchange): string {
  const { pathname } = new URL(exchange.url);
  const body = exchange.requestBody && exchange.requestBody.length <= 60 ? ` ${exchange.requestBody}` : "";
  return `${exchange.method.toUpperCase()} ${pathname}${body} -> ${exchange.status}`;
}

/** The lines that show overlapping exchanges on a time line, `failing` marked. */
export function raceLines(exchanges: Exchange[], orders: number, partition: string, failing?: Exchange): string[] {
  const start = Math.min(...exchanges.map((e) => e.sentAt));
  const end = Math.max(...exchanges.map((e) => e.receivedAt));
  const span = Math.max(end - start, 1e-3);
  const column = (time: number) => Math.min(width - 1, Math.round(((time - start) / span) * (width - 1)));
  const labels = exchanges.map(label);
  const pad = Math.max(...labels.map((l) => l.length));
  return [
    `no order of these ${exchanges.length} overlapping exchanges on ${partition} explains every answer (${orders} order${orders === 1 ? "" : "s"} tried; time runs left to right over ${span.toFixed(1)} ms):`,
    ...exchanges.map((exchange, i) => {
      const from = column(exchange.sentAt);
      const to = Math.max(from, column(exchange.receivedAt));
      const bar = `${" ".repeat(from)}|${"=".repeat(Math.max(0, to - from - 1))}${to > from ? "|" : ""}`;
      return `  ${exchange === failing ? ">" : " "} ${labels[i].padEnd(pad)}  ${bar}`;
    }),
  ];
}
