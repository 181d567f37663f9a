import type { DamlValue } from '@canton-scan/domain';

type DamlRecordField = NonNullable<Extract<DamlValue, { record: unknown }>['record']['fields']>[number];
import { SPLICE_TEMPLATES, SPLICE_TYPES, type SpliceFields } from './splice-daml-facts';

/** A type in the notation of `splice-daml-facts.ts`, parsed. */
export type DamlTypeExpr =
  | { readonly kind: 'builtin'; readonly name: string }
  | { readonly kind: 'optional'; readonly of: DamlTypeExpr }
  | { readonly kind: 'list'; readonly of: DamlTypeExpr }
  | { readonly kind: 'map'; readonly key: DamlTypeExpr; readonly value: DamlTypeExpr }
  | { readonly kind: 'textMap'; readonly value: DamlTypeExpr }
  | { readonly kind: 'set'; readonly of: DamlTypeExpr }
  | { readonly kind: 'tuple'; readonly elements: readonly DamlTypeExpr[] }
  | { readonly kind: 'param'; readonly name: string }
  | { readonly kind: 'named'; readonly name: string; readonly args: readonly DamlTypeExpr[] };

const BUILTINS = new Set([
  'Party',
  'Text',
  'Decimal',
  'Int',
  'Bool',
  'Time',
  'Date',
  'ContractId',
  'Unit',
  'RelTime',
]);
const parsed = new Map<string, DamlTypeExpr>();

/** Parses a type of the facts' notation (`Optional [Splice.Types:Round]`, `Map Party Splice.AmuletRules:BalanceChange`). */
export function parseDamlType(text: string): DamlTypeExpr {
  const cached = parsed.get(text);
  if (cached) return cached;
  const tokens = text.match(/\(|\)|\[|\]|,|[^\s()[\],]+/g) ?? [];
  let pos = 0;
  const application = (): DamlTypeExpr => {
    const items: DamlTypeExpr[] = [];
    while (pos < tokens.length && ![')', ']', ','].includes(tokens[pos])) items.push(atom());
    if (items.length === 0) throw new Error(`empty type in "${text}"`);
    const [head, ...args] = items;
    if (args.length === 0) return head;
    if (head.kind === 'builtin' && head.name === 'Optional') return { kind: 'optional', of: args[0] };
    if (head.kind === 'builtin' && head.name === 'Map') return { kind: 'map', key: args[0], value: args[1] };
    if (head.kind === 'builtin' && head.name === 'TextMap') return { kind: 'textMap', value: args[0] };
    if (head.kind === 'builtin' && head.name === 'Set') return { kind: 'set', of: args[0] };
    if (head.kind === 'named') return { kind: 'named', name: head.name, args };
    throw new Error(`cannot apply ${JSON.stringify(head)} in "${text}"`);
  };
  const atom = (): DamlTypeExpr => {
    const token = tokens[pos++];
    if (token === '(') {
      const elements = [application()];
      while (tokens[pos] === ',') {
        pos++;
        elements.push(application());
      }
      if (tokens[pos++] !== ')') throw new Error(`unbalanced ( in "${text}"`);
      return elements.length === 1 ? elements[0] : { kind: 'tuple', elements };
    }
    if (token === '[') {
      const of = application();
      if (tokens[pos++] !== ']') throw new Error(`unbalanced [ in "${text}"`);
      return { kind: 'list', of };
    }
    if (BUILTINS.has(token) || ['Optional', 'Map', 'TextMap', 'Set'].includes(token))
      return { kind: 'builtin', name: token };
    if (/^[a-z]/.test(token)) return { kind: 'param', name: token };
    return { kind: 'named', name: token, args: [] };
  };
  const type = application();
  if (pos !== tokens.length) throw new Error(`trailing tokens in "${text}"`);
  parsed.set(text, type);
  return type;
}

type Env = ReadonlyMap<string, DamlTypeExpr>;
const NO_PARAMS: Env = new Map();

