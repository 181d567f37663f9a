import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The dictionary of the synchronizers the history names (`updates.synchronizer` and
 * `contracts.synchronizer` hold these ids instead of the ~84-byte synchronizer ids; a network
 * has one to three). Written by the writer only, an id per synchronizer for good: ids come from
 * the identity sequence, so they are never reused; readers print the name (synchronizer-sql.ts).
 */
@Entity({ name: 'synchronizers' })
@Index('ux_synchronizers_synchronizer', ['synchronizer'], { unique: true })
export class SynchronizerEntity {
  @PrimaryGeneratedColumn('identity', {
    name: 'id',
    type: 'smallint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'pk_synchronizers',
  })
  id: number;

  @Column('text', { name: 'synchronizer' })
  synchronizer: string;
}
