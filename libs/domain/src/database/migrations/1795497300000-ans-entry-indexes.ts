import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Current ANS entries (scan's `/v0/ans-entries`, `by-name`, `by-party`): by name in byte order,
 * which serves both the exact lookup and a name prefix walked as a range (a `"C"` collation
 * makes a prefix a contiguous range whatever the database's collation), and by user then name,
 * whose first row is a party's entry. Partial: current AnsEntries only; queries name the
 * template by literals, which imply the predicate.
 */
export class AnsEntryIndexes1795497300000 implements MigrationInterface {
  name = 'AnsEntryIndexes1795497300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_contracts_ans_entry_name" ON "contracts" ("migration_id", (("payload_compact"->>'name') COLLATE "C"))
        WHERE "entity_name" = 'AnsEntry' AND "archived_record_time" IS NULL`,
    );
    await q.query(
      `CREATE INDEX "ix_contracts_ans_entry_user" ON "contracts" ("migration_id", ("payload_compact"->>'user'), (("payload_compact"->>'name') COLLATE "C"))
        WHERE "entity_name" = 'AnsEntry' AND "archived_record_time" IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_contracts_ans_entry_user"`);
    await q.query(`DROP INDEX "ix_contracts_ans_entry_name"`);
  }
}
