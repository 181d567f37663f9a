/**
 * The UTF-8 bytes of one text value PostgreSQL is sending (`streamTextBytes`), handed on as they
 * arrive: its length is known from the start (the value's header), its chunks come in order, and
 * the reading is eager, so the connection goes back to the pool as soon as PostgreSQL is done
 * whatever the consumer's pace (a slow HTTP client never holds a database connection). One
 * consumer: `chunks()` or `all()`, once.
 */
export class StreamedBytes {
  private readonly queue: Buffer[] = [];
  private received = 0;
  private ended = false;
  private failure?: Error;
  private wake?: () => void;
  private consumed = false;

  constructor(
    /** The value's length in bytes. */
    readonly length: number,
  ) {}

  /** A body already whole (the embedded server's query result, or a test's value). */
  static of(bytes: Buffer): StreamedBytes {
    const streamed = new StreamedBytes(bytes.length);
    if (bytes.length > 0) streamed.push(bytes);
    streamed.end();
    return streamed;
  }

  /** The first byte of the value, once it has arrived (undefined for an empty value or before). */
  get firstByte(): number | undefined {
    return this.queue.length > 0 ? this.queue[0][0] : undefined;
  }

  /** Bytes received so far. */
  get receivedBytes(): number {
    return this.received;
  }

  push(chunk: Buffer): void {
    if (this.ended) throw new Error('StreamedBytes: a chunk after the end');
    if (chunk.length === 0) return;
    this.received += chunk.length;
    if (this.received > this.length)
      throw new Error(`StreamedBytes: more than the value's ${this.length} bytes`);
    this.queue.push(chunk);
    this.signal();
  }

  /** The value is complete: every byte of `length` must have come. */
  end(): void {
    if (this.ended) return;
    if (this.received !== this.length) {
      this.fail(new Error(`the value ended after ${this.received} of its ${this.length} bytes`));
      return;
    }
    this.ended = true;
    this.signal();
  }

  /** The value will not complete (the connection was lost, PostgreSQL failed part-way). */
  fail(error: Error): void {
    if (this.ended) return;
    this.failure = error;
    this.ended = true;
    this.signal();
  }

  /** The chunks in order as they arrive; throws the failure, if the value does not complete. */
  async *chunks(): AsyncGenerator<Buffer> {
    if (this.consumed) throw new Error('StreamedBytes: read twice');
    this.consumed = true;
    for (;;) {
      while (this.queue.length > 0) yield this.queue.shift() as Buffer;
      if (this.failure) throw this.failure;
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** The whole value. */
  async all(): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const chunk of this.chunks()) parts.push(chunk);
    return parts.length === 1 ? parts[0] : Buffer.concat(parts, this.length);
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
