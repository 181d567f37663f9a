import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The recorded ledger history: updates, tree events, contracts and the rows derived from them. */
export class HistoryStore1795316380631 implements MigrationInterface {
  name = 'HistoryStore1795316380631';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "updates" (
        "row_id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "update_id" text NOT NULL,
        "migration_id" bigint NOT NULL,
        "kind" text NOT NULL,
        "is_import" boolean NOT NULL DEFAULT false,
        "record_time" TIMESTAMP WITH TIME ZONE NOT NULL,
        "effective_at" TIMESTAMP WITH TIME ZONE,
        "synchronizer_id" text NOT NULL,
        "workflow_id" text NOT NULL DEFAULT '',
        "command_id" text NOT NULL DEFAULT '',
        "ledger_offset" bigint,
        "external_transaction_hash" text,
        "root_node_ids" integer array,
        "submitter" text,
        "source_synchronizer" text,
        "target_synchronizer" text,
        "unassign_id" text,
        "reassignment_counter" bigint,
        "reassigned_contract_id" text,
        "content_hash" text NOT NULL,
        CONSTRAINT "pk_updates" PRIMARY KEY ("row_id"),
        CONSTRAINT "ck_updates_kind" CHECK ("kind" IN ('transaction', 'assignment', 'unassignment'))
      )`);
    await q.query(`CREATE UNIQUE INDEX "ux_updates_update_id" ON "updates" ("update_id")`);
    await q.query(`CREATE UNIQUE INDEX "ux_updates_ledger_offset" ON "updates" ("ledger_offset")`);
    await q.query(
      `CREATE INDEX "ix_updates_migration_record_time" ON "updates" ("migration_id", "record_time", "row_id")`,
    );
    await q.query(
      `CREATE INDEX "ix_updates_import" ON "updates" ("migration_id", "update_id") WHERE "is_import"`,
    );

    await q.query(`
      CREATE TABLE "events" (
        "update_row_id" bigint NOT NULL,
        "node_id" integer NOT NULL,
        "event_type" text NOT NULL,
        "contract_id" text NOT NULL,
        "template_id" text NOT NULL,
        "package_name" text NOT NULL,
        "create_arguments" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE,
        "signatories" text array,
        "observers" text array,
        "choice" text,
        "choice_argument" jsonb,
        "exercise_result" jsonb,
        "consuming" boolean,
        "acting_parties" text array,
        "interface_id" text,
        "child_node_ids" integer array,
        "last_descendant_node_id" integer NOT NULL,
        "witnesses" text array NOT NULL,
        "stakeholders" text array NOT NULL,
        CONSTRAINT "pk_events" PRIMARY KEY ("update_row_id", "node_id"),
        CONSTRAINT "ck_events_event_type" CHECK ("event_type" IN ('created', 'exercised')),
        CONSTRAINT "fk_events_update" FOREIGN KEY ("update_row_id") REFERENCES "updates" ("row_id") ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE "contracts" (
        "row_id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "migration_id" bigint NOT NULL,
        "contract_id" text NOT NULL,
        "template_id" text NOT NULL,
        "package_id" text NOT NULL,
        "package_name" text NOT NULL,
        "module_name" text NOT NULL,
        "entity_name" text NOT NULL,
        "payload" jsonb NOT NULL,
        "payload_compact" jsonb NOT NULL,
        "created_event_blob" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "signatories" text array NOT NULL,
        "observers" text array NOT NULL,
        "stakeholders" text array NOT NULL,
        "created_update_row_id" bigint NOT NULL,
        "created_node_id" integer NOT NULL,
        "created_offset" bigint,
        "created_record_time" TIMESTAMP WITH TIME ZONE NOT NULL,
        "archived_update_row_id" bigint,
        "archived_node_id" integer,
        "archived_offset" bigint,
        "archived_record_time" TIMESTAMP WITH TIME ZONE,
        "synchronizer_id" text NOT NULL,
        "in_flight" boolean NOT NULL DEFAULT false,
        "reassignment_counter" bigint NOT NULL DEFAULT 0,
        CONSTRAINT "pk_contracts" PRIMARY KEY ("row_id"),
        CONSTRAINT "fk_contracts_created_update" FOREIGN KEY ("created_update_row_id") REFERENCES "updates" ("row_id"),
        CONSTRAINT "fk_contracts_archived_update" FOREIGN KEY ("archived_update_row_id") REFERENCES "updates" ("row_id")
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "ux_contracts_migration_contract" ON "contracts" ("migration_id", "contract_id")`,
    );
    await q.query(
      `CREATE INDEX "ix_contracts_template" ON "contracts" ("package_name", "module_name", "entity_name", "migration_id", "row_id")`,
    );
    await q.query(
      `CREATE INDEX "ix_contracts_acs" ON "contracts" ("migration_id", "row_id") INCLUDE ("created_record_time", "archived_record_time")`,
    );
    await q.query(`CREATE INDEX "ix_contracts_stakeholders" ON "contracts" USING gin ("stakeholders")`);
    await q.query(
      `CREATE INDEX "ix_contracts_active_template" ON "contracts" ("package_name", "module_name", "entity_name", "row_id") WHERE "archived_record_time" IS NULL`,
    );

    await q.query(`
      CREATE TABLE "amulet_holdings" (
        "contract_row_id" bigint NOT NULL,
        "migration_id" bigint NOT NULL,
        "owner" text NOT NULL,
        "amount" numeric(38,10) NOT NULL,
        "locked" boolean NOT NULL,
        "created_record_time" TIMESTAMP WITH TIME ZONE NOT NULL,
        "archived_record_time" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "pk_amulet_holdings" PRIMARY KEY ("contract_row_id"),
        CONSTRAINT "fk_amulet_holdings_contract" FOREIGN KEY ("contract_row_id") REFERENCES "contracts" ("row_id") ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX "ix_amulet_holdings_owner" ON "amulet_holdings" ("migration_id", "owner", "created_record_time")`,
    );

    await q.query(`
      CREATE TABLE "validator_licenses" (
        "contract_row_id" bigint NOT NULL,
        "migration_id" bigint NOT NULL,
        "validator" text NOT NULL,
        "first_received_round" bigint,
        "last_received_round" bigint,
        "num_rounds_missed" bigint,
        "created_record_time" TIMESTAMP WITH TIME ZONE NOT NULL,
        "archived_record_time" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "pk_validator_licenses" PRIMARY KEY ("contract_row_id"),
        CONSTRAINT "fk_validator_licenses_contract" FOREIGN KEY ("contract_row_id") REFERENCES "contracts" ("row_id") ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX "ix_validator_licenses_validator" ON "validator_licenses" ("validator", "migration_id")`,
    );

    await q.query(`
      CREATE TABLE "vote_results" (
        "update_row_id" bigint NOT NULL,
        "node_id" integer NOT NULL,
        "action_name" text NOT NULL,
        "accepted" boolean NOT NULL,
        "outcome" text NOT NULL,
        "requester" text NOT NULL,
        "effective_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "completed_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "pk_vote_results" PRIMARY KEY ("update_row_id", "node_id"),
        CONSTRAINT "fk_vote_results_update" FOREIGN KEY ("update_row_id") REFERENCES "updates" ("row_id") ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX "ix_vote_results_effective_at" ON "vote_results" ("effective_at")`);
    await q.query(
      `CREATE INDEX "ix_vote_results_action_name" ON "vote_results" ("action_name", "effective_at")`,
    );

    await q.query(`
      CREATE TABLE "app_activity_records" (
        "contract_id" text NOT NULL,
        "round" bigint NOT NULL,
        "provider" text NOT NULL,
        "activity_weight" bigint NOT NULL,
        "migration_id" bigint NOT NULL,
        CONSTRAINT "pk_app_activity_records" PRIMARY KEY ("contract_id")
      )`);
    await q.query(
      `CREATE INDEX "ix_app_activity_records_round" ON "app_activity_records" ("round", "provider")`,
    );

    await q.query(`
      CREATE TABLE "mining_rounds" (
        "round" bigint NOT NULL,
        "migration_id" bigint NOT NULL,
        "opens_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "opened_record_time" TIMESTAMP WITH TIME ZONE NOT NULL,
        "closed_record_time" TIMESTAMP WITH TIME ZONE,
        "app_reward_pool" numeric(38,10),
        "app_reward_threshold" numeric(38,10),
        "app_reward_cap_per_weight" numeric(38,10),
        CONSTRAINT "pk_mining_rounds" PRIMARY KEY ("round")
      )`);

    await q.query(`
      CREATE TABLE "acs_snapshots" (
        "migration_id" bigint NOT NULL,
        "record_time" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "pk_acs_snapshots" PRIMARY KEY ("migration_id", "record_time")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'acs_snapshots',
      'mining_rounds',
      'app_activity_records',
      'vote_results',
      'validator_licenses',
      'amulet_holdings',
      'contracts',
      'events',
      'updates',
    ]) {
      await q.query(`DROP TABLE "${table}"`);
    }
  }
}