/**
 * The problems of `value` (the lossless encoding) as a value of `type`, each `path: what`: a
 * field Splice's Daml does not have, a field it has missing (only Optional fields may be left
 * out), a value of another kind, a constructor the variant or enum does not have. List elements
 * are `[]` in the path, map keys and values `{key}` and `{value}`, so that one problem repeated
 * over many elements reads the same.
 */
export function damlTypeProblems(value: DamlValue, type: string | DamlTypeExpr, path: string): string[] {
  const problems: string[] = [];
  check(value, typeof type === 'string' ? parseDamlType(type) : type, path, NO_PARAMS, problems);
  return problems;
}

/** The problems of a record value against a field list (a template payload, a choice argument). */
export function damlFieldsProblems(value: DamlValue, fields: SpliceFields, path: string): string[] {
  const problems: string[] = [];
  checkRecord(value, fields, path, NO_PARAMS, problems);
  return problems;
}

function kindOf(value: DamlValue): string {
  return Object.keys(value)[0] ?? 'nothing';
}

function check(value: DamlValue, type: DamlTypeExpr, path: string, env: Env, problems: string[]): void {
  const expect = (kind: string): boolean => {
    if (kindOf(value) === kind) return true;
    problems.push(`${path}: expected ${describe(type)}, got ${kindOf(value)}`);
    return false;
  };
  switch (type.kind) {
    case 'param': {
      const bound = env.get(type.name);
      if (bound) check(value, bound, path, NO_PARAMS, problems);
      return;
    }
    case 'builtin':
      switch (type.name) {
        case 'Party':
          expect('party');
          return;
        case 'Text':
          expect('text');
          return;
        case 'Decimal':
          expect('numeric');
          return;
        case 'Int':
          expect('int64');
          return;
        case 'Bool':
          expect('bool');
          return;
        case 'Time':
          expect('timestamp');
          return;
        case 'Date':
          expect('date');
          return;
        case 'ContractId':
          expect('contractId');
          return;
        case 'Unit':
          expect('unit');
          return;
        case 'RelTime':
          checkRecord(value, { microseconds: 'Int' }, path, NO_PARAMS, problems);
          return;
        default:
          problems.push(`${path}: ${type.name} needs type arguments`);
          return;
      }
    case 'optional':
      if (expect('optional') && 'optional' in value && value.optional.value !== undefined)
        check(value.optional.value, type.of, path, env, problems);
      return;
    case 'list':
      if (expect('list') && 'list' in value)
        for (const element of value.list.elements ?? []) check(element, type.of, `${path}[]`, env, problems);
      return;
    case 'map':
      if (expect('genMap') && 'genMap' in value)
        for (const entry of value.genMap.entries ?? []) {
          check(entry.key, type.key, `${path}{key}`, env, problems);
          check(entry.value, type.value, `${path}{value}`, env, problems);
        }
      return;
    case 'textMap':
      if (expect('textMap') && 'textMap' in value)
        for (const entry of value.textMap.entries ?? [])
          check(entry.value, type.value, `${path}{value}`, env, problems);
      return;
    case 'set':
      // DA.Set.Set is the record `{ map : Map a () }`.
      checkRecordWith(
        value,
        [['map', { kind: 'map', key: type.of, value: { kind: 'builtin', name: 'Unit' } }]],
        path,
        problems,
      );
      return;
    case 'tuple':
      checkRecordWith(
        value,
        type.elements.map((element, i) => [`_${i + 1}`, substitute(element, env)]),
        path,
        problems,
      );
      return;
    case 'named':
      checkNamed(value, type, path, env, problems);
      return;
  }
}

