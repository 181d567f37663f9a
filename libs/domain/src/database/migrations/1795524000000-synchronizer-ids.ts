import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The synchronizer of an update and of a contract is a dictionary id (docs/scaling.md "Issue 32,
 * fourth session", synchronizer ids): `updates.synchronizer_id` and `contracts.synchronizer_id`
 * (the same few ids, ~84 bytes each, on every row) become `updates.synchronizer` and
 * `contracts.synchronizer`, a smallint `synchronizers.id`. The reassignment columns
 * (`updates.source_synchronizer`, `target_synchronizer`; null on transactions) stay text.
 * `synchronizers` is a table of its own, not `parties`: the ledger lists that one as its parties.
 *
 * `up` fills the dictionary from the stored rows and rewrites both tables once (ALTER COLUMN
 * TYPE: budget the time and disk of a copy of both), then analyzes them; `down` maps the ids
 * back to the names.
 */
export class SynchronizerIds1795524000000 implements MigrationInterface {
  name = 'SynchronizerIds1795524000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "synchronizers" ("id" smallint GENERATED ALWAYS AS IDENTITY NOT NULL, "synchronizer" text NOT NULL,
         CONSTRAINT "pk_synchronizers" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "ux_synchronizers_synchronizer" ON "synchronizers" ("synchronizer")`);
    await q.query(
      `INSERT INTO "synchronizers" ("synchronizer")
       SELECT s.synchronizer FROM (
         SELECT DISTINCT "synchronizer_id" AS synchronizer FROM "updates"
         UNION SELECT DISTINCT "synchronizer_id" FROM "contracts") s
       ORDER BY s.synchronizer COLLATE "C"`,
    );
    // A function, as ALTER COLUMN TYPE ... USING takes no subquery.
    await q.query(
      `CREATE FUNCTION "synchronizer_id_of_name"(name text) RETURNS smallint LANGUAGE sql STABLE AS $$
         SELECT d.id FROM synchronizers d WHERE d.synchronizer = name
       $$`,
    );
    for (const table of ['updates', 'contracts']) {
      await q.query(`ALTER TABLE "${table}" RENAME COLUMN "synchronizer_id" TO "synchronizer"`);
      await q.query(
        `ALTER TABLE "${table}" ALTER COLUMN "synchronizer" TYPE smallint USING synchronizer_id_of_name("synchronizer")`,
      );
    }
    await q.query(`DROP FUNCTION "synchronizer_id_of_name"(text)`);
    // ALTER COLUMN TYPE drops the columns' statistics.
    await q.query(`ANALYZE "synchronizers", "updates", "contracts"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE FUNCTION "synchronizer_name_of_id"(id smallint) RETURNS text LANGUAGE sql STABLE AS $$
         SELECT d.synchronizer FROM synchronizers d WHERE d.id = synchronizer_name_of_id.id
       $$`,
    );
    for (const table of ['updates', 'contracts']) {
      await q.query(
        `ALTER TABLE "${table}" ALTER COLUMN "synchronizer" TYPE text USING synchronizer_name_of_id("synchronizer")`,
      );
      await q.query(`ALTER TABLE "${table}" RENAME COLUMN "synchronizer" TO "synchronizer_id"`);
    }
    await q.query(`DROP FUNCTION "synchronizer_name_of_id"(smallint)`);
    await q.query(`DROP TABLE "synchronizers"`);
    await q.query(`ANALYZE "updates", "contracts"`);
  }
}
