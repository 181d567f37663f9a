import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The holdings index, keyed on the owner column `owner` (its name before and after this migration). */
const holdingsIndex = (owner: string) =>
  `CREATE INDEX "ix_amulet_holdings_owner_row" ON "amulet_holdings" ("migration_id", "${owner}", "contract_row_id")
     INCLUDE ("created_record_time", "archived_record_time", "locked", "amount")`;

/**
 * A holding's owner is its `parties` id (docs/scaling.md "Issue 32, fourth session", holdings):
 * `amulet_holdings.owner` (text, a party name of ~80 bytes, in the heap and as the second key of
 * ix_amulet_holdings_owner_row) becomes `owner_id`, an integer `parties.id`. The readers look the
 * requested owners up in the dictionary first and print the names they were given, so no answer
 * reads the dictionary's names back.
 *
 * `up` adds the owners the dictionary lacks (a holding's owner is a stakeholder of its contract,
 * so only a store written before the dictionary could lack one), then rewrites the table once
 * (ALTER COLUMN TYPE: a copy of the table, partition by partition) and builds the index again;
 * `down` maps the ids back to the names, exactly.
 */
export class HoldingsOwnerIds1795523900000 implements MigrationInterface {
  name = 'HoldingsOwnerIds1795523900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO "parties" ("party")
       SELECT h.owner FROM (SELECT DISTINCT "owner" FROM "amulet_holdings") h
        WHERE NOT EXISTS (SELECT 1 FROM "parties" d WHERE d.party = h.owner)
        ORDER BY h.owner COLLATE "C"`,
    );
    // A function, as ALTER COLUMN TYPE ... USING takes no subquery.
    await q.query(
      `CREATE FUNCTION "party_id_of_name"(name text) RETURNS integer LANGUAGE sql STABLE AS $$
         SELECT d.id FROM parties d WHERE d.party = name
       $$`,
    );
    await q.query(`DROP INDEX "ix_amulet_holdings_owner_row"`);
    await q.query(
      `ALTER TABLE "amulet_holdings" ALTER COLUMN "owner" TYPE integer USING party_id_of_name("owner")`,
    );
    await q.query(`ALTER TABLE "amulet_holdings" RENAME COLUMN "owner" TO "owner_id"`);
    await q.query(`DROP FUNCTION "party_id_of_name"(text)`);
    await q.query(holdingsIndex('owner_id'));
    // ALTER COLUMN TYPE drops the column's statistics.
    await q.query(`ANALYZE "parties", "amulet_holdings"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE FUNCTION "party_name_of_id"(id integer) RETURNS text LANGUAGE sql STABLE AS $$
         SELECT d.party FROM parties d WHERE d.id = party_name_of_id.id
       $$`,
    );
    await q.query(`DROP INDEX "ix_amulet_holdings_owner_row"`);
    await q.query(`ALTER TABLE "amulet_holdings" RENAME COLUMN "owner_id" TO "owner"`);
    await q.query(
      `ALTER TABLE "amulet_holdings" ALTER COLUMN "owner" TYPE text USING party_name_of_id("owner")`,
    );
    await q.query(`DROP FUNCTION "party_name_of_id"(integer)`);
    await q.query(holdingsIndex('owner'));
    await q.query(`ANALYZE "amulet_holdings"`);
  }
}
