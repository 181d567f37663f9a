import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The store fact that a kind of synchronizer state is copied from peer scans (a scan mirror)
 * rather than carried by the history the store was given: `member_traffic` (then traffic-status
 * serves `member_traffic_states`, never the no-sequencer model) and `party_hosting` (then a
 * party whose hosting was not copied yet is a 503, not a 404). Written by the mirror when it
 * starts; a store without rows serves its own history's facts (docs/traffic.md, docs/hosting.md).
 */
@Entity({ name: 'synchronizer_state_sources' })
@Check('ck_synchronizer_state_sources_kind', `"kind" IN ('member_traffic', 'party_hosting')`)
@Check('ck_synchronizer_state_sources_source', `"source" = 'peers'`)
export class SynchronizerStateSourceEntity {
  @PrimaryColumn('text', { name: 'kind', primaryKeyConstraintName: 'pk_synchronizer_state_sources' })
  kind: string;

  @Column('text', { name: 'source' })
  source: string;

  @Column('timestamptz', { name: 'since', default: () => 'now()' })
  since: string;

  /**
   * `party_hosting` only: the hosting of every party of the updates up to this row id has been
   * asked of the peers (and stored when they agreed); the mirror continues after it.
   */
  @Column('bigint', { name: 'checked_through_update_row_id', nullable: true })
  checkedThroughUpdateRowId: string | null;
}
