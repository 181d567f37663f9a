import {
  amount,
  AMULET_INSTRUMENT_ID,
  choiceContext,
  contractId,
  fail,
  key,
  MAX_ID,
  metadata,
  object,
  optionalContractId,
  party,
  text,
  time,
  type Json,
} from './choice-argument-fields';

export { AMULET_INSTRUMENT_ID };

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
