import { StreamedBytes } from '../database/streamed-bytes';

/**
 * A response body already serialised (by PostgreSQL, or spliced from stored JSON text), typed
 * with the wire type it encodes so the controller's signature still names that type. The HTTP
 * edge sends it as it is, as `application/json` — no parse and re-stringify on the way out. It
 * holds the text, or PostgreSQL's UTF-8 bytes kept undecoded: whole (`runTextBytes`), or as they
 * arrive (`Db.textStream`), which the edge sends on as they come, without ever making a string
 * of them.
 */
export class JsonText<T> {
  /** Only for the type: the wire type the text encodes. */
  declare readonly wireType?: T;

  constructor(private readonly body: string | Buffer | StreamedBytes) {}

  /** The JSON text (decoded from the bytes when it came as whole bytes; not for a streamed body). */
  get text(): string {
    if (this.body instanceof StreamedBytes)
      throw new Error('JsonText: a streamed body is read with `read()`, not `text`');
    return typeof this.body === 'string' ? this.body : this.body.toString('utf8');
  }

  /** The UTF-8 bytes, when the body came as whole bytes; undefined otherwise. */
  get bytes(): Buffer | undefined {
    return Buffer.isBuffer(this.body) ? this.body : undefined;
  }

  /** The UTF-8 bytes as they arrive, when the body is streamed; undefined otherwise. */
  get stream(): StreamedBytes | undefined {
    return this.body instanceof StreamedBytes ? this.body : undefined;
  }

  /** The whole body as UTF-8 bytes (a streamed body read to its end: once). */
  async read(): Promise<Buffer> {
    if (this.body instanceof StreamedBytes) return this.body.all();
    return Buffer.isBuffer(this.body) ? this.body : Buffer.from(this.body, 'utf8');
  }

  /** Parses the text (tests and in-process callers that want the object). */
  value(): T {
    return JSON.parse(this.text) as T;
  }
}
