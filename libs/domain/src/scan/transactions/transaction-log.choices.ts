/**
 * The choices the amulet transaction log reads (docs/transactions.md), as Splice's scan parses
 * its transaction log. Shared by the migration that indexes them and the reader, so the partial
 * index's predicate and the query's stay the same text.
 */

/** Exercises that yield a log item: each one not nested under another of these (or a blocker). */
export const TRANSACTION_LOG_CHOICES = [
  'AmuletRules_Transfer',
  'AmuletRules_DevNet_Tap',
  'AmuletRules_Mint',
  'TransferPreapproval_Send',
  'TransferFactory_Transfer',
  'TransferInstruction_Accept',
  'TransferInstruction_Withdraw',
  'TransferInstruction_Reject',
  'AllocationFactory_Allocate',
  'Allocation_ExecuteTransfer',
] as const;

/**
 * Exercises whose subtree yields no log item although it may hold a transfer: upstream's
 * parser reads them as something else (traffic purchases, pre-approval fees, expiries, transfer
 * command bookkeeping) and does not look below them.
 */
export const TRANSACTION_LOG_BLOCKERS = [
  'AmuletRules_BuyMemberTraffic',
  'AmuletRules_CreateExternalPartySetupProposal',
  'AmuletRules_CreateTransferPreapproval',
  'TransferPreapproval_Renew',
  'Amulet_Expire',
  'LockedAmulet_ExpireAmulet',
  'LockedAmulet_Unlock',
  'LockedAmulet_UnlockV2',
  'LockedAmulet_OwnerExpireLock',
  'DsoRules_CloseVoteRequest',
  'ExternalPartyAmuletRules_CreateTransferCommand',
  'TransferCommand_Withdraw',
  'TransferCommand_Expire',
] as const;

/** `'a', 'b', ...` for an SQL IN list (constants only: never user input). */
export function sqlChoiceList(choices: readonly string[]): string {
  return choices.map((c) => `'${c}'`).join(', ');
}
