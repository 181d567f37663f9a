import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Derived from Amulet and LockedAmulet contracts: who holds how much, locked or not. */
@Entity({ name: 'amulet_holdings' })
// Holdings of an owner at a snapshot: (migration_id, owner, created_record_time) INCLUDE (archived_record_time,
// locked, amount), an index-only scan for holdings summaries (declared in the migrations).
@Index('ix_amulet_holdings_owner', { synchronize: false })
// Holdings state pages: (migration_id, owner, contract_row_id) INCLUDE (created_record_time, archived_record_time),
// each owner's holdings in creation order from the page token (declared in the migrations).
@Index('ix_amulet_holdings_owner_row', { synchronize: false })
export class AmuletHoldingEntity {
  @PrimaryColumn('bigint', { name: 'contract_row_id', primaryKeyConstraintName: 'pk_amulet_holdings' })
  contractRowId: string;

  /** The partition key (docs/scaling.md "Partitioned history"), hence part of the primary key. */
  @PrimaryColumn('bigint', { name: 'migration_id', primaryKeyConstraintName: 'pk_amulet_holdings' })
  migrationId: string;

  @Column('text', { name: 'owner' })
  owner: string;

  @Column('numeric', { name: 'amount', precision: 38, scale: 10 })
  amount: string;

  @Column('boolean', { name: 'locked' })
  locked: boolean;

  @Column('timestamptz', { name: 'created_record_time' })
  createdRecordTime: string;

  @Column('timestamptz', { name: 'archived_record_time', nullable: true })
  archivedRecordTime: string | null;
}
