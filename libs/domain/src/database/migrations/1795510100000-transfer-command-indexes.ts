import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * External parties' transfer commands (scan's `/v0/transfer-command-counter/{party}` and
 * `/v0/transfer-command/status`): the current TransferCommandCounter by sender, and every
 * TransferCommand (archived ones too: their status is their outcome) by sender and nonce.
 * Partial on the template; queries name it by literals, which imply the predicate.
 */
export class TransferCommandIndexes1795510100000 implements MigrationInterface {
  name = 'TransferCommandIndexes1795510100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_contracts_transfer_command_counter_sender" ON "contracts" ("migration_id", ("payload_compact"->>'sender'))
        WHERE "entity_name" = 'TransferCommandCounter' AND "archived_record_time" IS NULL`,
    );
    await q.query(
      `CREATE INDEX "ix_contracts_transfer_command_sender_nonce" ON "contracts" (("payload_compact"->>'sender'), ("payload_compact"->>'nonce'))
        WHERE "entity_name" = 'TransferCommand'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_contracts_transfer_command_sender_nonce"`);
    await q.query(`DROP INDEX "ix_contracts_transfer_command_counter_sender"`);
  }
}
