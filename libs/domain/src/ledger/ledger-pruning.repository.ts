import type { Db } from '../database/db';

/** The pruning offsets (docs/ledger-api.md "Pruning"); zeros mean "not pruned yet". */
export interface PrunedOffsets {
  participantPrunedUpToInclusive: number;
  allDivulgedContractsPrunedUpToInclusive: number;
}

export interface PruneOutcome {
  /** Offsets in force after the call; absent when nothing was written (beyond the ledger end). */
  offsets?: PrunedOffsets;
  /** The ledger end the request was checked against. */
  ledgerEnd: number;
}

/** SQL of the ledger pruning offsets (single row of ledger_pruning, absent until the first prune). */
export class LedgerPruningRepository {
  constructor(private readonly db: Db) {}

  async lookup(): Promise<PrunedOffsets> {
    const rows: { participant: string; divulged: string }[] = await this.db.query(
      `SELECT participant_pruned_up_to_inclusive AS participant, all_divulged_contracts_pruned_up_to_inclusive AS divulged
         FROM ledger_pruning WHERE id = 1`,
    );
    return rows[0]
      ? {
          participantPrunedUpToInclusive: Number(rows[0].participant),
          allDivulgedContractsPrunedUpToInclusive: Number(rows[0].divulged),
        }
      : { participantPrunedUpToInclusive: 0, allDivulgedContractsPrunedUpToInclusive: 0 };
  }

  /**
   * Records pruning up to `upTo` when it is at most the ledger end, in one statement: offsets
   * only move forward; the divulged-contracts offset follows only when `pruneAllDivulged`.
   * Writes nothing when `upTo` is beyond the ledger end (no `offsets` in the outcome).
   */
  async prune(upTo: number, pruneAllDivulged: boolean): Promise<PruneOutcome> {
    const rows: { ledger_end: string; participant: string | null; divulged: string | null }[] =
      await this.db.query(
        `WITH e AS (SELECT COALESCE(max(ledger_offset), 0) AS ledger_end FROM updates),
            w AS (
              INSERT INTO ledger_pruning (id, participant_pruned_up_to_inclusive, all_divulged_contracts_pruned_up_to_inclusive, pruned_at)
              SELECT 1, $1::bigint, CASE WHEN $2 THEN $1::bigint ELSE 0 END, now() FROM e WHERE $1::bigint <= e.ledger_end
              ON CONFLICT (id) DO UPDATE SET
                participant_pruned_up_to_inclusive = GREATEST(ledger_pruning.participant_pruned_up_to_inclusive, EXCLUDED.participant_pruned_up_to_inclusive),
                all_divulged_contracts_pruned_up_to_inclusive = GREATEST(ledger_pruning.all_divulged_contracts_pruned_up_to_inclusive, EXCLUDED.all_divulged_contracts_pruned_up_to_inclusive),
                pruned_at = now()
              RETURNING participant_pruned_up_to_inclusive AS participant, all_divulged_contracts_pruned_up_to_inclusive AS divulged)
       SELECT e.ledger_end, w.participant, w.divulged FROM e LEFT JOIN w ON true`,
        [upTo, pruneAllDivulged],
      );
    const row = rows[0];
    const ledgerEnd = Number(row.ledger_end);
    if (row.participant === null || row.divulged === null) return { ledgerEnd };
    return {
      ledgerEnd,
      offsets: {
        participantPrunedUpToInclusive: Number(row.participant),
        allDivulgedContractsPrunedUpToInclusive: Number(row.divulged),
      },
    };
  }
}
