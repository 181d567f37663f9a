import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Which participants host a party on a synchronizer from `record_time` on (docs/hosting.md): the
 * synchronizer's party-to-participant topology as a scan learns it, not part of the update
 * history. The newest row of a (synchronizer, party) is read from pk_party_hosting backwards.
 */
@Entity({ name: 'party_hosting' })
export class PartyHostingEntity {
  @PrimaryColumn('text', { name: 'synchronizer_id', primaryKeyConstraintName: 'pk_party_hosting' })
  synchronizerId: string;

  @PrimaryColumn('text', { name: 'party_id', primaryKeyConstraintName: 'pk_party_hosting' })
  partyId: string;

  @PrimaryColumn('timestamptz', { name: 'record_time', primaryKeyConstraintName: 'pk_party_hosting' })
  recordTime: string;

  @Column('bigint', { name: 'migration_id' })
  migrationId: string;

  @Column('text', { name: 'participant_ids', array: true })
  participantIds: string[];
}
