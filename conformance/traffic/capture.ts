// The start of a body as it streams past the proxy: its first `cap` bytes, kept for the judge and
// the recording, and its whole length. The body itself is forwarded whole, whatever its length.
export class BodyCapture {
  private chunks: Buffer[] = [];
  private kept = 0;
  /** The body's whole length so far, in bytes. */
  size = 0;

  constructor(private readonly cap: number) {}

  add(chunk: Buffer): void {
    this.size += chunk.length;
    const room = this.cap - this.kept;
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.chunks.push(part);
    this.kept += part.length;
  }

  /** Longer than the cap: what is kept is only its start. */
  get truncated(): boolean {
    return this.size > this.kept;
  }

  /** What is kept, in the order it came (every byte so far unless truncated). */
  get parts(): readonly Buffer[] {
    return this.chunks;
  }

  /** The kept bytes in one buffer; undefined for a body that had none. */
  bytes(): Buffer | undefined {
    if (this.size === 0) return undefined;
    const whole = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    this.chunks = [whole];
    return whole;
  }
}
