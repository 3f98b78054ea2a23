// The proxy's --record: a HAR 1.2 document written as exchanges are answered, one entry a line
// (har.ts), so that a proxy killed at any moment leaves a recording `conformance judge` reads up to
// its last whole entry. Entries are gathered for the turn of the event loop and written in one
// synchronous write: a slow disk slows the proxy rather than filling its memory.
import { closeSync, openSync, writeSync } from "node:fs";
import type { RawExchange } from "./exchange.js";
import { harHead, harLine, harTail } from "./har.js";

export class HarRecorder {
  private readonly fd: number;
  private pending: string[] = [];
  private written = 0;
  private scheduled = false;
  private closed = false;

  constructor(readonly file: string) {
    this.fd = openSync(file, "w");
    writeSync(this.fd, harHead());
  }

  /** The exchange's entry, written before the next turn of the event loop. */
  add(exchange: RawExchange): void {
    if (this.closed) return;
    this.pending.push(harLine(exchange, this.written + this.pending.length === 0));
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** How many entries it holds (written or about to be). */
  get entries(): number {
    return this.written + this.pending.length;
  }

  private flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0 || this.closed) return;
    writeSync(this.fd, this.pending.join(""));
    this.written += this.pending.length;
    this.pending = [];
  }

  /** Writes what is pending and closes the document. */
  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    writeSync(this.fd, harTail);
    closeSync(this.fd);
  }
}
