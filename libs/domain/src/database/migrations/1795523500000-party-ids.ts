import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The party columns only filters read hold dictionary ids (docs/scaling.md "Storage per update",
 * candidate 1): `events.stakeholders` and `contracts.stakeholders` become `integer[]` of
 * `parties.id` (in the order of the names they held), and the acting parties of an event that
 * are not among its stakeholders get a column of ids of their own, `events.other_party_ids` (null
 * when there are none), so that ix_events_parties indexes ids too: `stakeholders ||
 * other_party_ids` holds the same parties as `stakeholders || acting_parties` did. The printed
 * party arrays (signatories, observers, witnesses, acting_parties) stay text.
 *
 * `up` fills the dictionary from the stored rows and rewrites both tables once (ALTER COLUMN TYPE,
 * which rebuilds ix_contracts_stakeholders; budget the time and disk of a copy of both), then
 * analyzes them; `down` maps the ids back to the names.
 */
export class PartyIds1795523500000 implements MigrationInterface {
  name = 'PartyIds1795523500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "parties" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "party" text NOT NULL,
         CONSTRAINT "pk_parties" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "ux_parties_party" ON "parties" ("party")`);
    await q.query(
      `INSERT INTO "parties" ("party")
       SELECT p.party FROM (
         SELECT unnest("stakeholders") AS party FROM "events"
         UNION SELECT unnest("acting_parties") FROM "events"
         UNION SELECT unnest("stakeholders") FROM "contracts") p
       ORDER BY p.party COLLATE "C"`,
    );
    // A function, as ALTER COLUMN TYPE ... USING takes no subquery.
    await q.query(
      `CREATE FUNCTION "party_ids_of_names"(names text[]) RETURNS integer[] LANGUAGE sql STABLE AS $$
         SELECT ARRAY(SELECT d.id FROM unnest(names) WITH ORDINALITY AS q(party, n) JOIN parties d ON d.party = q.party ORDER BY q.n)
       $$`,
    );
    await q.query(`DROP INDEX "ix_events_parties"`);
    await q.query(`ALTER TABLE "events" ADD "other_party_ids" integer array`);
    await q.query(
      `UPDATE "events" SET "other_party_ids" = party_ids_of_names(ARRAY(
           SELECT a.party FROM unnest("acting_parties") WITH ORDINALITY AS a(party, n)
            WHERE a.party <> ALL ("stakeholders") ORDER BY a.n))
        WHERE "acting_parties" IS NOT NULL AND NOT "acting_parties" <@ "stakeholders"`,
    );
    await q.query(
      `ALTER TABLE "events" ALTER COLUMN "stakeholders" TYPE integer array USING party_ids_of_names("stakeholders")`,
    );
    await q.query(
      `CREATE INDEX "ix_events_parties" ON "events" USING gin (("stakeholders" || coalesce("other_party_ids", '{}'::integer[])))`,
    );
    await q.query(
      `ALTER TABLE "contracts" ALTER COLUMN "stakeholders" TYPE integer array USING party_ids_of_names("stakeholders")`,
    );
    await q.query(`DROP FUNCTION "party_ids_of_names"(text[])`);
    // ALTER COLUMN TYPE drops the columns' statistics: the party filters' estimates need them.
    await q.query(`ANALYZE "parties", "events", "contracts"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE FUNCTION "party_names_of_ids"(ids integer[]) RETURNS text[] LANGUAGE sql STABLE AS $$
         SELECT ARRAY(SELECT d.party FROM unnest(ids) WITH ORDINALITY AS s(id, n) JOIN parties d ON d.id = s.id ORDER BY s.n)
       $$`,
    );
    await q.query(`DROP INDEX "ix_events_parties"`);
    await q.query(
      `ALTER TABLE "events" ALTER COLUMN "stakeholders" TYPE text array USING party_names_of_ids("stakeholders")`,
    );
    await q.query(`ALTER TABLE "events" DROP COLUMN "other_party_ids"`);
    await q.query(
      `CREATE INDEX "ix_events_parties" ON "events" USING gin (("stakeholders" || coalesce("acting_parties", '{}'::text[])))`,
    );
    await q.query(
      `ALTER TABLE "contracts" ALTER COLUMN "stakeholders" TYPE text array USING party_names_of_ids("stakeholders")`,
    );
    await q.query(`DROP FUNCTION "party_names_of_ids"(integer[])`);
    await q.query(`DROP TABLE "parties"`);
    await q.query(`ANALYZE "events", "contracts"`);
  }
}
