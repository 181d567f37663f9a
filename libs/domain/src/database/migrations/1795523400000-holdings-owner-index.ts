import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One holdings index instead of two (docs/scaling.md "Storage per update", candidate 5):
 * `ix_amulet_holdings_owner (migration_id, owner, created_record_time) INCLUDE (archived_record_time,
 * locked, amount)` and `ix_amulet_holdings_owner_row (migration_id, owner, contract_row_id) INCLUDE
 * (created_record_time, archived_record_time)` held the same rows. The second, with the lock flag
 * and the amount included as well, serves both reads: a holdings state page walks an owner's
 * holdings in row id order from its token, and a holdings summary (or a total over a migration)
 * sums an owner's range index-only, the creation time filtered from the INCLUDE columns instead
 * of bounding the range (an owner's holdings created after the snapshot are read and skipped).
 */
export class HoldingsOwnerIndex1795523400000 implements MigrationInterface {
  name = 'HoldingsOwnerIndex1795523400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_amulet_holdings_owner_row"`);
    await q.query(
      `CREATE INDEX "ix_amulet_holdings_owner_row" ON "amulet_holdings" ("migration_id", "owner", "contract_row_id")
         INCLUDE ("created_record_time", "archived_record_time", "locked", "amount")`,
    );
    await q.query(`DROP INDEX "ix_amulet_holdings_owner"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_amulet_holdings_owner" ON "amulet_holdings" ("migration_id", "owner", "created_record_time")
         INCLUDE ("archived_record_time", "locked", "amount")`,
    );
    await q.query(`DROP INDEX "ix_amulet_holdings_owner_row"`);
    await q.query(
      `CREATE INDEX "ix_amulet_holdings_owner_row" ON "amulet_holdings" ("migration_id", "owner", "contract_row_id")
         INCLUDE ("created_record_time", "archived_record_time")`,
    );
  }
}
