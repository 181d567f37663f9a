import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `simulated_network`: the options of the simulated network `npm start` filled the store with,
 * so a restart can regenerate it and resume a live one (README "The live network").
 */
export class SimulatedNetwork1795476000000 implements MigrationInterface {
  name = 'SimulatedNetwork1795476000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "simulated_network" (
        "id" smallint NOT NULL,
        "options" jsonb NOT NULL,
        "live" boolean NOT NULL,
        "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_simulated_network" PRIMARY KEY ("id"),
        CONSTRAINT "ck_simulated_network_single" CHECK ("id" = 1)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "simulated_network"`);
  }
}
