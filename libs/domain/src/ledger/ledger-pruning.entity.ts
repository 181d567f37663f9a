import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** The ledger node's pruning offsets (a single row once the ledger has been pruned). */
@Entity({ name: 'ledger_pruning' })
@Check('ck_ledger_pruning_singleton', `"id" = 1`)
@Check(
  'ck_ledger_pruning_divulged',
  `"all_divulged_contracts_pruned_up_to_inclusive" <= "participant_pruned_up_to_inclusive"`,
)
export class LedgerPruningEntity {
  @PrimaryColumn('smallint', { name: 'id', primaryKeyConstraintName: 'pk_ledger_pruning' })
  id: number;

  @Column('bigint', { name: 'participant_pruned_up_to_inclusive' })
  participantPrunedUpToInclusive: string;

  @Column('bigint', { name: 'all_divulged_contracts_pruned_up_to_inclusive' })
  allDivulgedContractsPrunedUpToInclusive: string;

  @Column('timestamptz', { name: 'pruned_at', default: () => 'now()' })
  prunedAt: string;
}
