import type { Db } from '../../database/db';
import {
  type ActiveContract,
  CONTRACT_COLUMNS,
  type ContractRow,
  toActiveContract,
} from '../../contracts/active-contracts.repository';
import { NEWEST_MIGRATION } from '../../dso/current-contracts.sql';

const TEMPLATE = (entity: string) =>
  `c.package_name = 'splice-amulet' AND c.module_name = 'Splice.ExternalPartyAmuletRules' AND c.entity_name = '${entity}'`;

// The sender's current counter on ix_contracts_transfer_command_counter_sender ($1 sender).
const COUNTER = `SELECT ${CONTRACT_COLUMNS} FROM contracts c
  WHERE ${TEMPLATE('TransferCommandCounter')} AND c.archived_record_time IS NULL
    AND c.migration_id = ${NEWEST_MIGRATION} AND c.payload_compact->>'sender' = $1
  LIMIT 1`;

// The sender's commands with a nonce, active or not, of every migration (a command carried over
// by a migration's import has a row in each), on ix_contracts_transfer_command_sender_nonce
// ($1 sender, $2 nonce as text, $3 limit), each with the choice and result of the exercise that
// archived it (one pk_events probe).
const COMMANDS = `SELECT ${CONTRACT_COLUMNS},
    e.choice AS archived_by_choice, e.exercise_result::text AS archived_by_result
  FROM contracts c
  LEFT JOIN events e ON e.migration_id = c.migration_id AND e.update_row_id = c.archived_update_row_id
                    AND e.node_id = c.archived_node_id
  WHERE ${TEMPLATE('TransferCommand')}
    AND c.payload_compact->>'sender' = $1 AND c.payload_compact->>'nonce' = $2
  LIMIT $3`;

/** A TransferCommand and the exercise that archived it (none while it is active). */
export interface TransferCommandRow {
  contract: ActiveContract;
  archivedBy?: { choice: string; result: unknown };
}

/** External parties' TransferCommandCounters and TransferCommands (splice-amulet). */
export class TransferCommandsRepository {
  /** The statements, for EXPLAIN in tests. */
  static readonly COUNTER = COUNTER;
  static readonly COMMANDS = COMMANDS;

  constructor(private readonly db: Db) {}

  async lookupCounter(sender: string): Promise<ActiveContract | undefined> {
    const rows: ContractRow[] = await this.db.query(COUNTER, [sender]);
    return rows[0] ? toActiveContract(rows[0]) : undefined;
  }

  async listCommands(sender: string, nonce: string, limit: number): Promise<TransferCommandRow[]> {
    const rows: (ContractRow & { archived_by_choice: string | null; archived_by_result: string | null })[] =
      await this.db.query(COMMANDS, [sender, nonce, limit]);
    return rows.map((r) => ({
      contract: toActiveContract(r),
      ...(r.archived_by_choice === null
        ? {}
        : {
            archivedBy: {
              choice: r.archived_by_choice,
              result: r.archived_by_result === null ? null : JSON.parse(r.archived_by_result),
            },
          }),
    }));
  }
}
