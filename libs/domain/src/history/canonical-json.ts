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

/** Canonical texts of the members named `key` met while serialising, by member value (see `canonicalJsonCapturing`). */
interface Capture {
  key: string;
  into: Map<object, string>;
}

/**
 * JSON with object keys sorted, so equal values always serialise (and hash) the same. Object
 * members whose value is undefined are left out and undefined array items become null, as
 * JSON.stringify does. The ingest hashes every update with it: a subtree whose keys are in order
 * already (Daml values are: `label` before `value`, one kind key) is handed to the native
 * JSON.stringify, which then writes the same text, faster and as one flat string.
 */
export function canonicalJson(value: unknown): string {
  return write(value, undefined);
}

/**
 * `canonicalJson`, also recording the JSON text (as received: members in their own order) of
 * every object-valued member named `key`
 * (e.g. the create arguments of each created event) into `into`, keyed by the member's value,
 * so a caller that needs those texts too does not serialise them again.
 */
export function canonicalJsonCapturing(value: unknown, key: string, into: Map<object, string>): string {
  return write(value, { key, into });
}

function write(value: unknown, capture: Capture | undefined): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (stringifiesCanonically(value, capture?.key)) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      const item: unknown = value[i];
      out += item === undefined ? 'null' : write(item, capture);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  sortKeys(keys);
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    if (first) first = false;
    else out += ',';
    let text: string;
    if (typeof v === 'string') text = JSON.stringify(v);
    else if (capture !== undefined && k === capture.key && typeof v === 'object' && v !== null) {
      // The captured member's text is the value as received (its members in their own order: a
      // lossless value is kept as it arrived); the canonical text still goes into the hash.
      const received = JSON.stringify(v);
      text = stringifiesCanonically(v, capture.key) ? received : write(v, capture);
      capture.into.set(v, received);
    } else text = write(v, capture);
    out += `${keyText(k)}:${text}`;
  }
  return `${out}}`;
}

// Up to this many keys (an update's or an event's), an insertion sort in place allocates nothing.
const INSERTION_SORT_MAX = 32;

/** Sorts keys by UTF-16 code units, as `<` compares (most objects have them in order already). */
function sortKeys(keys: string[]): void {
  if (keys.length > INSERTION_SORT_MAX) {
    keys.sort();
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > key) {
      keys[j + 1] = keys[j];
      j--;
    }
    keys[j + 1] = key;
  }
}

/**
 * Whether JSON.stringify writes `value`'s canonical JSON: plain objects and arrays all the way
 * down, every object's keys in sorted order as enumerated (integer-like keys, which objects
 * enumerate first, count as out of order when they are), and no member or item that the two
 * serialisations treat differently (functions, symbols, bigints, objects with a prototype of
 * their own, such as a Date and its toJSON), nor a member named `capturedKey`. When in doubt it
 * answers no.
 */
function stringifiesCanonically(value: object, capturedKey: string | undefined): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) return false;
    for (let i = 0; i < value.length; i++)
      if (!memberStringifiesCanonically(value[i], capturedKey)) return false;
    return true;
  }
  if (proto !== Object.prototype && proto !== null) return false;
  const record = value as Record<string, unknown>;
  let previous: string | undefined;
  for (const k in record) {
    if ((previous !== undefined && !(previous < k)) || k === capturedKey) return false;
    previous = k;
  }
  for (const k in record) if (!memberStringifiesCanonically(record[k], capturedKey)) return false;
  return true;
}

function memberStringifiesCanonically(v: unknown, capturedKey: string | undefined): boolean {
  switch (typeof v) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return true;
    case 'object':
      return v === null || stringifiesCanonically(v, capturedKey);
    default:
      return false;
  }
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
