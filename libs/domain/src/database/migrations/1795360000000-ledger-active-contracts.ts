import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes of the ledger node's active contract set at an offset (`POST /v2/state/active-contracts`):
 * the keyset order of contracts by creation offset, a contract's rows of every migration by
 * contract id (was it archived at or before the offset, is this its first ledger creation), and
 * the reassignments of a contract (its synchronizer at the offset). The last one is partial:
 * reassignments are few.
 */
export class LedgerActiveContracts1795360000000 implements MigrationInterface {
  name = 'LedgerActiveContracts1795360000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_contracts_ledger_acs" ON "contracts" ("created_offset", "row_id") WHERE "created_offset" IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX "ix_contracts_contract_offsets" ON "contracts" ("contract_id") INCLUDE ("created_offset", "archived_offset")`,
    );
    await q.query(
      `CREATE INDEX "ix_updates_reassigned_contract" ON "updates" ("reassigned_contract_id", "ledger_offset") WHERE "reassigned_contract_id" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_updates_reassigned_contract"`);
    await q.query(`DROP INDEX "ix_contracts_contract_offsets"`);
    await q.query(`DROP INDEX "ix_contracts_ledger_acs"`);
  }
}
