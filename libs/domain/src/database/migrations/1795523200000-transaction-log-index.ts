import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlChoiceList, TRANSACTION_LOG_CHOICES } from '../../scan/transactions/transaction-log.choices';

/**
 * Scan's deprecated amulet transaction log (`POST /v0/transactions`, docs/transactions.md) is
 * read from the stored exercises at read time: this partial index holds only the exercises of
 * the choices the log reads, in write order, so a page (either direction, after any item) is
 * one ordered range scan whatever the size of the store, instead of a walk of every event.
 */
export class TransactionLogIndex1795523200000 implements MigrationInterface {
  name = 'TransactionLogIndex1795523200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_events_transaction_log" ON "events" ("update_row_id", "node_id")
        WHERE "choice" IN (${sqlChoiceList(TRANSACTION_LOG_CHOICES)})`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_events_transaction_log"`);
  }
}
