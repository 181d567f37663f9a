/**
 * A response body already serialised (by PostgreSQL, or spliced from stored JSON text), typed
 * with the wire type it encodes so the controller's signature still names that type. The HTTP
 * edge sends `text` as it is, as `application/json` — no parse and re-stringify on the way out.
 */
export class JsonText<T> {
  /** Only for the type: the wire type the text encodes. */
  declare readonly wireType?: T;

  constructor(readonly text: string) {}

  /** Parses the text (tests and in-process callers that want the object). */
  value(): T {
    return JSON.parse(this.text) as T;
  }
}
