import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The synchronizers' party-to-participant topology as a scan learns it (docs/hosting.md): one row
 * per mapping of a party on a synchronizer from the time it took effect. The newest row of a
 * (synchronizer, party) is read from the primary key backwards.
 */
export class PartyHosting1795497320000 implements MigrationInterface {
  name = 'PartyHosting1795497320000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "party_hosting" (
        "synchronizer_id" text NOT NULL,
        "party_id" text NOT NULL,
        "record_time" timestamptz NOT NULL,
        "migration_id" bigint NOT NULL,
        "participant_ids" text[] NOT NULL,
        CONSTRAINT "pk_party_hosting" PRIMARY KEY ("synchronizer_id", "party_id", "record_time")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "party_hosting"`);
  }
}
