import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's MemberTraffic contracts on a synchronizer (scan's `traffic-status`): the purchased
 * total sums the active ones, and whether any was ever recorded decides a 404. Partial on the
 * template (queries name it by literals, which imply the predicate); archived rows included.
 */
export class MemberTrafficIndex1795470000000 implements MigrationInterface {
  name = 'MemberTrafficIndex1795470000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_contracts_member_traffic" ON "contracts" (("payload_compact"->>'memberId'), ("payload_compact"->>'synchronizerId'), "migration_id")
        WHERE "entity_name" = 'MemberTraffic'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_contracts_member_traffic"`);
  }
}
