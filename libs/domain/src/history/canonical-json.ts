import { createHash } from 'node:crypto';

// Object keys repeat endlessly in a history ("label", "value", "record", ...): their JSON text is
// computed once. Bounded, since maps of Daml values can carry arbitrary keys.
const KEY_TEXTS = new Map<string, string>();
const MAX_KEY_TEXTS = 10_000;

function keyText(key: string): string {
  let text = KEY_TEXTS.get(key);
  if (text === undefined) {
    text = JSON.stringify(key);
    if (KEY_TEXTS.size < MAX_KEY_TEXTS) KEY_TEXTS.set(key, text);
  }
  return text;
}

/**
 * JSON with object keys sorted, so equal values always serialise (and hash) the same. Object
 * members whose value is undefined are left out and undefined array items become null, as
 * JSON.stringify does. Written as plain loops: the ingest hashes every update with it.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      const item: unknown = value[i];
      out += item === undefined ? 'null' : canonicalJson(item);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // Most objects have one key, or keys already in order; sort (by UTF-16 code units, as `<`
  // compares) only the others.
  for (let i = 1; i < keys.length; i++) {
    if (keys[i - 1] > keys[i]) {
      keys.sort();
      break;
    }
  }
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    if (first) first = false;
    else out += ',';
    out += `${keyText(k)}:${typeof v === 'string' ? JSON.stringify(v) : canonicalJson(v)}`;
  }
  return `${out}}`;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
