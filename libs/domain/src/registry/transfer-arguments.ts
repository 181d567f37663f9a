import {
  amount,
  AMULET_INSTRUMENT_ID,
  choiceContext,
  contractId,
  fail,
  metadata,
  object,
  party,
  text,
  time,
  MAX_ID,
} from './choice-argument-fields';

/** What the registry needs from `TransferFactory_Transfer` arguments once they are checked. */
export interface TransferArgumentsSummary {
  expectedAdmin: string;
  sender: string;
  receiver: string;
  instrument: { admin: string; id: string };
}

/**
 * Checks the `choiceArguments` of a transfer-factory request: the arguments of
 * `TransferFactory_Transfer` in the ledger JSON encoding (documented in specs/registry.yaml,
 * `TransferFactoryTransferArguments`):
 * - `expectedAdmin` party;
 * - `transfer` `{sender, receiver, amount, instrumentId: {admin, id}, requestedAt, executeBefore,
 *   inputHoldingCids, meta}`: parties, a positive decimal, times with `executeBefore` after
 *   `requestedAt`, contract ids without repeats, metadata;
 * - `extraArgs` `{context: {values: {KEY: AnyValue}}, meta: {values: {KEY: text}}}`.
 * Throws INVALID_ARGUMENT naming the first bad field by its path.
 */
export function validateTransferArguments(
  value: unknown,
  path = 'choiceArguments',
): TransferArgumentsSummary {
  const args = object(value, path);
  const expectedAdmin = party(args.expectedAdmin, `${path}.expectedAdmin`);
  const t = object(args.transfer, `${path}.transfer`);
  const at = `${path}.transfer`;
  const sender = party(t.sender, `${at}.sender`);
  const receiver = party(t.receiver, `${at}.receiver`);
  amount(t.amount, `${at}.amount`);
  const instrument = object(t.instrumentId, `${at}.instrumentId`);
  const admin = party(instrument.admin, `${at}.instrumentId.admin`);
  const id = text(instrument.id, `${at}.instrumentId.id`, { max: MAX_ID });
  const requestedAt = time(t.requestedAt, `${at}.requestedAt`);
  const executeBefore = time(t.executeBefore, `${at}.executeBefore`);
  if (Date.parse(executeBefore) <= Date.parse(requestedAt))
    fail(`${at}.executeBefore`, `must be after transfer.requestedAt (${requestedAt})`, executeBefore);
  if (t.inputHoldingCids === undefined) fail(`${at}.inputHoldingCids`, 'is required');
  if (!Array.isArray(t.inputHoldingCids))
    fail(`${at}.inputHoldingCids`, 'must be an array of contract ids', t.inputHoldingCids);
  const seen = new Map<string, number>();
  (t.inputHoldingCids as unknown[]).forEach((cid, i) => {
    const holding = contractId(cid, `${at}.inputHoldingCids[${i}]`);
    const first = seen.get(holding);
    if (first !== undefined) fail(`${at}.inputHoldingCids[${i}]`, `repeats inputHoldingCids[${first}]`);
    seen.set(holding, i);
  });
  metadata(t.meta, `${at}.meta`);
  const extra = object(args.extraArgs, `${path}.extraArgs`);
  choiceContext(extra.context, `${path}.extraArgs.context`);
  metadata(extra.meta, `${path}.extraArgs.meta`);
  return { expectedAdmin, sender, receiver, instrument: { admin, id } };
}

/**
 * Refuses a transfer this registry does not serve: `expectedAdmin` must be the DSO party and
 * the instrument `{admin: <DSO>, id: "Amulet"}` (400 naming the field).
 */
export function requireRegistryTransfer(
  summary: TransferArgumentsSummary,
  dso: string,
  path = 'choiceArguments',
): void {
  if (summary.expectedAdmin !== dso)
    fail(
      `${path}.expectedAdmin`,
      `must be the admin of this registry, the DSO party ${dso}, got ${JSON.stringify(summary.expectedAdmin)}`,
    );
  const { admin, id } = summary.instrument;
  if (admin !== dso || id !== AMULET_INSTRUMENT_ID)
    fail(
      `${path}.transfer.instrumentId`,
      `must be the instrument of this registry, {"admin": "${dso}", "id": "${AMULET_INSTRUMENT_ID}"}, ` +
        `got ${JSON.stringify({ admin, id })}`,
    );
}
