/**
 * Peers' pages compared as the bytes they sent, before anything is parsed: where two pages are
 * the same bytes apart from each item's own ledger `offset` (the one member honest peers differ
 * in, docs/offsets-and-ids.md "Scan offsets"), their items have the same content, and only one
 * of them needs parsing. Anything else (another rendering, members in another order, an
 * `offset` that is not an item's) is left to the comparison of parsed items.
 */

/** `"offset"`: after `{` or `,` in JSON text, only ever the name of a member (see `offsetSpans`). */
const OFFSET_NAME = Buffer.from('"offset"');
const QUOTE = 0x22;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const COMMA = 0x2c;

/** Where the values of a page's `offset` members lie: start and end of each value, in order. */
export type OffsetSpans = readonly number[];

/**
 * The spans of the values of every member named `offset` in `body` (JSON text), or undefined
 * when one is not written as `"offset":"..."` (whitespace, a value that is not a string): such a
 * page is left to the comparison of parsed items. Inside a JSON string every `"` is escaped, so
 * `"offset"` right after `{` or `,` is never inside a string, and is always a member's name.
 */
export function offsetSpans(body: Buffer): OffsetSpans | undefined {
  const spans: number[] = [];
  for (let at = body.indexOf(OFFSET_NAME); at >= 0; at = body.indexOf(OFFSET_NAME, at + 1)) {
    const before = at > 0 ? body[at - 1] : 0;
    if (before !== OPEN_BRACE && before !== COMMA) continue;
    const start = at + OFFSET_NAME.length + 2;
    if (body[start - 2] !== COLON || body[start - 1] !== QUOTE) return undefined;
    const end = body.indexOf(QUOTE, start);
    if (end < 0) return undefined;
    spans.push(start, end);
    at = end;
  }
  return spans;
}

/** Whether `a` and `b` are the same bytes outside their offset values (`offsetSpans` of each). */
export function sameApartFromOffsets(
  a: Buffer,
  aSpans: OffsetSpans,
  b: Buffer,
  bSpans: OffsetSpans,
): boolean {
  if (aSpans.length !== bSpans.length) return false;
  let aFrom = 0;
  let bFrom = 0;
  for (let i = 0; i < aSpans.length; i += 2) {
    if (aSpans[i] - aFrom !== bSpans[i] - bFrom) return false;
    if (a.compare(b, bFrom, bSpans[i], aFrom, aSpans[i]) !== 0) return false;
    aFrom = aSpans[i + 1];
    bFrom = bSpans[i + 1];
  }
  return a.length - aFrom === b.length - bFrom && a.compare(b, bFrom, b.length, aFrom, a.length) === 0;
}

/**
 * Whether the offset values found in `body` are exactly its items' own offsets (`offsets`, in
 * the order the items come, as parsed from `body`): then the bytes `sameApartFromOffsets` leaves
 * out are the items' offsets and nothing else (no payload member that happens to be named
 * `offset`, no value written with escapes).
 */
export function spansAreItemOffsets(body: Buffer, spans: OffsetSpans, offsets: readonly string[]): boolean {
  if (spans.length !== offsets.length * 2) return false;
  for (let i = 0; i < offsets.length; i++)
    if (body.toString('latin1', spans[2 * i], spans[2 * i + 1]) !== offsets[i]) return false;
  return true;
}
