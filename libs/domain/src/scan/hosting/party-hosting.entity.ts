import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Which participants host a party on a synchronizer from `record_time` on (docs/hosting.md): the
 * synchronizer's party-to-participant topology as a scan learns it, not part of the update
 * history. The newest row of a (synchronizer, party) is read from pk_party_hosting backwards.
 */
@Entity({ name: 'party_hosting' })
@Check('ck_party_hosting_source', `"source" IN ('history', 'peers')`)
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

  /**
   * `history`: a hosting item of the history the store was given (`record_time` is when the
   * mapping took effect). `peers`: copied by a scan mirror from f + 1 peers' answers, which carry
   * no time: `record_time` is then when they agreed (the mirror's clock), the mapping holding at
   * least from then (docs/hosting.md "On a mirror").
   */
  @Column('text', { name: 'source', default: 'history' })
  source: string;
}