function checkNamed(
  value: DamlValue,
  type: Extract<DamlTypeExpr, { kind: 'named' }>,
  path: string,
  env: Env,
  problems: string[],
): void {
  const args = type.args.map((arg) => substitute(arg, env));
  const template = SPLICE_TEMPLATES[type.name];
  if (template) {
    checkRecord(value, template, path, NO_PARAMS, problems);
    return;
  }
  const facts = SPLICE_TYPES[type.name];
  if (!facts) {
    problems.push(`${path}: ${type.name} is not described in splice-daml-facts.ts`);
    return;
  }
  const bind = (params: readonly string[]): Env =>
    new Map(params.map((p, i) => [p, args[i] ?? { kind: 'param', name: p }]));
  switch (facts.kind) {
    case 'record':
      checkRecord(value, facts.fields, path, bind(facts.params), problems);
      return;
    case 'synonym':
      check(value, parseDamlType(facts.type), path, bind(facts.params), problems);
      return;
    case 'enum':
      if (!('enum' in value)) {
        problems.push(`${path}: expected the enum ${type.name} (a constructor name), got ${kindOf(value)}`);
        return;
      }
      if (!facts.constructors.includes(value.enum.constructor))
        problems.push(`${path}: ${value.enum.constructor} is not a constructor of ${type.name}`);
      return;
    case 'variant': {
      if (!('variant' in value)) {
        problems.push(`${path}: expected the variant ${type.name}, got ${kindOf(value)}`);
        return;
      }
      const payload = facts.constructors[value.variant.constructor];
      const at = `${path}<${value.variant.constructor}>`;
      if (payload === undefined)
        problems.push(`${path}: ${value.variant.constructor} is not a constructor of ${type.name}`);
      else if (typeof payload === 'string')
        check(value.variant.value, parseDamlType(payload), at, bind(facts.params), problems);
      else checkRecord(value.variant.value, payload.fields, at, bind(facts.params), problems);
      return;
    }
  }
}

function checkRecord(
  value: DamlValue,
  fields: SpliceFields,
  path: string,
  env: Env,
  problems: string[],
): void {
  checkRecordWith(
    value,
    Object.entries(fields).map(([name, type]) => [name, substitute(parseDamlType(type), env)]),
    path,
    problems,
  );
}

function checkRecordWith(
  value: DamlValue,
  fields: readonly (readonly [string, DamlTypeExpr])[],
  path: string,
  problems: string[],
): void {
  if (!('record' in value)) {
    problems.push(`${path}: expected a record, got ${kindOf(value)}`);
    return;
  }
  const given = new Map<string, DamlRecordField>();
  for (const field of value.record.fields ?? []) {
    if (field.label === undefined) {
      problems.push(`${path}: a field without a label`);
      return;
    }
    given.set(field.label, field);
  }
  const known = new Set(fields.map(([name]) => name));
  for (const label of given.keys())
    if (!known.has(label)) problems.push(`${path}.${label}: not a field in Splice's Daml`);
  for (const [name, type] of fields) {
    const field = given.get(name);
    if (field) check(field.value, type, `${path}.${name}`, NO_PARAMS, problems);
    else if (type.kind !== 'optional')
      problems.push(`${path}.${name}: missing (not Optional in Splice's Daml)`);
  }
}

/** Replaces the type parameters bound in `env`, so a field's type no longer depends on its record's arguments. */
function substitute(type: DamlTypeExpr, env: Env): DamlTypeExpr {
  if (env.size === 0) return type;
  switch (type.kind) {
    case 'param':
      return env.get(type.name) ?? type;
    case 'builtin':
      return type;
    case 'optional':
    case 'list':
    case 'set':
      return { ...type, of: substitute(type.of, env) };
    case 'map':
      return { kind: 'map', key: substitute(type.key, env), value: substitute(type.value, env) };
    case 'textMap':
      return { kind: 'textMap', value: substitute(type.value, env) };
    case 'tuple':
      return { kind: 'tuple', elements: type.elements.map((e) => substitute(e, env)) };
    case 'named':
      return { kind: 'named', name: type.name, args: type.args.map((a) => substitute(a, env)) };
  }
}

function describe(type: DamlTypeExpr): string {
  switch (type.kind) {
    case 'builtin':
    case 'param':
    case 'named':
      return type.name;
    case 'optional':
      return `Optional ${describe(type.of)}`;
    case 'list':
      return `[${describe(type.of)}]`;
    case 'map':
      return `Map ${describe(type.key)} ${describe(type.value)}`;
    case 'textMap':
      return `TextMap ${describe(type.value)}`;
    case 'set':
      return `Set ${describe(type.of)}`;
    case 'tuple':
      return `(${type.elements.map(describe).join(', ')})`;
  }
}
