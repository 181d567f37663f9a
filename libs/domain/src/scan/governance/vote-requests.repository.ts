import type { Db } from '../../database/db';
import type { ActiveContract } from '../../contracts/active-contracts.repository';
import {
  CONTRACT_COLUMNS,
  NEWEST_MIGRATION,
  SqlParams,
  toActiveContract,
  type ContractRow,
} from '../../dso/current-contracts.sql';
import { SpliceTemplates } from '../../splice/splice-templates';

/** The most vote requests one answer holds (upstream assumes fewer than 1000 are open). */
export const MAX_VOTE_REQUESTS = 1000;

const T = SpliceTemplates;
const CURRENT = `c.archived_record_time IS NULL AND c.migration_id = (SELECT id FROM m)`;
/** A request's tracking id: the id it was first created with (`trackingCid`, else its own). */
const TRACKING_ID = `coalesce(c.payload_compact->>'trackingCid', c.contract_id)`;

// Current VoteRequests of the current DsoRules' DSO, oldest first (ix_contracts_active_template);
// `tracked` narrows them to tracking ids in an array (all when null).
const VOTE_REQUESTS = (() => {
  const p = new SqlParams();
  const tracked = p.add(null);
  return `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id),
    dso AS (SELECT c.payload_compact->>'dso' AS party FROM contracts c
             WHERE ${p.template(T.DsoRules)} AND ${CURRENT} ORDER BY c.row_id DESC LIMIT 1)
    SELECT ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(T.VoteRequest)} AND ${CURRENT} AND (SELECT d.party FROM dso d) = ANY (c.signatories)
       AND (${tracked}::text[] IS NULL OR ${TRACKING_ID} = ANY (${tracked}::text[]))
     ORDER BY c.row_id LIMIT ${MAX_VOTE_REQUESTS}`;
})();

/** Open DSO vote requests (`Splice.DsoRules:VoteRequest`), as scan lists and looks them up. */
export class VoteRequestsRepository {
  constructor(private readonly db: Db) {}

  private async read(tracked: readonly string[] | null): Promise<ActiveContract[]> {
    const rows = await this.db.query<ContractRow>(VOTE_REQUESTS, [tracked]);
    return rows.map(toActiveContract);
  }

  /** Every open request, oldest first. */
  listOpen(): Promise<ActiveContract[]> {
    return this.read(null);
  }

  /** The open requests tracked by these ids, oldest first. */
  listByTrackingIds(ids: readonly string[]): Promise<ActiveContract[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.read(ids);
  }
}
