import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A contract's `package_name:Module:Entity`, hashed: the key template filters state (template-key.sql.ts). */
const CONTRACT_KEY = `(hashtext("package_name" || ':' || "module_name" || ':' || "entity_name"))`;
/** An event's `MODULE:ENTITY` (its template id without the package), hashed. */
const EVENT_KEY = `(hashtext(substr("template_id", strpos("template_id", ':') + 1)))`;

/**
 * Template indexes keyed on a 4-byte hash of the names (docs/scaling.md "Cuts made", templates):
 * `ix_contracts_template`, `ix_contracts_active_template` and `ix_events_template_entity` held
 * the package name, module and entity (or an event's `MODULE:ENTITY`) as text in every entry.
 * Keyed on `hashtext` of the same text, each keeps its other columns and its order within a
 * template; a filter states the hash and the names, and PostgreSQL re-checks the names on the
 * rows the hash found (the rows are read anyway: none of these scans was index-only).
 */
export class TemplateHashIndexes1795523600000 implements MigrationInterface {
  name = 'TemplateHashIndexes1795523600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_contracts_template"`);
    await q.query(
      `CREATE INDEX "ix_contracts_template" ON "contracts" (${CONTRACT_KEY}, "migration_id", "row_id")`,
    );
    await q.query(`DROP INDEX "ix_contracts_active_template"`);
    await q.query(
      `CREATE INDEX "ix_contracts_active_template" ON "contracts" (${CONTRACT_KEY}, "row_id") WHERE "archived_record_time" IS NULL`,
    );
    await q.query(`DROP INDEX "ix_events_template_entity"`);
    await q.query(`CREATE INDEX "ix_events_template_entity" ON "events" (${EVENT_KEY}, "update_row_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_events_template_entity"`);
    await q.query(
      `CREATE INDEX "ix_events_template_entity" ON "events" ((substr("template_id", strpos("template_id", ':') + 1)), "update_row_id")`,
    );
    await q.query(`DROP INDEX "ix_contracts_active_template"`);
    await q.query(
      `CREATE INDEX "ix_contracts_active_template" ON "contracts" ("package_name", "module_name", "entity_name", "row_id") WHERE "archived_record_time" IS NULL`,
    );
    await q.query(`DROP INDEX "ix_contracts_template"`);
    await q.query(
      `CREATE INDEX "ix_contracts_template" ON "contracts" ("package_name", "module_name", "entity_name", "migration_id", "row_id")`,
    );
  }
}
