import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A sequencer member's traffic state on a synchronizer (`actual` of scan's traffic-status) as a
 * scan mirror copied it from its peers: the newest state f + 1 of them answered alike, as of
 * when they did (docs/traffic.md "On a mirror"). Null totals: they agreed the sequencer has no
 * state for the member (their 404). A store that is not a mirror has no rows.
 */
@Entity({ name: 'member_traffic_states' })
@Check('ck_member_traffic_states_actual', `("total_consumed" IS NULL) = ("total_limit" IS NULL)`)
export class MemberTrafficStateEntity {
  @PrimaryColumn('text', { name: 'synchronizer_id', primaryKeyConstraintName: 'pk_member_traffic_states' })
  synchronizerId: string;

  @PrimaryColumn('text', { name: 'member_id', primaryKeyConstraintName: 'pk_member_traffic_states' })
  memberId: string;

  @Column('bigint', { name: 'total_consumed', nullable: true })
  totalConsumed: string | null;

  @Column('bigint', { name: 'total_limit', nullable: true })
  totalLimit: string | null;

  /** When f + 1 peers last answered this state alike (the mirror's clock). */
  @Column('timestamptz', { name: 'as_of' })
  asOf: string;
}
