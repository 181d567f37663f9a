import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Derived from ValidatorLicense contracts: a validator's onboarding and faucet state. */
@Entity({ name: 'validator_licenses' })
@Index('ix_validator_licenses_validator', ['validator', 'migrationId'])
export class ValidatorLicenseEntity {
  @PrimaryColumn('bigint', { name: 'contract_row_id', primaryKeyConstraintName: 'pk_validator_licenses' })
  contractRowId: string;

  @Column('bigint', { name: 'migration_id' })
  migrationId: string;

  @Column('text', { name: 'validator' })
  validator: string;

  @Column('bigint', { name: 'first_received_round', nullable: true })
  firstReceivedRound: string | null;

  @Column('bigint', { name: 'last_received_round', nullable: true })
  lastReceivedRound: string | null;

  @Column('bigint', { name: 'num_rounds_missed', nullable: true })
  numRoundsMissed: string | null;

  @Column('timestamptz', { name: 'created_record_time' })
  createdRecordTime: string;

  @Column('timestamptz', { name: 'archived_record_time', nullable: true })
  archivedRecordTime: string | null;
}
