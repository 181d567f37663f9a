import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A contract's template id from its parts (template-key.sql.ts contractTemplateId). */
const FROM_PARTS = `"package_id" || ':' || "module_name" || ':' || "entity_name"`;

/**
 * `contracts.template_id` not stored (docs/scaling.md "Cuts made", templates): it is always
 * `package_id:module_name:entity_name` (the writer accepts only template ids of that form,
 * update-validation.ts, and splits them into those columns), so the reads print it from its parts.
 * A store holding any other row is refused rather than changed. Rows written before this
 * migration keep the dropped column's bytes until they are rewritten (an update, or VACUUM FULL);
 * rows written after it are ~96 bytes smaller.
 */
export class ContractTemplateId1795523610000 implements MigrationInterface {
  name = 'ContractTemplateId1795523610000';

  async up(q: QueryRunner): Promise<void> {
    const odd: { contract_id: string; template_id: string }[] = await q.query(
      `SELECT contract_id, template_id FROM contracts WHERE template_id IS DISTINCT FROM ${FROM_PARTS} LIMIT 1`,
    );
    if (odd.length > 0)
      throw new Error(
        `contract ${odd[0].contract_id}: template id ${JSON.stringify(odd[0].template_id)} is not its package id, module and entity joined by ':'`,
      );
    await q.query(`ALTER TABLE "contracts" DROP COLUMN "template_id"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "contracts" ADD COLUMN "template_id" text`);
    await q.query(`UPDATE "contracts" SET "template_id" = ${FROM_PARTS}`);
    await q.query(`ALTER TABLE "contracts" ALTER COLUMN "template_id" SET NOT NULL`);
  }
}
