import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The three parts of an event's text template id. */
const PARTS = [1, 2, 3].map((n) => `split_part("template_id", ':', ${n})`);

/**
 * `events.template_id` and `events.package_name` held as an id into a dictionary of templates
 * (docs/scaling.md "Issue 32, fourth session", templates): `templates` holds each template id's
 * three parts with the package name given with it, and `events.template_ref` the id (4 bytes
 * where the two texts took ~112). ix_events_template_entity is keyed on the id instead of the hash
 * of `MODULE:ENTITY`: a filter looks the matching ids up in the dictionary first.
 *
 * `up` refuses a store holding a template id of other than three parts (the writer accepts no
 * other, update-validation.ts, so such a row would not be restored by `down`), fills the
 * dictionary from the events and rewrites `events` once (ALTER COLUMN TYPE: budget the time and
 * disk of a copy of it); the package names' bytes stay in rows written before until they are
 * rewritten (VACUUM FULL). `down` restores both columns from the dictionary.
 */
export class TemplateIds1795523800000 implements MigrationInterface {
  name = 'TemplateIds1795523800000';

  async up(q: QueryRunner): Promise<void> {
    const odd: { template_id: string }[] = await q.query(
      `SELECT template_id FROM events WHERE "template_id" IS DISTINCT FROM ${PARTS.join(` || ':' || `)} LIMIT 1`,
    );
    if (odd.length > 0)
      throw new Error(
        `template id ${JSON.stringify(odd[0].template_id)} is not a package id, module and entity joined by ':'`,
      );
    await q.query(
      `CREATE TABLE "templates" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "package_id" text NOT NULL,
         "module_name" text NOT NULL, "entity_name" text NOT NULL, "package_name" text NOT NULL,
         CONSTRAINT "pk_templates" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "ux_templates_template" ON "templates" ("package_id", "module_name", "entity_name", "package_name")`,
    );
    await q.query(
      `INSERT INTO "templates" ("package_id", "module_name", "entity_name", "package_name")
       SELECT DISTINCT ${PARTS.join(', ')}, "package_name" FROM "events" ORDER BY 1, 2, 3, 4`,
    );
    // A function, as ALTER COLUMN TYPE ... USING takes no subquery.
    await q.query(
      `CREATE FUNCTION "template_ref_of"(template_id text, package_name text) RETURNS integer LANGUAGE sql STABLE AS $$
         SELECT t.id FROM templates t
          WHERE t.package_id = split_part(template_id, ':', 1) AND t.module_name = split_part(template_id, ':', 2)
            AND t.entity_name = split_part(template_id, ':', 3) AND t.package_name = template_ref_of.package_name
       $$`,
    );
    await q.query(`DROP INDEX "ix_events_template_entity"`);
    await q.query(
      `ALTER TABLE "events" ALTER COLUMN "template_id" TYPE integer USING template_ref_of("template_id", "package_name")`,
    );
    await q.query(`ALTER TABLE "events" DROP COLUMN "package_name"`);
    await q.query(`ALTER TABLE "events" RENAME COLUMN "template_id" TO "template_ref"`);
    await q.query(`CREATE INDEX "ix_events_template_entity" ON "events" ("template_ref", "update_row_id")`);
    await q.query(`DROP FUNCTION "template_ref_of"(text, text)`);
    // ALTER COLUMN TYPE drops the column's statistics: the template filters' estimates need them.
    await q.query(`ANALYZE "templates", "events"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_events_template_entity"`);
    await q.query(`ALTER TABLE "events" ADD COLUMN "package_name" text`);
    await q.query(
      `UPDATE "events" e SET "package_name" = t.package_name FROM "templates" t WHERE t.id = e.template_ref`,
    );
    await q.query(
      `CREATE FUNCTION "template_id_of"(ref integer) RETURNS text LANGUAGE sql STABLE AS $$
         SELECT t.package_id || ':' || t.module_name || ':' || t.entity_name FROM templates t WHERE t.id = ref
       $$`,
    );
    // One rewrite, which also leaves behind the row versions the UPDATE made.
    await q.query(
      `ALTER TABLE "events" ALTER COLUMN "template_ref" TYPE text USING template_id_of("template_ref"),
         ALTER COLUMN "package_name" SET NOT NULL`,
    );
    await q.query(`ALTER TABLE "events" RENAME COLUMN "template_ref" TO "template_id"`);
    await q.query(`DROP FUNCTION "template_id_of"(integer)`);
    await q.query(
      `CREATE INDEX "ix_events_template_entity" ON "events" ((hashtext(substr("template_id", strpos("template_id", ':') + 1))), "update_row_id")`,
    );
    await q.query(`DROP TABLE "templates"`);
    await q.query(`ANALYZE "events"`);
  }
}
