import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Derived from DsoRules_CloseVoteRequest exercises: one row per closed vote request. */
@Entity({ name: 'vote_results' })
@Index('ix_vote_results_effective_at', ['effectiveAt'])
@Index('ix_vote_results_action_name', ['actionName', 'effectiveAt'])
export class VoteResultEntity {
  @PrimaryColumn('bigint', { name: 'update_row_id', primaryKeyConstraintName: 'pk_vote_results' })
  updateRowId: string;

  @PrimaryColumn('integer', { name: 'node_id', primaryKeyConstraintName: 'pk_vote_results' })
  nodeId: number;

  @Column('text', { name: 'action_name' })
  actionName: string;

  @Column('boolean', { name: 'accepted' })
  accepted: boolean;

  /** VRO_Accepted, VRO_Rejected, VRO_Expired, ... */
  @Column('text', { name: 'outcome' })
  outcome: string;

  /** The requesting SV's name as written in the vote request. */
  @Column('text', { name: 'requester' })
  requester: string;

  /** The accepted vote's effectiveAt, else the result's completedAt. */
  @Column('timestamptz', { name: 'effective_at' })
  effectiveAt: string;

  @Column('timestamptz', { name: 'completed_at' })
  completedAt: string;
}
