import type { Db } from '../database/db';
import { NEWEST_MIGRATION, SqlParams } from '../dso/current-contracts.sql';
import { SpliceTemplates } from '../splice/splice-templates';

/**
 * Current network contracts of a mirrored store that lack their created event blob, by what a
 * scan serves them from (`ContractWithState` and contract lists; docs/current-contracts.md
 * "Created event blobs"). A mirror asks its peers only for these.
 */
export interface MissingNetworkBlobs {
  /** Entity names (`AmuletRules`, `OpenMiningRound`, ...) of singleton or listed contracts lacking a blob. */
  entities: Set<string>;
  /** Providers of current FeaturedAppRights lacking a blob. */
  featuredAppProviders: string[];
  /** Receivers whose newest current TransferPreapproval lacks a blob, with that contract's id. */
  preapprovals: { receiver: string; contractId: string }[];
}

const T = SpliceTemplates;
const LISTED = [
  T.AmuletRules,
  T.ExternalPartyAmuletRules,
  T.OpenMiningRound,
  T.IssuingMiningRound,
  T.ClosedMiningRound,
  T.AnsRules,
  T.FeaturedAppRight,
];

// Never derivable: only a mirror writes such rows (a writer for supplied blobs only).
const MISSING = `c.created_event_blob IS NULL AND NOT c.created_event_blob_derivable`;
const CURRENT = `c.archived_record_time IS NULL AND c.migration_id = (SELECT id FROM m)`;

/**
 * One statement: per listed template a branch served by ix_contracts_active_template; the
 * preapprovals lacking a blob that are their receiver's newest (what `by-party` serves), the
 * newer one probed through ix_contracts_preapproval_receiver, at most $1 of them, oldest first.
 */
function missingStatement(): { text: string; values: unknown[] } {
  const p = new SqlParams();
  const limit = p.add(null);
  const skipped = p.add(null);
  const branches = LISTED.map(
    (t) => `SELECT c.entity_name AS entity, c.contract_id, c.payload_compact->>'provider' AS party
      FROM contracts c WHERE ${p.template(t)} AND ${CURRENT} AND ${MISSING}`,
  );
  const text = `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id)
    ${branches.join('\n    UNION ALL\n    ')}
    UNION ALL
    (SELECT c.entity_name, c.contract_id, c.payload_compact->>'receiver'
       FROM contracts c
      WHERE ${p.template(T.TransferPreapproval)} AND ${CURRENT} AND ${MISSING}
        AND NOT (c.contract_id = ANY (${skipped}::text[]))
        AND NOT EXISTS (
          SELECT 1 FROM contracts n
           WHERE ${p.template(T.TransferPreapproval, 'n')} AND n.archived_record_time IS NULL
             AND n.payload_compact->>'receiver' = c.payload_compact->>'receiver'
             AND n.migration_id = c.migration_id AND n.row_id > c.row_id)
      ORDER BY c.row_id LIMIT ${limit})`;
  return { text, values: p.values };
}

const MISSING_NETWORK_BLOBS = missingStatement();

/** The mirror's reads of what its peers should still serve it. */
export class MirrorBlobsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Current network contracts lacking a blob; at most `maxPreapprovals` preapprovals, leaving out
   * those in `skipPreapprovals` (ones the peers were asked for and did not serve).
   */
  async missingNetworkBlobs(
    maxPreapprovals: number,
    skipPreapprovals: readonly string[] = [],
  ): Promise<MissingNetworkBlobs> {
    const rows = await this.db.query<{ entity: string; contract_id: string; party: string | null }>(
      MISSING_NETWORK_BLOBS.text,
      [maxPreapprovals, skipPreapprovals, ...MISSING_NETWORK_BLOBS.values.slice(2)],
    );
    const result: MissingNetworkBlobs = { entities: new Set(), featuredAppProviders: [], preapprovals: [] };
    const providers = new Set<string>();
    for (const row of rows) {
      if (row.entity === T.TransferPreapproval.entityName) {
        if (row.party !== null)
          result.preapprovals.push({ receiver: row.party, contractId: row.contract_id });
        continue;
      }
      result.entities.add(row.entity);
      if (row.entity === T.FeaturedAppRight.entityName && row.party !== null) providers.add(row.party);
    }
    result.featuredAppProviders = [...providers];
    return result;
  }
}
