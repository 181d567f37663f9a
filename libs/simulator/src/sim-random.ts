/**
 * Seeded randomness for the simulator: a xoshiro128** stream for decisions and a counter-based
 * hash for identifiers. Never Math.random: the same seed must give byte-identical histories.
 */
export class SimRandom {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    // splitmix32 spreads a small seed over the 128-bit state (an all-zero state would be stuck).
    let x = seed >>> 0;
    const next = (): number => {
      x = (x + 0x9e3779b9) >>> 0;
      let t = x ^ (x >>> 16);
      t = Math.imul(t, 0x21f0aaad);
      t ^= t >>> 15;
      t = Math.imul(t, 0x735a2d97);
      return (t ^ (t >>> 15)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
  }

  /** Uniform unsigned 32-bit integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.nextUint32() / 0x1_0000_0000;
  }

  /** Uniform integer in [min, max] (both inclusive, range below 2^32). */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[this.int(0, items.length - 1)];
  }

  /** `count` distinct items in random order (all of them when fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const n = Math.min(count, pool.length);
    for (let i = 0; i < n; i++) {
      const j = this.int(i, pool.length - 1);
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    return pool.slice(0, n);
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** murmur3's finalizer: a bijection on 32-bit integers with good avalanche. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// Number#toString(16) is slow in V8 and id formatting is the simulator's hot path.
const HEX_BYTES = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex8(word: number): string {
  return (
    HEX_BYTES[word >>> 24] +
    HEX_BYTES[(word >>> 16) & 0xff] +
    HEX_BYTES[(word >>> 8) & 0xff] +
    HEX_BYTES[word & 0xff]
  );
}

function tagKey(seed: number, tag: string): number {
  let h = fmix32(seed >>> 0);
  for (let i = 0; i < tag.length; i++) h = fmix32((h ^ tag.charCodeAt(i)) >>> 0);
  return h;
}

/**
 * Identifiers that look random but are pure functions of (seed, kind, counter). The first word is
 * a bijection of the counter, so ids of one kind never collide, and nothing has to be remembered
 * to re-derive an id (the simulator keeps only a contract's counter, not its 138-char id).
 */
export class SimIds {
  private readonly contractKey: number;
  private readonly updateKey: number;
  private readonly unassignKey: number;
  private readonly hashKey: number;
  private readonly commandKey: number;

  constructor(seed: number) {
    this.contractKey = tagKey(seed, 'contract');
    this.updateKey = tagKey(seed, 'update');
    this.unassignKey = tagKey(seed, 'unassign');
    this.hashKey = tagKey(seed, 'external-hash');
    this.commandKey = tagKey(seed, 'command');
  }

  /** `00` + 136 hex digits, like a Canton V1 contract id. */
  contractId(seq: number): string {
    return `00${hexWords(this.contractKey, seq, 17)}`;
  }

  /** `1220` + 64 hex digits (a multihash-prefixed sha256). */
  updateId(seq: number): string {
    return `1220${hexWords(this.updateKey, seq, 8)}`;
  }

  unassignId(seq: number): string {
    return `1220${hexWords(this.unassignKey, seq, 8)}`;
  }

  /** 64 hex digits, the hash an external party signed. */
  externalTransactionHash(seq: number): string {
    return hexWords(this.hashKey, seq, 8);
  }

  commandId(kind: string, seq: number): string {
    return `${kind}-${hexWords(this.commandKey, seq, 4)}`;
  }
}

function hexWords(key: number, counter: number, words: number): string {
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffff_ffff) {
    throw new RangeError(`id counter out of range: ${counter}`);
  }
  let w = fmix32((counter ^ key) >>> 0);
  let out = hex8(w);
  for (let i = 1; i < words; i++) {
    w = fmix32((w + Math.imul(i, 0x9e3779b9) + key) >>> 0);
    out += hex8(w);
  }
  return out;
}
