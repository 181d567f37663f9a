import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One index per contract-id lookup (docs/scaling.md "Storage per update", candidate 4):
 * `ux_contracts_migration_contract (migration_id, contract_id)` and
 * `ix_contracts_contract_offsets (contract_id) INCLUDE (created_offset, archived_offset)` held the
 * same keys twice. `ux_contracts_contract_migration (contract_id, migration_id) INCLUDE (created_offset,
 * archived_offset)` serves both: a contract in one migration (an equality on both columns), a
 * contract's rows of every migration (an equality on its leading column, index-only for the
 * offsets), and keeps a contract id unique per migration. On a partitioned table the index is
 * built on every partition (the build reads each partition once).
 */
export class ContractIdIndex1795523300000 implements MigrationInterface {
  name = 'ContractIdIndex1795523300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE UNIQUE INDEX "ux_contracts_contract_migration" ON "contracts" ("contract_id", "migration_id")
         INCLUDE ("created_offset", "archived_offset")`,
    );
    await q.query(`DROP INDEX "ux_contracts_migration_contract"`);
    await q.query(`DROP INDEX "ix_contracts_contract_offsets"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE UNIQUE INDEX "ux_contracts_migration_contract" ON "contracts" ("migration_id", "contract_id")`,
    );
    await q.query(
      `CREATE INDEX "ix_contracts_contract_offsets" ON "contracts" ("contract_id") INCLUDE ("created_offset", "archived_offset")`,
    );
    await q.query(`DROP INDEX "ux_contracts_contract_migration"`);
  }
}
