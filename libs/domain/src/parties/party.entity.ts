import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The dictionary of the parties the history's filter columns name (`events.stakeholders`,
 * `events.other_party_ids`, `contracts.stakeholders` hold these ids instead of the ~85-byte party
 * ids). Written by the writer only, an id per party for good: ids come from the identity
 * sequence, so they are never reused, and no reader prints one (docs/scaling.md "Storage per
 * update", candidate 1).
 */
@Entity({ name: 'parties' })
@Index('ux_parties_party', ['party'], { unique: true })
export class PartyEntity {
  @PrimaryGeneratedColumn('identity', {
    name: 'id',
    type: 'integer',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'pk_parties',
  })
  id: number;

  @Column('text', { name: 'party' })
  party: string;
}
