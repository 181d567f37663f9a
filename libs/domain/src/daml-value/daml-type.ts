import { dateDaysOf, plainDecimalText, timestampMicrosOf } from './daml-scalars';
import { V } from './daml-value.builders';
import type { DamlValue } from './daml-value.types';

/**
 * Daml types as data. A compact JSON value does not say which strings are parties, decimals or
 * contract ids; a type does, so `fromCompact(type, json)` can rebuild the lossless value, and
 * `CompactOf<typeof type>` gives the TypeScript shape of the compact JSON.
 */
export type DamlType =
  | ScalarType
  | UnitType
  | ListType
  | OptionalType
  | TextMapType
  | GenMapType
  | RecordType
  | VariantType
  | EnumType;

export type ScalarKind =
  'party' | 'text' | 'numeric' | 'int64' | 'contractId' | 'timestamp' | 'date' | 'bool';

export interface ScalarType<K extends ScalarKind = ScalarKind> {
  readonly kind: K;
}
export interface UnitType {
  readonly kind: 'unit';
}
export interface ListType<E extends DamlType = DamlType> {
  readonly kind: 'list';
  readonly element: E;
}
export interface OptionalType<E extends DamlType = DamlType> {
  readonly kind: 'optional';
  readonly element: E;
}
export interface TextMapType<E extends DamlType = DamlType> {
  readonly kind: 'textMap';
  readonly value: E;
}
export interface GenMapType<K extends DamlType = DamlType, E extends DamlType = DamlType> {
  readonly kind: 'genMap';
  readonly key: K;
  readonly value: E;
}
export interface RecordType<
  F extends Readonly<Record<string, DamlType>> = Readonly<Record<string, DamlType>>,
> {
  readonly kind: 'record';
  readonly fields: F;
}
export interface VariantType<
  C extends Readonly<Record<string, DamlType>> = Readonly<Record<string, DamlType>>,
> {
  readonly kind: 'variant';
  readonly constructors: C;
}
export interface EnumType<C extends string = string> {
  readonly kind: 'enum';
  readonly constructors: readonly C[];
}

/** The compact JSON shape of a value of type `T`. */
export type CompactOf<T extends DamlType> =
  T extends ScalarType<'bool'>
    ? boolean
    : T extends ScalarType
      ? string
      : T extends UnitType
        ? Record<string, never>
        : T extends ListType<infer E>
          ? CompactOf<E>[]
          : T extends OptionalType<infer E>
            ? CompactSome<E> | null
            : T extends TextMapType<infer E>
              ? Record<string, CompactOf<E>>
              : T extends GenMapType<infer K, infer E>
                ? [CompactOf<K>, CompactOf<E>][]
                : T extends RecordType<infer F>
                  ? { [L in keyof F]: CompactOf<F[L]> }
                  : T extends VariantType<infer C>
                    ? { [K in keyof C & string]: { tag: K; value: CompactOf<C[K]> } }[keyof C & string]
                    : T extends EnumType<infer C>
                      ? C
                      : never;

type CompactSome<E extends DamlType> = E extends OptionalType<infer I> ? [] | [CompactSome<I>] : CompactOf<E>;

const scalar = <K extends ScalarKind>(kind: K): ScalarType<K> => ({ kind });

/** Constructors of Daml types, named after the Daml-LF types they describe. */
export const T = {
  party: scalar('party'),
  text: scalar('text'),
  numeric: scalar('numeric'),
  int64: scalar('int64'),
  contractId: scalar('contractId'),
  timestamp: scalar('timestamp'),
  date: scalar('date'),
  bool: scalar('bool'),
  unit: { kind: 'unit' } as UnitType,
  list: <E extends DamlType>(element: E): ListType<E> => ({ kind: 'list', element }),
  optional: <E extends DamlType>(element: E): OptionalType<E> => ({ kind: 'optional', element }),
  textMap: <E extends DamlType>(value: E): TextMapType<E> => ({ kind: 'textMap', value }),
  genMap: <K extends DamlType, E extends DamlType>(key: K, value: E): GenMapType<K, E> => ({
    kind: 'genMap',
    key,
    value,
  }),
  /** Field order is the order of the object literal, which is the Daml declaration order. */
  record: <F extends Readonly<Record<string, DamlType>>>(fields: F): RecordType<F> => ({
    kind: 'record',
    fields,
  }),
  variant: <C extends Readonly<Record<string, DamlType>>>(constructors: C): VariantType<C> => ({
    kind: 'variant',
    constructors,
  }),
  enum: <const C extends string>(...constructors: C[]): EnumType<C> => ({ kind: 'enum', constructors }),
  /** `DA.Types.Tuple2 a b`: a record with fields `_1` and `_2`. */
  tuple2: <A extends DamlType, B extends DamlType>(first: A, second: B): RecordType<{ _1: A; _2: B }> => ({
    kind: 'record',
    fields: { _1: first, _2: second },
  }),
  /** `DA.Set.Set k`: a record holding a map to unit. */
  set: <K extends DamlType>(key: K): RecordType<{ map: GenMapType<K, UnitType> }> => ({
    kind: 'record',
    fields: { map: { kind: 'genMap', key, value: { kind: 'unit' } } },
  }),
} as const;

