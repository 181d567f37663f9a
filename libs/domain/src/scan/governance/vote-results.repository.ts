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

/** A vote result's position: the exercise that closed the request. */
export interface VoteResultKey {
  updateRowId: string;
  nodeId: number;
}

/** A vote result as stored: the closing exercise's result, lossless unless its update came compact only. */
export interface VoteResultRow extends VoteResultKey {
  exerciseResult: unknown;
  compactOnly: boolean;
}

/** The WHERE clauses of a filter over `vote_results v`, their parameters pushed onto `params`. */
function filterClauses(filter: VoteResultFilter, params: unknown[]): string[] {
  const clauses: string[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filter.actionName !== undefined) add((p) => `v.action_name = ${p}`, filter.actionName);
  if (filter.accepted !== undefined) add((p) => `v.accepted = ${p}`, filter.accepted);
  if (filter.requester !== undefined) add((p) => `v.requester = ${p}`, filter.requester);
  if (filter.effectiveFrom !== undefined)
    add((p) => `v.effective_at >= ${p}::timestamptz`, filter.effectiveFrom);
  if (filter.effectiveTo !== undefined) add((p) => `v.effective_at < ${p}::timestamptz`, filter.effectiveTo);
  return clauses;
}

/** Vote results of closed vote requests (ix_vote_results_action_name, ix_vote_results_effective_at). */
export class VoteResultsRepository {
  constructor(private readonly db: Db) {}

  async count(filter: VoteResultFilter): Promise<number> {
    const params: unknown[] = [];
    const clauses = filterClauses(filter, params);
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const [row]: { n: string }[] = await this.db.query(
      `SELECT count(*)::text AS n FROM vote_results v ${where}`,
      params,
    );
    return Number(row.n);
  }

  /**
   * Matching results newest effective date first (ties: the later exercise first), after `after`
   * (exclusive) when given: keyset over ix_vote_results_effective_at, each result's exercise read
   * through pk_updates and pk_events.
   */
  async page(
    filter: VoteResultFilter,
    limit: number,
    after: VoteResultKey | undefined,
  ): Promise<VoteResultRow[]> {
    const params: unknown[] = [];
    const clauses = filterClauses(filter, params);
    if (after !== undefined) {
      params.push(after.updateRowId, after.nodeId);
      const [r, n] = [`$${params.length - 1}::bigint`, `$${params.length}::integer`];
      clauses.push(
        `(v.effective_at, v.update_row_id, v.node_id) < ((SELECT a.effective_at FROM vote_results a WHERE a.update_row_id = ${r} AND a.node_id = ${n}), ${r}, ${n})`,
      );
    }
    params.push(limit);
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const rows: {
      update_row_id: string;
      node_id: number;
      exercise_result: unknown;
      compact_only: boolean;
    }[] = await this.db.query(
      `SELECT v.update_row_id, v.node_id, e.exercise_result, u.compact_only
           FROM (SELECT v.update_row_id, v.node_id, v.effective_at FROM vote_results v ${where}
                  ORDER BY v.effective_at DESC, v.update_row_id DESC, v.node_id DESC LIMIT $${params.length}) v
           JOIN updates u ON u.row_id = v.update_row_id
           JOIN events e ON e.migration_id = u.migration_id AND e.update_row_id = v.update_row_id AND e.node_id = v.node_id
          ORDER BY v.effective_at DESC, v.update_row_id DESC, v.node_id DESC`,
      params,
    );
    return rows.map((r) => ({
      updateRowId: String(r.update_row_id),
      nodeId: Number(r.node_id),
      exerciseResult: r.exercise_result,
      compactOnly: r.compact_only,
    }));
  }
}
