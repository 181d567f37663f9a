/**
 * A response body already serialised (by PostgreSQL, or spliced from stored JSON text), typed
 * with the wire type it encodes so the controller's signature still names that type. The HTTP
 * edge sends it as it is, as `application/json` — no parse and re-stringify on the way out. It
 * holds either the text or, when PostgreSQL's bytes were kept undecoded (`Db.textBytes`), its
 * UTF-8 bytes, which the edge sends without ever making a string of them.
 */
export class JsonText<T> {
  /** Only for the type: the wire type the text encodes. */
  declare readonly wireType?: T;

  constructor(private readonly body: string | Buffer) {}

  /** The JSON text (decoded from the bytes when it came as bytes). */
  get text(): string {
    return typeof this.body === 'string' ? this.body : this.body.toString('utf8');
  }

  /** The UTF-8 bytes, when the body came as bytes; undefined for a body held as text. */
  get bytes(): Buffer | undefined {
    return typeof this.body === 'string' ? undefined : this.body;
  }

  /** Parses the text (tests and in-process callers that want the object). */
  value(): T {
    return JSON.parse(this.text) as T;
  }
}
