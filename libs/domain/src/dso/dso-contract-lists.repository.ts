import type { Db } from '../database/db';
import type { ActiveContract } from '../contracts/active-contracts.repository';
import { SpliceTemplates, type SpliceTemplate } from '../splice/splice-templates';
import {
  CONTRACT_LIST_COLUMNS,
  NEWEST_MIGRATION,
  SqlParams,
  toActiveContract,
  type ContractRow,
} from './current-contracts.sql';

/** The most contracts a list of current contracts returns (upstream's largest page). */
export const MAX_CURRENT_LIST = 1000;

const T = SpliceTemplates;
const CURRENT = `c.archived_record_time IS NULL AND c.migration_id = (SELECT id FROM m)`;
// The DSO's contracts: AmuletRules' only signatory is the DSO party (as network-contracts.repository reads it).
const DSO_PARTY = (p: SqlParams) => `dso AS (
    SELECT c.signatories FROM contracts c WHERE ${p.template(T.AmuletRules)} AND ${CURRENT} ORDER BY c.row_id DESC LIMIT 1)`;
const SIGNED_BY_DSO = `c.signatories @> (SELECT d.signatories FROM dso d)`;

/**
 * A statement over the current contracts of one template signed by the DSO, served by
 * `ix_contracts_active_template` (template, row_id; not archived). `where` adds conditions
 * whose parameters follow the template's (so callers pass them first, in order).
 */
function currentStatement(
  template: SpliceTemplate,
  shape: { where?: (p: SqlParams) => string; order: string; limit?: boolean },
) {
  const p = new SqlParams();
  const where = shape.where ? ` AND ${shape.where(p)}` : '';
  const limit = shape.limit ? ` LIMIT ${p.add(null)}` : '';
  const text = `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id), ${DSO_PARTY(p)}
    SELECT ${CONTRACT_LIST_COLUMNS} FROM contracts c
     WHERE ${p.template(template)} AND ${CURRENT} AND ${SIGNED_BY_DSO}${where}
     ORDER BY ${shape.order}${limit}`;
  return { text, arity: p.values.length };
}

const CLOSED_ROUNDS = currentStatement(T.ClosedMiningRound, {
  order: `(c.payload_compact->'round'->>'number')::numeric, c.row_id`,
  limit: true,
});
const LICENSES_FIRST = currentStatement(T.ValidatorLicense, { order: 'c.row_id DESC', limit: true });
const LICENSES_AFTER = currentStatement(T.ValidatorLicense, {
  where: (p) => `c.row_id < ${p.add(null)}`,
  order: 'c.row_id DESC',
  limit: true,
});
const FEATURED = currentStatement(T.FeaturedAppRight, { order: 'c.row_id', limit: true });
const FEATURED_BY_PROVIDER = currentStatement(T.FeaturedAppRight, {
  where: (p) => `c.payload_compact->>'provider' = ${p.add(null)}`,
  order: 'c.row_id',
  limit: true,
});
// ux_contracts_contract_migration finds the row; the template and DSO checks filter it.
const FEATURED_BY_ID = currentStatement(T.FeaturedAppRight, {
  where: (p) => `c.contract_id = ${p.add(null)}`,
  order: 'c.row_id',
});
const EXTERNAL_PARTY_AMULET_RULES = currentStatement(T.ExternalPartyAmuletRules, {
  order: 'c.row_id DESC',
  limit: true,
});

/** A page of current contracts and the position of its last one. */
export interface ContractPage {
  contracts: ActiveContract[];
  /** The last contract's row id (the keyset position), when the page is not empty. */
  lastRowId: string | undefined;
}

/**
 * Lists of the DSO's current contracts that scan serves whole or paged (closed rounds,
 * validator licenses, featured app rights, external party amulet rules): the newest migration,
 * not archived, signed by the DSO (docs/current-contracts.md).
 */
export class DsoContractListsRepository {
  constructor(private readonly db: Db) {}

  private async run(
    statement: { text: string; arity: number },
    values: unknown[],
  ): Promise<ActiveContract[]> {
    if (values.length !== statement.arity) throw new Error(`statement takes ${statement.arity} values`);
    const rows = await this.db.query<ContractRow>(statement.text, values);
    return rows.map(toActiveContract);
  }

  /** Current ClosedMiningRounds, in round order. */
  listClosedRounds(): Promise<ActiveContract[]> {
    return this.run(CLOSED_ROUNDS, [MAX_CURRENT_LIST]);
  }

  /** Current ValidatorLicenses, newest first, after the row id `after` (exclusive) when given. */
  async pageValidatorLicenses(after: string | undefined, limit: number): Promise<ContractPage> {
    const contracts =
      after === undefined
        ? await this.run(LICENSES_FIRST, [limit])
        : await this.run(LICENSES_AFTER, [after, limit]);
    return { contracts, lastRowId: contracts.at(-1)?.rowId };
  }

  /** Current FeaturedAppRights, oldest first. */
  listFeaturedAppRights(): Promise<ActiveContract[]> {
    return this.run(FEATURED, [MAX_CURRENT_LIST]);
  }

  /** Current FeaturedAppRights of one provider, oldest first. */
  listFeaturedAppRightsByProvider(provider: string): Promise<ActiveContract[]> {
    return this.run(FEATURED_BY_PROVIDER, [provider, MAX_CURRENT_LIST]);
  }

  /** The current FeaturedAppRight with this contract id, if any. */
  async lookupFeaturedAppRight(contractId: string): Promise<ActiveContract | undefined> {
    return (await this.run(FEATURED_BY_ID, [contractId]))[0];
  }

  /** The newest current ExternalPartyAmuletRules, if any. */
  async lookupExternalPartyAmuletRules(): Promise<ActiveContract | undefined> {
    return (await this.run(EXTERNAL_PARTY_AMULET_RULES, [1]))[0];
  }
}
