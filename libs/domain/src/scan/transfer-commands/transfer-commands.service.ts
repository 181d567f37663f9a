import type { scanApi } from '@canton-scan/contracts';
import { toContractWithState } from '../../contracts/active-contracts.repository';
import { toCompact } from '../../daml-value/compact';
import type { DamlValue } from '../../daml-value/daml-value.types';
import { notFound } from '../../errors/domain-error';
import type { TransferCommandRow, TransferCommandsRepository } from './transfer-commands.repository';

export type TransferCommandCounterLookup = scanApi.LookupTransferCommandCounterByPartyResponse;
export type TransferCommandStatusLookup = scanApi.LookupTransferCommandStatusResponse;
type Status = scanApi.TransferCommandContractStatus;

/** At most this many commands per sender and nonce, as Splice's scan answers. */
export const MAX_TRANSFER_COMMANDS = 100;

/**
 * External parties' transfer commands as Splice's scan serves them (docs/current-contracts.md
 * "Transfer commands"): the sender's current TransferCommandCounter, and each TransferCommand of a
 * sender and nonce with the status its history gives it.
 */
export class TransferCommandsService {
  constructor(private readonly repository: TransferCommandsRepository) {}

  async lookupCounter(party: string): Promise<TransferCommandCounterLookup> {
    const counter = await this.repository.lookupCounter(party);
    if (!counter) throw notFound(`No TransferCommandCounter found for party: ${party}, use 0 for the nonce`);
    return { transfer_command_counter: toContractWithState(counter) };
  }

  async lookupStatus(sender: string, nonce: number): Promise<TransferCommandStatusLookup> {
    const rows = await this.repository.listCommands(sender, String(nonce), MAX_TRANSFER_COMMANDS);
    if (rows.length === 0)
      throw notFound(`Couldn't find transfer command for sender ${sender} with nonce ${nonce}`);
    const byId: scanApi.TransferCommandMap = {};
    // A command carried over by a migration has a row per migration: its outcome is the archived one.
    for (const row of rows.sort((a, b) => Number(!!a.archivedBy) - Number(!!b.archivedBy)))
      byId[row.contract.contractId] = {
        contract: toContractWithState(row.contract).contract,
        status: statusOf(row),
      };
    return { transfer_commands_by_contract_id: byId };
  }
}

interface SendResult {
  result: { tag: string; value: { reason?: { tag: string; value: Record<string, unknown> } } };
}

/** The command's status from the exercise that archived it, as Splice's scan tx log records it. */
export function statusOf(row: TransferCommandRow): Status {
  const archivedBy = row.archivedBy;
  if (!archivedBy) return { status: 'created' };
  switch (archivedBy.choice) {
    case 'TransferCommand_Send': {
      const { result } = toCompact(archivedBy.result as DamlValue) as unknown as SendResult;
      if (result.tag === 'TransferCommandResultSuccess') return { status: 'sent' };
      return { status: 'failed', failure_kind: 'failed', reason: showReason(result.value.reason) };
    }
    case 'TransferCommand_Withdraw':
      return {
        status: 'failed',
        failure_kind: 'withdrawn',
        reason: 'The TransferCommand has been withdrawn by the sender',
      };
    case 'TransferCommand_Expire':
      return { status: 'failed', failure_kind: 'expired', reason: 'The TransferCommand has expired' };
    default:
      return { status: 'failed', failure_kind: 'failed', reason: `archived by ${archivedBy.choice}` };
  }
}

/** An InvalidTransferReason as `Constructor(field values)`. */
function showReason(reason: { tag: string; value: Record<string, unknown> } | undefined): string {
  if (!reason) return 'unknown';
  return `${reason.tag}(${Object.values(reason.value ?? {})
    .map(String)
    .join(', ')})`;
}
