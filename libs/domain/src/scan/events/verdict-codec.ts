import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * How `synchronizer_verdicts.verdict` holds a verdict's JSON text: a format byte, then the text's
 * UTF-8 bytes as raw deflate (zlib level 3, a 4 KiB window) over `DICTIONARY`. A verdict row is
 * under PostgreSQL's 2 KB TOAST threshold, so PostgreSQL never compresses it; this cuts it to
 * about a quarter (docs/scaling.md "Cuts made"). The text comes back byte for byte as stored.
 *
 * Forever stable: a stored verdict is read with the dictionary of its format byte, so a new
 * dictionary or algorithm takes a new format byte and this one stays readable. Deflate's output
 * for a text may change with the zlib version; nothing compares packed bytes for anything but
 * a shortcut (equal bytes are equal texts).
 */
const FORMAT_DEFLATE_1 = 1;

/**
 * What a verdict's JSON holds whatever the transaction (keys, results, id prefixes), so that even
 * its first occurrence in a verdict is a back-reference: most likely last (closest, cheapest).
 */
const DICTIONARY = Buffer.from(
  '"VERDICT_RESULT_REJECTED""VERDICT_RESULT_UNSPECIFIED"' +
    '{"update_id":"1220","migration_id":0,"domain_id":"global-domain::1220","record_time":"2026-01-01T00:00:00.000000Z",' +
    '"finalization_time":"2026-01-01T00:00:00.000000Z","submitting_parties":["::1220"],"submitting_participant_uid":"::1220",' +
    '"verdict_result":"VERDICT_RESULT_ACCEPTED","mediator_group":0,"transaction_views":{"views":[{"view_id":0,"informees":["::1220"],' +
    '"confirming_parties":[{"parties":["::1220"],"threshold":1}],"sub_views":[],"view_hash":""},{"view_id":1,"informees":["::1220"],' +
    '"confirming_parties":[{"parties":["::1220"],"threshold":1}],"sub_views":[],"view_hash":""}],"root_views":[0]}}',
  'utf8',
);

/** Level 3 packs within 1 % of level 6 for less CPU; a 4 KiB window holds the dictionary and a verdict's repeats. */
const WINDOW_BITS = 12;
const DEFLATE = { level: 3, windowBits: WINDOW_BITS, memLevel: 4, dictionary: DICTIONARY };
const INFLATE = { windowBits: WINDOW_BITS, dictionary: DICTIONARY };

/** A verdict's JSON text as stored (`synchronizer_verdicts.verdict`). */
export function packVerdict(text: string): Buffer {
  const body = deflateRawSync(text, DEFLATE);
  const packed = Buffer.allocUnsafe(body.length + 1);
  packed[0] = FORMAT_DEFLATE_1;
  body.copy(packed, 1);
  return packed;
}

/** The JSON text of a stored verdict (`packVerdict`); throws on bytes of no known format. */
export function unpackVerdict(packed: Uint8Array): string {
  if (packed.length === 0 || packed[0] !== FORMAT_DEFLATE_1)
    throw new Error(`a stored verdict of unknown format ${packed.length === 0 ? '(empty)' : packed[0]}`);
  return inflateRawSync(packed.subarray(1), INFLATE).toString('utf8');
}
