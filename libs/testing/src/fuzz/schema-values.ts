import type { OpenApiDocument } from '@canton-scan/contracts';
import type { Prng } from './prng';
import type { StoreSamples } from './store-samples';

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI schemas are walked as plain JSON */
export type Schema = Record<string, any>;

/** A JSON fragment written as is (numbers JSON.stringify cannot write: 2^53 + 1, 1e400). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson fragments. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Follows `$ref`s (local ones, `#/...`) to the schema they name. */
export function resolveRef<T = Schema>(document: OpenApiDocument, node: any): T {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
    let target: any = document;
    for (const segment of current.$ref.replace(/^#\//, '').split('/')) target = target?.[segment];
    current = target;
  }
  return current as T;
}

const KNOWN_PATTERNS: [string, () => string][] = [
  ['^-?[0-9]+\\.[0-9]{10}$', () => '1.0000000000'],
  ['^[0-9]{1,28}(\\.[0-9]{1,10})?$', () => '10.5'],
  ['^([0-9a-f]{18})?$', () => '000000000000000001'],
];

/**
 * Values a spec's schema allows, preferring what the store holds for fields whose name says
 * what they are (update ids, contract ids, parties, migration ids, rounds, record times...).
 */
export class SchemaValues {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly rng: Prng,
    private readonly samples: StoreSamples,
  ) {}

  /** A store value for a field called `name` of type `type`, if its name says what it holds. */
  private hinted(name: string, schema: Schema): unknown {
    const n = name.toLowerCase();
    const s = this.samples;
    const pickOf = <T>(list: T[]): T | undefined => (list.length > 0 ? this.rng.pick(list) : undefined);
    const isString = schema.type === 'string';
    const isInt = schema.type === 'integer';
    if (isInt && n.includes('timeout')) return this.rng.pick([0, 1, 20]);
    if (isInt && (n.includes('page_size') || n === 'pagesize' || n === 'limit'))
      return this.rng.pick([1, 10, 100]);
    if (isInt && n.includes('migration')) return pickOf(s.migrationIds);
    if (isInt && n.includes('round')) return pickOf(s.rounds);
    if (isInt && (n.includes('offset') || n.includes('exclusive') || n.includes('inclusive')))
      return pickOf(s.offsets);
    if (!isString) return undefined;
    if (schema.format === 'date-time')
      return n.includes('record_time') || n === 'before'
        ? pickOf(this.rng.chance(0.5) ? s.snapshotTimes : s.recordTimes)
        : pickOf(s.recordTimes);
    if (n === 'allocationid') return pickOf(s.allocationIds);
    // The explorer's search: any id the store holds (an update, a contract or a party).
    if (n === 'q') return pickOf([...s.updateIds, ...s.contractIds, ...s.parties]);
    if (n === 'transferinstructionid') return pickOf(s.transferInstructionIds);
    if (n.includes('update_id') || n === 'updateid') return pickOf(s.updateIds);
    if (n.includes('contract_id') || n.endsWith('cid') || n.endsWith('cids')) return pickOf(s.contractIds);
    if (n.includes('template')) return pickOf(s.templateIds);
    // A package id: the package of a template the store holds (`package:Module:Entity`).
    if (n === 'package-id') return pickOf(s.templateIds.filter((id) => !id.startsWith('#')))?.split(':')[0];
    if (n.includes('synchronizer') || n === 'domain_id') return pickOf(s.synchronizerIds);
    if (n === 'member_id') return pickOf(s.memberIds);
    if (n === 'hash') return pickOf(s.externalTransactionHashes ?? []);
    if (/part(y|ies)|owner|validator|requester|sender|receiver|executor|admin|dso|provider|sv\b/.test(n))
      return pickOf(s.parties);
    return undefined;
  }

  /** A value valid for `schema`; `name` is the field's (or, for items, the list's) name. */
  valid(node: any, name = '', depth = 0): unknown {
    const schema = resolveRef(this.document, node) ?? {};
    if (schema.allOf) return this.valid(mergeAllOf(this.document, schema.allOf), name, depth);
    const branches = schema.oneOf ?? schema.anyOf;
    if (branches) return this.valid(this.rng.pick(branches), name, depth);
    if (schema.enum) return this.rng.pick(schema.enum);
    if (schema.const !== undefined) return schema.const;
    const hint = this.hinted(name, schema);
    if (hint !== undefined && matchesPattern(schema, hint)) return hint;
    switch (schema.type) {
      case 'string':
        return this.string(schema);
      case 'integer':
      case 'number': {
        const min = schema.minimum ?? 0;
        const max = schema.maximum ?? min + 100;
        return min + this.rng.int(Math.min(max - min, 100) + 1);
      }
      case 'boolean':
        return this.rng.chance(0.5);
      case 'array': {
        const min = schema.minItems ?? 0;
        const max = Math.min(schema.maxItems ?? 3, min + 3);
        const count = min + this.rng.int(max - min + 1);
        return Array.from({ length: count }, () => this.valid(schema.items ?? {}, name, depth + 1));
      }
      default:
        return this.object(schema, name, depth);
    }
  }

  private string(schema: Schema): string {
    if (schema.format === 'date-time') return '2026-01-05T00:00:00Z';
    if (schema.pattern) {
      const known = KNOWN_PATTERNS.find(([p]) => p === schema.pattern);
      if (known) return known[1]();
      if (typeof schema.example === 'string') return schema.example;
      if (schema.pattern.startsWith('^00')) return this.rng.pick(this.samples.contractIds) ?? '00aa';
      if (schema.pattern === '^[0-9a-f]+$' || schema.pattern === '^[0-9a-f]*$')
        return '1220' + 'ab'.repeat(32);
    }
    return `fuzz-${this.rng.int(1000)}`;
  }

  private object(schema: Schema, name: string, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const required = new Set<string>(schema.required ?? []);
    for (const [key, child] of Object.entries<any>(schema.properties ?? {})) {
      if (required.has(key) || (depth < 4 && this.rng.chance(0.5)))
        out[key] = this.valid(child, key, depth + 1);
    }
    const extra = schema.additionalProperties;
    if (extra && typeof extra === 'object' && depth < 4) {
      const keyFrom = /part(y|ies)/i.test(name) ? this.samples.parties : [];
      for (let i = this.rng.int(3); i > 0; i--) {
        const key = keyFrom.length > 0 ? this.rng.pick(keyFrom) : `key-${this.rng.int(100)}`;
        out[key] = this.valid(extra, key, depth + 1);
      }
    }
    return out;
  }
}

function matchesPattern(schema: Schema, value: unknown): boolean {
  if (typeof value !== 'string' || !schema.pattern) return true;
  return new RegExp(schema.pattern as string, 'u').test(value);
}

function mergeAllOf(document: OpenApiDocument, parts: any[]): Schema {
  const merged: Schema = { type: 'object', properties: {}, required: [] };
  for (const part of parts.map((p) => resolveRef(document, p))) {
    Object.assign(merged.properties, part.properties ?? {});
    merged.required.push(...(part.required ?? []));
    if (part.type && part.type !== 'object') return part;
  }
  return merged;
}
