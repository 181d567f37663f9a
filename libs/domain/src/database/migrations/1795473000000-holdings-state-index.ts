import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Holdings state pages (`/v0|v1/holdings/state`) walk each requested owner's holdings in creation
 * order from the page token on: (migration_id, owner, contract_row_id) serves that walk, and the
 * lifetime bounds included make the snapshot filter index-only. Without it a page reads every
 * holding of its owners (ix_amulet_holdings_owner is in creation time, not row id, order) or
 * walks the whole migration's holdings in row id order.
 */
export class HoldingsStateIndex1795473000000 implements MigrationInterface {
  name = 'HoldingsStateIndex1795473000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_amulet_holdings_owner_row" ON "amulet_holdings" ("migration_id", "owner", "contract_row_id")
         INCLUDE ("created_record_time", "archived_record_time")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_amulet_holdings_owner_row"`);
  }
}
