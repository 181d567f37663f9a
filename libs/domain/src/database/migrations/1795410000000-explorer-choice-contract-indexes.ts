import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The choice and contract id filters of the explorer's update list (`GET /v0/explorer/updates`,
 * docs/explorer.md): the updates with an exercise of a choice (partial: exercised events only),
 * and the updates with an event on a contract. The contract index is a hash index: the filter only
 * tests equality, and a contract id (138 hex digits) makes a B-tree five times larger (44 MB
 * against 8.5 MB on the 100,000-contract bench store); walking the updates of a contract on many
 * of them probes `pk_events` instead.
 */
export class ExplorerChoiceContractIndexes1795410000000 implements MigrationInterface {
  name = 'ExplorerChoiceContractIndexes1795410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_events_choice" ON "events" ("choice", "update_row_id") WHERE "choice" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "ix_events_contract" ON "events" USING hash ("contract_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_events_contract"`);
    await q.query(`DROP INDEX "ix_events_choice"`);
  }
}
