import { prepared, type Db } from '../../database/db';
import { contractTemplateId } from '../../contracts/template-key.sql';

export interface ExplorerContractRow {
  contract_id: string;
  template_id: string;
  package_name: string;
  /** The stored compact payload, as JSON text. */
  create_arguments: string;
  signatories: string[];
  observers: string[];
  created_at: string;
  created_update_id: string;
  created_migration_id: string;
  created_record_time: string;
  archived_update_id: string | null;
  archived_migration_id: string | null;
  archived_record_time: string | null;
}

/**
 * A contract by id, one statement over its rows of every migration (ux_contracts_contract_migration):
 * what it is and where it was created from its oldest row, whether and where it was archived
 * from its newest (a contract alive at a migration has a row in each, the later ones created by
 * import updates), with the updates by row id (pk_updates).
 */
const CONTRACT_BY_ID = prepared(
  'explorer_contract_by_id',
  `WITH rows AS (
     SELECT c.migration_id, c.contract_id, ${contractTemplateId('c')} AS template_id, c.package_name, c.payload_compact, c.signatories, c.observers,
            c.created_at, c.created_update_row_id, c.archived_update_row_id
       FROM contracts c WHERE c.contract_id = $1),
   oldest AS (SELECT * FROM rows ORDER BY migration_id LIMIT 1),
   newest AS (SELECT * FROM rows ORDER BY migration_id DESC LIMIT 1)
   SELECT o.contract_id, o.template_id, o.package_name, o.payload_compact::text AS create_arguments,
          o.signatories, o.observers, o.created_at,
          cu.update_id AS created_update_id, cu.migration_id::text AS created_migration_id,
          cu.record_time AS created_record_time,
          au.update_id AS archived_update_id, au.migration_id::text AS archived_migration_id,
          au.record_time AS archived_record_time
     FROM oldest o
     JOIN updates cu ON cu.row_id = o.created_update_row_id
     CROSS JOIN newest n
     LEFT JOIN updates au ON au.row_id = n.archived_update_row_id`,
);

export class ExplorerContractsRepository {
  constructor(private readonly db: Db) {}

  async lookup(contractId: string): Promise<ExplorerContractRow | undefined> {
    const rows: ExplorerContractRow[] = await this.db.query(CONTRACT_BY_ID, [contractId]);
    return rows[0];
  }
}
