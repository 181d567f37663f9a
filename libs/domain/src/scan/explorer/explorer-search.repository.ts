import { prepared, type Db } from '../../database/db';
import { EVENT_PARTY_IDS, partyIdArrayOf } from '../../parties/party-sql';

export interface ExplorerSearchRow {
  kind: 'update' | 'contract' | 'party';
  id: string;
}

/**
 * What an id names, one statement of three indexed lookups: a non-import update
 * (ux_updates_update_id), a contract of any migration (ux_contracts_contract_migration), a party
 * of any event (ix_events_parties). Import updates are left out: their id is their contract's.
 */
const SEARCH = prepared(
  'explorer_search',
  `SELECT m.kind, m.id FROM (
     SELECT 1 AS ord, 'update' AS kind, u.update_id AS id FROM updates u WHERE u.update_id = $1 AND NOT u.is_import
     UNION ALL
     SELECT 2, 'contract', $1 WHERE EXISTS (SELECT 1 FROM contracts c WHERE c.contract_id = $1)
     UNION ALL
     SELECT 3, 'party', $1 WHERE EXISTS (SELECT 1 FROM events e WHERE ${EVENT_PARTY_IDS} @> ${partyIdArrayOf('$1::text')})
   ) m ORDER BY m.ord`,
);

export class ExplorerSearchRepository {
  constructor(private readonly db: Db) {}

  search(id: string): Promise<ExplorerSearchRow[]> {
    return this.db.query(SEARCH, [id]);
  }
}
