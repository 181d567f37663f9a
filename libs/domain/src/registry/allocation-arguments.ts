import { invalidArgument } from '../errors/domain-error';

/**
 * Checks the `choiceArguments` of an allocation-factory request: the arguments of
 * `AllocationFactory_Allocate` in the ledger JSON encoding. The registry validates them itself
 * (the request schema only says "object") so that a 400 can name the offending field by its
 * path, e.g. `choiceArguments.allocation.transferLegs["leg-7"].sender`.
 *
 * Shape (documented in specs/registry.yaml, `AllocationFactoryAllocateArguments`):
 * - `expectedAdmin` party, `requestedAt` time, `inputHoldingCids` contract ids (no repeats),
 *   `extraArgs` `{context: {values: {KEY: AnyValue}}, meta: {values: {KEY: text}}}`;
 * - `allocation.settlement` `{executor, settlementRef: {id, cid?}, requestedAt, allocateBefore,
 *   settleBefore, meta}`;
 * - the legs, in one of two forms:
 *   - one leg (token standard v1): `allocation.transferLegId` + `allocation.transferLeg`;
 *   - several legs (newest registry spec): `allocation.transferLegs`, a map (Daml `TextMap`)
 *     from transfer-leg id to leg, at least 1 and at most `maxLegs` entries.
 * - a leg is `{sender, receiver, amount, instrumentId: {admin, id}, meta}`; `sender` and
 *   `receiver` are a party id or an account `{owner, provider?, id?}` (owner and optional
 *   provider parties, optional account id text), so one party may hold several accounts.
 */
export interface AllocateArgumentsSummary {
  legs: number;
  /** Distinct accounts (owner, provider, id) sending or receiving. */
  accounts: number;
  /** Distinct parties anywhere in the arguments (accounts, instrument admins, executor, admin). */
  parties: number;
  /** Distinct instruments (admin, id). */
  instruments: number;
  /** The `expectedAdmin` party. */
  expectedAdmin: string;
  /** Each leg's instrument, with the path of the leg (e.g. `choiceArguments.allocation.transferLegs["leg-7"]`). */
  legInstruments: LegInstrument[];
}

export interface LegInstrument {
  path: string;
  admin: string;
  id: string;
}

const PARTY = /^[^:\s]+::[0-9a-f]+$/;
const CONTRACT_ID = /^00[0-9a-f]+$/;
const DECIMAL = /^\d{1,28}(\.\d{1,10})?$/;
const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const MAX_TEXT = 4096;
/** The instrument id of Amulet, administered by the DSO party. */
export const AMULET_INSTRUMENT_ID = 'Amulet';
const MAX_ID = 255;

type Json = Record<string, unknown>;

const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};
function fail(path: string, problem: string, value?: unknown): never {
  throw invalidArgument(`${path} ${problem}${value === undefined ? '' : `, got ${show(value)}`}`, {
    field: path,
  });
}
const key = (path: string, name: string) =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;

function object(value: unknown, path: string): Json {
  if (value === undefined) fail(path, 'is required');
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    fail(path, 'must be an object', value);
  return value as Json;
}

function text(value: unknown, path: string, { nonEmpty = true, max = MAX_TEXT } = {}): string {
  if (value === undefined) fail(path, 'is required');
  if (typeof value !== 'string') fail(path, 'must be a string', value);
  const s = value as string;
  if (nonEmpty && s.length === 0) fail(path, 'must not be empty');
  if (s.length > max) fail(path, `must be at most ${max} characters long`);
  return s;
}

function party(value: unknown, path: string): string {
  const s = text(value, path, { max: MAX_ID });
  if (!PARTY.test(s)) fail(path, 'must be a party id (HINT::FINGERPRINT)', s);
  return s;
}

function contractId(value: unknown, path: string): string {
  const s = text(value, path, { max: 1024 });
  if (!CONTRACT_ID.test(s)) fail(path, 'must be a contract id (lower-case hex starting with 00)', s);
  return s;
}

function time(value: unknown, path: string): string {
  const s = text(value, path, { max: 64 });
  const m = TIME.exec(s);
  const [mo, d, h, mi, sec] = m ? m.slice(2, 7).map(Number) : [];
  if (!m || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 59) {
    fail(path, 'must be an ISO-8601 time with a time zone (e.g. 2026-01-05T10:00:00.000000Z)', s);
  }
  return s;
}

