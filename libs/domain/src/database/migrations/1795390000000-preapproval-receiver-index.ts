import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A receiver's current TransferPreapproval by receiver (the registry's transfer factory, scan's
 * and the proxy's `transfer-preapprovals/by-party`): without it the lookup reads every current
 * preapproval of the network. Partial: current TransferPreapprovals only; queries name the
 * template by literals, which imply the predicate.
 */
export class PreapprovalReceiverIndex1795390000000 implements MigrationInterface {
  name = 'PreapprovalReceiverIndex1795390000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_contracts_preapproval_receiver" ON "contracts" (("payload_compact"->>'receiver'), "migration_id", "row_id")
        WHERE "entity_name" = 'TransferPreapproval' AND "archived_record_time" IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_contracts_preapproval_receiver"`);
  }
}
