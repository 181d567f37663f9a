import type { Db } from '../../database/db';

export interface VoteResultFilter {
  actionName?: string;
  accepted?: boolean;
  requester?: string;
  /** Inclusive lower bound on the effective date (microsecond ISO). */
  effectiveFrom?: string;
  /** Exclusive upper bound on the effective date (microsecond ISO). */
  effectiveTo?: string;
}

/** Vote results of closed vote requests (ix_vote_results_action_name, ix_vote_results_effective_at). */
export class VoteResultsRepository {
  constructor(private readonly db: Db) {}

  async count(filter: VoteResultFilter): Promise<number> {
    const params: unknown[] = [];
    const clauses: string[] = [];
    const add = (clause: (p: string) => string, value: unknown) => {
      params.push(value);
      clauses.push(clause(`$${params.length}`));
    };
    if (filter.actionName !== undefined) add((p) => `action_name = ${p}`, filter.actionName);
    if (filter.accepted !== undefined) add((p) => `accepted = ${p}`, filter.accepted);
    if (filter.requester !== undefined) add((p) => `requester = ${p}`, filter.requester);
    if (filter.effectiveFrom !== undefined)
      add((p) => `effective_at >= ${p}::timestamptz`, filter.effectiveFrom);
    if (filter.effectiveTo !== undefined) add((p) => `effective_at < ${p}::timestamptz`, filter.effectiveTo);
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const [row]: { n: string }[] = await this.db.query(
      `SELECT count(*)::text AS n FROM vote_results ${where}`,
      params,
    );
    return Number(row.n);
  }
}