function amount(value: unknown, path: string): string {
  const s = text(value, path, { max: 64 });
  if (!DECIMAL.test(s))
    fail(path, 'must be a decimal string with at most 28 integer and 10 fractional digits', s);
  if (!/[1-9]/.test(s)) fail(path, 'must be positive', s);
  return s;
}

function metadata(value: unknown, path: string): void {
  const values = object(object(value, path).values, `${path}.values`);
  for (const [k, v] of Object.entries(values)) {
    if (k.length === 0) fail(`${path}.values`, 'must not have an empty key');
    text(v, key(`${path}.values`, k), { nonEmpty: false });
  }
}

/** `Splice.Api.Token.MetadataV1:ChoiceContext`: `{values: {KEY: AnyValue}}`, AnyValue a tagged variant. */
function choiceContext(value: unknown, path: string): void {
  const values = object(object(value, path).values, `${path}.values`);
  for (const [k, v] of Object.entries(values)) {
    const entry = object(v, key(`${path}.values`, k));
    text(entry.tag, `${key(`${path}.values`, k)}.tag`, { max: 64 });
  }
}

/** Ledger JSON `Optional ContractId`: absent, null or a contract id. */
function optionalContractId(value: unknown, path: string): void {
  if (value !== undefined && value !== null) contractId(value, path);
}

class Tally {
  readonly accounts = new Set<string>();
  readonly parties = new Set<string>();
  readonly instruments = new Set<string>();
  readonly legInstruments: LegInstrument[] = [];
}

/** A sender or receiver: a party id, or an account `{owner, provider?, id?}`. */
function account(value: unknown, path: string, tally: Tally): void {
  if (typeof value === 'string') {
    tally.parties.add(party(value, path));
    tally.accounts.add(JSON.stringify([value, null, '']));
    return;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    fail(path, 'must be a party id or an account {owner, provider?, id?}', value);
  }
  const a = value as Json;
  const owner = party(a.owner, `${path}.owner`);
  const provider =
    a.provider === undefined || a.provider === null ? null : party(a.provider, `${path}.provider`);
  const id = a.id === undefined ? '' : text(a.id, `${path}.id`, { nonEmpty: false, max: MAX_ID });
  tally.parties.add(owner);
  if (provider) tally.parties.add(provider);
  tally.accounts.add(JSON.stringify([owner, provider, id]));
}

function transferLeg(value: unknown, path: string, tally: Tally): void {
  const leg = object(value, path);
  account(leg.sender, `${path}.sender`, tally);
  account(leg.receiver, `${path}.receiver`, tally);
  amount(leg.amount, `${path}.amount`);
  const instrument = object(leg.instrumentId, `${path}.instrumentId`);
  const admin = party(instrument.admin, `${path}.instrumentId.admin`);
  const id = text(instrument.id, `${path}.instrumentId.id`, { max: MAX_ID });
  tally.parties.add(admin);
  tally.instruments.add(JSON.stringify([admin, id]));
  tally.legInstruments.push({ path, admin, id });
  metadata(leg.meta, `${path}.meta`);
}

function settlement(value: unknown, path: string, tally: Tally): void {
  const s = object(value, path);
  tally.parties.add(party(s.executor, `${path}.executor`));
  const ref = object(s.settlementRef, `${path}.settlementRef`);
  text(ref.id, `${path}.settlementRef.id`, { max: MAX_ID });
  optionalContractId(ref.cid, `${path}.settlementRef.cid`);
  time(s.requestedAt, `${path}.requestedAt`);
  time(s.allocateBefore, `${path}.allocateBefore`);
  time(s.settleBefore, `${path}.settleBefore`);
  metadata(s.meta, `${path}.meta`);
}

