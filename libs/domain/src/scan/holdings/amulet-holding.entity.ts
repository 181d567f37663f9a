import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Derived from Amulet and LockedAmulet contracts: who holds how much, locked or not. */
@Entity({ name: 'amulet_holdings' })
// An owner's holdings: (migration_id, owner_id, contract_row_id) INCLUDE (created_record_time, archived_record_time,
// locked, amount). Holdings state pages walk it in creation order from the page token; holdings summaries
// sum an owner's range index-only, the snapshot filter on the included times (declared in the migrations).
@Index('ix_amulet_holdings_owner_row', { synchronize: false })
export class AmuletHoldingEntity {
  @PrimaryColumn('bigint', { name: 'contract_row_id', primaryKeyConstraintName: 'pk_amulet_holdings' })
  contractRowId: string;

  /** The partition key (docs/scaling.md "Partitioned history"), hence part of the primary key. */
  @PrimaryColumn('bigint', { name: 'migration_id', primaryKeyConstraintName: 'pk_amulet_holdings' })
  migrationId: string;

  /** The owner's `parties.id` (the readers look the requested owners' names up first). */
  @Column('integer', { name: 'owner_id' })
  ownerId: number;

  @Column('numeric', { name: 'amount', precision: 38, scale: 10 })
  amount: string;

  @Column('boolean', { name: 'locked' })
  locked: boolean;

  @Column('timestamptz', { name: 'created_record_time' })
  createdRecordTime: string;

  @Column('timestamptz', { name: 'archived_record_time', nullable: true })
  archivedRecordTime: string | null;
}
