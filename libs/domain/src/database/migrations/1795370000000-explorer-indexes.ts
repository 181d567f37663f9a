import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Filters of the explorer's update list (`GET /v0/explorer/updates`, docs/explorer.md): the
 * updates a party took part in (GIN over an event's stakeholders and acting parties) and the
 * updates with an event of a template given as `MODULE:ENTITY` (any package). Without them each
 * filter walked every update newest first, probing its events, until a page was full. The
 * expressions are the ones the repository writes (EVENT_PARTIES, EVENT_TEMPLATE_SUFFIX).
 */
export class ExplorerIndexes1795370000000 implements MigrationInterface {
  name = 'ExplorerIndexes1795370000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_events_parties" ON "events" USING gin (("stakeholders" || coalesce("acting_parties", '{}'::text[])))`,
    );
    await q.query(
      `CREATE INDEX "ix_events_template_entity" ON "events" ((substr("template_id", strpos("template_id", ':') + 1)), "update_row_id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_events_template_entity"`);
    await q.query(`DROP INDEX "ix_events_parties"`);
  }
}