function legs(allocation: Json, path: string, maxLegs: number, tally: Tally): number {
  const single = allocation.transferLeg !== undefined || allocation.transferLegId !== undefined;
  const multi = allocation.transferLegs !== undefined;
  if (single && multi) {
    fail(
      path,
      'must give either transferLegId and transferLeg (one leg) or transferLegs (several legs), not both',
    );
  }
  if (!single && !multi)
    fail(`${path}.transferLegs`, 'is required (or transferLegId and transferLeg for a single leg)');
  if (single) {
    text(allocation.transferLegId, `${path}.transferLegId`, { max: MAX_ID });
    transferLeg(allocation.transferLeg, `${path}.transferLeg`, tally);
    return 1;
  }
  const map = object(allocation.transferLegs, `${path}.transferLegs`);
  const ids = Object.keys(map);
  if (ids.length === 0) fail(`${path}.transferLegs`, 'must hold at least one leg');
  if (ids.length > maxLegs) {
    fail(
      `${path}.transferLegs`,
      `holds ${ids.length} legs, more than this registry accepts per allocation (${maxLegs}, REGISTRY_MAX_TRANSFER_LEGS)`,
    );
  }
  for (const id of ids) {
    if (id.length > MAX_ID) fail(`${path}.transferLegs`, `has a leg id longer than ${MAX_ID} characters`);
    if (id.trim().length === 0) fail(`${path}.transferLegs`, 'has an empty leg id');
    transferLeg(map[id], key(`${path}.transferLegs`, id), tally);
  }
  return ids.length;
}

/** Validates `AllocationFactory_Allocate` arguments; throws INVALID_ARGUMENT naming the first bad field. */
export function validateAllocateArguments(
  value: unknown,
  maxLegs: number,
  path = 'choiceArguments',
): AllocateArgumentsSummary {
  const args = object(value, path);
  const tally = new Tally();
  const expectedAdmin = party(args.expectedAdmin, `${path}.expectedAdmin`);
  tally.parties.add(expectedAdmin);
  const allocation = object(args.allocation, `${path}.allocation`);
  settlement(allocation.settlement, `${path}.allocation.settlement`, tally);
  const legCount = legs(allocation, `${path}.allocation`, maxLegs, tally);
  time(args.requestedAt, `${path}.requestedAt`);
  if (args.inputHoldingCids === undefined) fail(`${path}.inputHoldingCids`, 'is required');
  if (!Array.isArray(args.inputHoldingCids))
    fail(`${path}.inputHoldingCids`, 'must be an array of contract ids', args.inputHoldingCids);
  const seen = new Map<string, number>();
  (args.inputHoldingCids as unknown[]).forEach((cid, i) => {
    const id = contractId(cid, `${path}.inputHoldingCids[${i}]`);
    const first = seen.get(id);
    if (first !== undefined) fail(`${path}.inputHoldingCids[${i}]`, `repeats inputHoldingCids[${first}]`);
    seen.set(id, i);
  });
  const extra = object(args.extraArgs, `${path}.extraArgs`);
  choiceContext(extra.context, `${path}.extraArgs.context`);
  metadata(extra.meta, `${path}.extraArgs.meta`);
  return {
    legs: legCount,
    accounts: tally.accounts.size,
    parties: tally.parties.size,
    instruments: tally.instruments.size,
    expectedAdmin,
    legInstruments: tally.legInstruments,
  };
}

/**
 * Refuses an allocation this registry does not serve (docs/token-registry.md "Admin and
 * instrument"): `expectedAdmin` must be the registry admin, the DSO party, and every leg's
 * instrument the one it administers, `{admin: <DSO>, id: "Amulet"}`. A 400 names the field, or
 * the leg whose instrument is foreign.
 */
export function requireRegistryInstrument(
  summary: AllocateArgumentsSummary,
  dso: string,
  path = 'choiceArguments',
): void {
  if (summary.expectedAdmin !== dso)
    fail(
      `${path}.expectedAdmin`,
      `must be the admin of this registry, the DSO party ${dso}, got ${JSON.stringify(summary.expectedAdmin)}`,
    );
  for (const leg of summary.legInstruments) {
    if (leg.admin !== dso || leg.id !== AMULET_INSTRUMENT_ID)
      fail(
        `${leg.path}.instrumentId`,
        `must be the instrument of this registry, {"admin": "${dso}", "id": "${AMULET_INSTRUMENT_ID}"}, ` +
          `got ${JSON.stringify({ admin: leg.admin, id: leg.id })}`,
      );
  }
}
