import type { Db } from '../../database/db';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import { NEWEST_MIGRATION, SqlParams } from '../../dso/current-contracts.sql';
import { SpliceTemplates } from '../../splice/splice-templates';

/** A current AnsEntry as the name service's lookups read it. */
export interface AnsEntryRow {
  contract_id: string;
  user: string;
  name: string;
  url: string;
  description: string;
  expires_at: string;
}

const NAME = `(c.payload_compact->>'name') COLLATE "C"`;

/**
 * The ledger's "now": the record time of the newest non-import update (the newest migration
 * first), read backwards on ix_updates_migration_record_time. An entry is current while its
 * `expiresAt` is not before it.
 */
function entriesStatement(filter: (p: SqlParams) => string, order: string, limit: (p: SqlParams) => string) {
  const p = new SqlParams();
  const importTime = p.add(IMPORT_RECORD_TIME);
  const where = filter(p);
  const text = `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id),
    now AS (SELECT u.record_time AS t FROM updates u WHERE u.record_time > ${importTime}::timestamptz
             ORDER BY u.migration_id DESC, u.record_time DESC LIMIT 1)
    SELECT c.contract_id, c.payload_compact->>'user' AS "user", c.payload_compact->>'name' AS name,
           c.payload_compact->>'url' AS url, c.payload_compact->>'description' AS description,
           c.payload_compact->>'expiresAt' AS expires_at
      FROM contracts c
     WHERE ${p.template(SpliceTemplates.AnsEntry)} AND c.archived_record_time IS NULL
       AND c.migration_id = (SELECT id FROM m) AND ${where}
       AND (c.payload_compact->>'expiresAt')::timestamptz >= (SELECT t FROM now)
     ORDER BY ${order} LIMIT ${limit(p)}`;
  return { text };
}

// Name prefix as a range of ix_contracts_ans_entry_name, in name order ($2 prefix, $3 limit).
const LIST = entriesStatement(
  (p) => `${NAME} >= ${p.add(null)} AND starts_with(c.payload_compact->>'name', $2)`,
  NAME,
  (p) => p.add(null),
);
// One exact name on ix_contracts_ans_entry_name ($2 name).
const BY_NAME = entriesStatement(
  (p) => `${NAME} = (${p.add(null)}::text COLLATE "C")`,
  NAME,
  () => '1',
);
// A user's first entry by name on ix_contracts_ans_entry_user ($2 user).
const BY_USER = entriesStatement(
  (p) => `c.payload_compact->>'user' = ${p.add(null)}`,
  NAME,
  () => '1',
);

/** Current (not archived, not expired) `Splice.Ans:AnsEntry` contracts. */
export class AnsEntriesRepository {
  /** The statements, for EXPLAIN in tests: params ($1 the import time, $2 prefix/name/user, $3 limit). */
  static readonly LIST = LIST;
  static readonly BY_NAME = BY_NAME;
  static readonly BY_USER = BY_USER;

  constructor(private readonly db: Db) {}

  /** Entries whose names start with `prefix`, in name (byte) order, at most `limit`. */
  list(prefix: string, limit: number): Promise<AnsEntryRow[]> {
    return this.db.query<AnsEntryRow>(LIST.text, [IMPORT_RECORD_TIME, prefix, limit]);
  }

  async lookupByName(name: string): Promise<AnsEntryRow | undefined> {
    const rows = await this.db.query<AnsEntryRow>(BY_NAME.text, [IMPORT_RECORD_TIME, name]);
    return rows[0];
  }

  /** The user's first entry in name order. */
  async lookupByUser(user: string): Promise<AnsEntryRow | undefined> {
    const rows = await this.db.query<AnsEntryRow>(BY_USER.text, [IMPORT_RECORD_TIME, user]);
    return rows[0];
  }
}
