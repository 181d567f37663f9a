import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { ContractEntity } from '../contracts/contract.entity';

/** Derived from Amulet and LockedAmulet contracts: who holds how much, locked or not. */
@Entity({ name: 'amulet_holdings' })
@Index('ix_amulet_holdings_owner', ['migrationId', 'owner', 'createdRecordTime'])
@ForeignKey(() => ContractEntity, ['contractRowId'], ['rowId'], { name: 'fk_amulet_holdings_contract', onDelete: 'CASCADE' })
export class AmuletHoldingEntity {
  @PrimaryColumn('bigint', { name: 'contract_row_id', primaryKeyConstraintName: 'pk_amulet_holdings' })
  contractRowId: string;

  @Column('bigint', { name: 'migration_id' })
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
