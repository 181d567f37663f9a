import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Ledger node users, rights and pruning offsets; computed CIP-0104 reward accounting totals. */
export class LedgerNodeAndRewards1795317495038 implements MigrationInterface {
  name = 'LedgerNodeAndRewards1795317495038';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "ledger_users" (
        "user_id" text NOT NULL,
        "primary_party" text,
        "is_admin" boolean NOT NULL DEFAULT false,
        "can_read_as_any_party" boolean NOT NULL DEFAULT false,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_ledger_users" PRIMARY KEY ("user_id")
      )`);
    await q.query(`
      CREATE TABLE "ledger_user_rights" (
        "user_id" text NOT NULL,
        "kind" text NOT NULL,
        "party" text NOT NULL,
        CONSTRAINT "pk_ledger_user_rights" PRIMARY KEY ("user_id", "kind", "party"),
        CONSTRAINT "ck_ledger_user_rights_kind" CHECK ("kind" IN ('can_read_as')),
        CONSTRAINT "fk_ledger_user_rights_user" FOREIGN KEY ("user_id") REFERENCES "ledger_users" ("user_id") ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE "ledger_pruning" (
        "id" smallint NOT NULL,
        "participant_pruned_up_to_inclusive" bigint NOT NULL,
        "all_divulged_contracts_pruned_up_to_inclusive" bigint NOT NULL,
        "pruned_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_ledger_pruning" PRIMARY KEY ("id"),
        CONSTRAINT "ck_ledger_pruning_singleton" CHECK ("id" = 1),
        CONSTRAINT "ck_ledger_pruning_divulged" CHECK ("all_divulged_contracts_pruned_up_to_inclusive" <= "participant_pruned_up_to_inclusive")
      )`);
    await q.query(`
      CREATE TABLE "reward_accounting_totals" (
        "round" bigint NOT NULL,
        "total_app_activity_weight" bigint NOT NULL,
        "active_parties_count" bigint NOT NULL,
        "activity_records_count" bigint NOT NULL,
        "total_app_reward_minting_allowance" numeric(38,10) NOT NULL,
        "total_app_reward_thresholded" numeric(38,10) NOT NULL,
        "total_app_reward_unclaimed" numeric(38,10) NOT NULL,
        "rewarded_app_provider_parties_count" bigint NOT NULL,
        "computed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_reward_accounting_totals" PRIMARY KEY ("round")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "reward_accounting_totals"`);
    await q.query(`DROP TABLE "ledger_pruning"`);
    await q.query(`DROP TABLE "ledger_user_rights"`);
    await q.query(`DROP TABLE "ledger_users"`);
  }
}
