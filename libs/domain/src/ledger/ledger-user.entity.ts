import { Check, Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';

/** A ledger API user (the `sub` of its tokens) and its rights. */
@Entity({ name: 'ledger_users' })
export class LedgerUserEntity {
  @PrimaryColumn('text', { name: 'user_id', primaryKeyConstraintName: 'pk_ledger_users' })
  userId: string;

  @Column('text', { name: 'primary_party', nullable: true })
  primaryParty: string | null;

  @Column('boolean', { name: 'is_admin', default: false })
  isAdmin: boolean;

  @Column('boolean', { name: 'can_read_as_any_party', default: false })
  canReadAsAnyParty: boolean;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: string;
}

/** A read-as right of a user for one party. */
@Entity({ name: 'ledger_user_rights' })
@Check('ck_ledger_user_rights_kind', `"kind" IN ('can_read_as')`)
@ForeignKey(() => LedgerUserEntity, ['userId'], ['userId'], {
  name: 'fk_ledger_user_rights_user',
  onDelete: 'CASCADE',
})
export class LedgerUserRightEntity {
  @PrimaryColumn('text', { name: 'user_id', primaryKeyConstraintName: 'pk_ledger_user_rights' })
  userId: string;

  @PrimaryColumn('text', { name: 'kind', primaryKeyConstraintName: 'pk_ledger_user_rights' })
  kind: 'can_read_as';

  @PrimaryColumn('text', { name: 'party', primaryKeyConstraintName: 'pk_ledger_user_rights' })
  party: string;
}