/**
 * Rebuilds the lossless value of a compact JSON value of type `type`, checking the shape on the
 * way; an Error names the path of the first value that does not fit. Numerics may come in either
 * compact form (`"0E-10"` or `"0.0000000000"`); the lossless one is the ledger's plain text.
 */
export function fromCompact(type: DamlType, compact: unknown, path = '$'): DamlValue {
  switch (type.kind) {
    case 'party':
    case 'text':
    case 'int64':
    case 'contractId': {
      if (typeof compact !== 'string') fail(path, `expected ${type.kind} text`);
      return { [type.kind]: compact } as DamlValue;
    }
    case 'numeric': {
      const plain = typeof compact === 'string' ? plainDecimalText(compact) : undefined;
      if (plain === undefined) fail(path, 'expected numeric text');
      return { numeric: plain };
    }
    case 'timestamp': {
      const micros = typeof compact === 'string' ? timestampMicrosOf(compact) : undefined;
      if (micros === undefined) fail(path, 'expected an ISO-8601 timestamp');
      return { timestamp: micros };
    }
    case 'date': {
      const days = typeof compact === 'string' ? dateDaysOf(compact) : undefined;
      if (days === undefined) fail(path, 'expected a YYYY-MM-DD date');
      return { date: days };
    }
    case 'bool':
      if (typeof compact !== 'boolean') fail(path, 'expected a boolean');
      return { bool: compact };
    case 'unit':
      if (!isObject(compact) || Object.keys(compact).length !== 0) fail(path, 'expected {}');
      return { unit: {} };
    case 'list':
      if (!Array.isArray(compact)) fail(path, 'expected an array');
      return V.list(
        compact.map((item: unknown, i: number) => fromCompact(type.element, item, `${path}[${i}]`)),
      );
    case 'optional':
      return V.optional(compact === null ? null : someFromCompact(type.element, compact, path));
    case 'textMap':
      if (!isObject(compact)) fail(path, 'expected an object');
      return V.textMap(
        Object.entries(compact).map(
          ([key, value]) => [key, fromCompact(type.value, value, `${path}[${JSON.stringify(key)}]`)] as const,
        ),
      );
    case 'genMap':
      if (!Array.isArray(compact)) fail(path, 'expected an array of [key, value] pairs');
      return V.genMap(
        compact.map((pair: unknown, i: number) => {
          if (!Array.isArray(pair) || pair.length !== 2)
            fail(`${path}[${i}]`, 'expected a [key, value] pair');
          return [
            fromCompact(type.key, pair[0], `${path}[${i}][0]`),
            fromCompact(type.value, pair[1], `${path}[${i}][1]`),
          ] as const;
        }),
      );
    case 'record': {
      if (!isObject(compact)) fail(path, 'expected a record object');
      for (const label of Object.keys(compact)) {
        if (!(label in type.fields)) fail(`${path}.${label}`, 'unknown record field');
      }
      return V.recordOf(
        Object.entries(type.fields).map(([label, fieldType]) => {
          if (!(label in compact)) fail(`${path}.${label}`, 'missing record field');
          return [label, fromCompact(fieldType, compact[label], `${path}.${label}`)] as const;
        }),
      );
    }
    case 'variant': {
      if (!isObject(compact) || typeof compact.tag !== 'string') fail(path, 'expected {tag, value}');
      const valueType = Object.hasOwn(type.constructors, compact.tag)
        ? type.constructors[compact.tag]
        : undefined;
      if (!valueType) fail(`${path}.tag`, `unknown constructor ${compact.tag}`);
      const value = fromCompact(valueType, compact.value ?? {}, `${path}.${compact.tag}`);
      return V.variant(compact.tag, value);
    }
    case 'enum':
      if (typeof compact !== 'string' || !type.constructors.includes(compact))
        fail(path, 'unknown enum constructor');
      return V.enum(compact);
  }
}

function someFromCompact(element: DamlType, compact: unknown, path: string): DamlValue {
  if (element.kind !== 'optional') return fromCompact(element, compact, path);
  if (!Array.isArray(compact) || compact.length > 1) fail(path, 'nested optional must be [] or [value]');
  return V.optional(compact.length === 0 ? null : someFromCompact(element.element, compact[0], `${path}[0]`));
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function fail(path: string, problem: string): never {
  throw new Error(`${path}: ${problem}`);
}
