import { columnsOf, encodeRows, loadRows, type CopyColumn } from '../database/copy-rows';
import type { DbConnection } from '../database/db';
import type { MigrationStart } from './batch-builder';
import type { ContractKey, StoredArchive, StoredContract, StoredReassignment } from './contract-states';
import { ensureHistoryPartitions } from './history-partitions';
import { union } from './history-row-builder';
import { readOffsetBounds, type OffsetBounds } from './offset-bounds';
import type { HistoryContractRow, HistoryEventRow, HistoryUpdateRow } from './history-rows';
import { partyIdsAssigned } from './party-ids';
import { templateRefAssigned } from './template-ids';
import { assignedSynchronizerId } from './synchronizer-ids';

/** What the writer reads of the stored history while it checks and builds a batch. */
export interface HistoryView {
  storedHashes(updateIds: readonly string[]): Promise<Map<string, string>>;
  /**
   * Per migration, where the offset of a new update of it may go (`OffsetBounds`,
   * offset-bounds.ts).
   */
  offsetBounds(migrationIds: readonly number[]): Promise<Map<number, OffsetBounds>>;
  lastRecordTimes(migrationIds: number[]): Promise<Map<number, string>>;
  contractsByKey(keys: ContractKey[]): Promise<StoredContract[]>;
  /** Reserves `count` ascending row ids of a table's identity column (rows are then written with them). */
  allocateIds(table: 'updates' | 'contracts', count: number): Promise<string[]>;
}

/** What a batch writes to the history tables (row ids reserved, all rows resolved). */
export interface HistoryTableWrites {
  updates: HistoryUpdateRow[];
  events: HistoryEventRow[];
  /** New contracts, row ids ascending in creation order. */
  contracts: HistoryContractRow[];
  archivesOfStored: (StoredArchive & { updateRowId: string })[];
  /** In input order: several reassignments of one contract in a batch, the last one wins. */
  reassignedStored: StoredReassignment[];
}

/** NOTIFY channel carrying the new ledger end (offset) after each committed append. */
export const LEDGER_UPDATES_CHANNEL = 'ledger_updates';

// An arbitrary constant: one writer at a time across every process sharing the database.
const WRITER_LOCK = 7_301_946_102;

/** A column of `parties` ids, refusing rows whose ids were not assigned (`assignPartyIds`). */
function partyIdColumn<R>(name: string, ids: (row: R) => readonly number[] | null): CopyColumn<R> {
  return {
    name,
    kind: 'intArray',
    get: (row) => {
      const value = ids(row);
      if (value !== null && !partyIdsAssigned(value))
        throw new Error(`${name} of a row written without party ids`);
      return value;
    },
  };
}

/** The `synchronizers` id column, refusing rows whose id was not assigned (`assignSynchronizerIds`). */
function synchronizerIdColumn<R extends { synchronizer: number }>(): CopyColumn<R> {
  return {
    name: 'synchronizer',
    kind: 'int',
    get: (row) => assignedSynchronizerId(row.synchronizer, 'synchronizer'),
  };
}

const UPDATE_COLUMNS = columnsOf<HistoryUpdateRow>({
  row_id: 'int',
  update_id: 'text',
  migration_id: 'int',
  kind: 'text',
  is_import: 'bool',
  record_time: 'timestamp',
  effective_at: 'timestamp',
  workflow_id: 'text',
  command_id: 'text',
  ledger_offset: 'int',
  external_transaction_hash: 'text',
  root_node_ids: 'intArray',
  submitter: 'text',
  source_synchronizer: 'text',
  target_synchronizer: 'text',
  unassign_id: 'text',
  reassignment_counter: 'int',
  reassigned_contract_id: 'text',
  content_hash: 'text',
  compact_only: 'bool',
}).concat(synchronizerIdColumn<HistoryUpdateRow>());

const EVENT_COLUMNS = columnsOf<HistoryEventRow>({
  update_row_id: 'int',
  migration_id: 'int',
  node_id: 'int',
  event_type: 'text',
  contract_id: 'text',
  create_arguments: 'jsonText',
  created_at: 'timestamp',
  signatories: 'textArray',
  observers: 'textArray',
  choice: 'text',
  choice_argument: 'jsonText',
  exercise_result: 'jsonText',
  consuming: 'bool',
  acting_parties: 'textArray',
  interface_id: 'text',
  child_node_ids: 'intArray',
  last_descendant_node_id: 'int',
  witnesses: 'textArray',
}).concat(
  partyIdColumn<HistoryEventRow>('stakeholders', (r) => r.stakeholder_ids),
  partyIdColumn<HistoryEventRow>('other_party_ids', (r) => r.other_party_ids),
  {
    name: 'template_ref',
    kind: 'int',
    get: (row) => {
      if (!templateRefAssigned(row.template_ref))
        throw new Error('template_ref of an event written without its template id');
      return row.template_ref;
    },
  },
);

const CONTRACT_COLUMNS = columnsOf<HistoryContractRow>({
  row_id: 'int',
  created_update_row_id: 'int',
  archived_update_row_id: 'int',
  migration_id: 'int',
  contract_id: 'text',
  // No template_id: it is package_id:module_name:entity_name (template-key.sql.ts contractTemplateId).
  package_id: 'text',
  package_name: 'text',
  module_name: 'text',
  entity_name: 'text',
  payload_compact: 'json',
  created_event_blob: 'text',
  created_event_blob_derivable: 'bool',
  created_at: 'timestamp',
  signatories: 'textArray',
  observers: 'textArray',
  created_node_id: 'int',
  created_offset: 'int',
  created_record_time: 'timestamp',
  archived_node_id: 'int',
  archived_offset: 'int',
  archived_record_time: 'timestamp',
  in_flight: 'bool',
  reassignment_counter: 'int',
}).concat(
  partyIdColumn<HistoryContractRow>('stakeholders', (r) => r.stakeholder_ids),
  synchronizerIdColumn<HistoryContractRow>(),
);

/** A batch's history rows as COPY text (`encodeHistoryRows`), per table. */
export interface EncodedHistoryRows {
  updates: string[];
  events: string[];
  contracts: string[];
}

/** The COPY text of a batch's new history rows, for a `write` of them later. */
export function encodeHistoryRows(rows: HistoryTableWrites): EncodedHistoryRows {
  return {
    updates: encodeRows(UPDATE_COLUMNS, rows.updates),
    events: encodeRows(EVENT_COLUMNS, rows.events),
    contracts: encodeRows(CONTRACT_COLUMNS, rows.contracts),
  };
}

/**
 * SQL of the history tables (updates, events, contracts) on the writer's connection: the reads
 * a batch is checked against, the writer lock, and the batch's rows, bulk-loaded (COPY) or
 * applied as one JSON document per statement (`jsonb_to_recordset`), so a batch costs a
 * handful of round trips whatever its size.
 */
export class HistoryWriteRepository implements HistoryView {
  constructor(private readonly connection: DbConnection) {}

  async lockWriter(): Promise<void> {
    await this.connection.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK]);
  }

  /** The writer lock for this connection's session (until `unlockWriterSession`), e.g. for a pipeline. */
  async lockWriterSession(): Promise<void> {
    await this.connection.query('SELECT pg_advisory_lock($1)', [WRITER_LOCK]);
  }

  async unlockWriterSession(): Promise<void> {
    await this.connection.query('SELECT pg_advisory_unlock($1)', [WRITER_LOCK]);
  }

  async storedHashes(updateIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.connection.query<Pick<HistoryUpdateRow, 'update_id' | 'content_hash'>>(
      'SELECT update_id, content_hash FROM updates WHERE update_id = ANY($1::text[])',
      [updateIds],
    );
    return new Map(rows.map((r) => [r.update_id, r.content_hash]));
  }

  async offsetBounds(migrationIds: readonly number[]): Promise<Map<number, OffsetBounds>> {
    return readOffsetBounds(this.connection, migrationIds);
  }

  /** Newest non-import record time per migration. */
  async lastRecordTimes(migrationIds: number[]): Promise<Map<number, string>> {
    // One backward index probe per migration (ix_updates_migration_record_time), not a scan.
    const rows = await this.connection.query<{ migration_id: string; t: string | null }>(
      `SELECT m.migration_id,
              (SELECT u.record_time FROM updates u
                WHERE u.migration_id = m.migration_id AND u.record_time > '0001-01-01T00:00:00Z'
                ORDER BY u.record_time DESC LIMIT 1) AS t
         FROM unnest($1::bigint[]) AS m(migration_id)`,
      [migrationIds],
    );
    return new Map(rows.filter((r) => r.t !== null).map((r) => [Number(r.migration_id), r.t!]));
  }

  async contractsByKey(keys: ContractKey[]): Promise<StoredContract[]> {
    if (keys.length === 0) return [];
    const rows = await this.connection.query<
      Pick<HistoryContractRow, 'row_id' | 'contract_id' | 'signatories' | 'observers' | 'in_flight'> & {
        migration_id: string;
        archived: boolean;
      }
    >(
      // One ux_contracts_contract_migration probe per key, whatever the planner makes of a join
      // (it chose to sort the whole table for a batch's few thousand keys, in parallel workers,
      // every batch: work growing with the store). The key is unique: LIMIT 1 drops nothing.
      `SELECT c.row_id, c.migration_id, c.contract_id, c.signatories, c.observers,
                c.archived_record_time IS NOT NULL AS archived, c.in_flight
           FROM unnest($1::bigint[], $2::text[]) AS k(migration_id, contract_id)
          CROSS JOIN LATERAL (
                SELECT * FROM contracts c
                 WHERE c.migration_id = k.migration_id AND c.contract_id = k.contract_id LIMIT 1) c`,
      [keys.map((k) => k.migrationId), keys.map((k) => k.contractId)],
    );
    return rows.map((r) => ({
      rowId: r.row_id,
      migrationId: Number(r.migration_id),
      contractId: r.contract_id,
      signatories: r.signatories,
      // As the row was written (contractRow): the stored ids are the same parties.
      stakeholders: union(r.signatories, r.observers),
      archived: r.archived,
      inFlight: r.in_flight,
    }));
  }

  async allocateIds(table: 'updates' | 'contracts', count: number): Promise<string[]> {
    if (count === 0) return [];
    // The sequence looked up once (not once per id), the ids ascending in one array.
    const [{ ids }] = await this.connection.query<{ ids: string[] }>(
      `WITH s AS MATERIALIZED (SELECT pg_get_serial_sequence($1, 'row_id')::regclass AS seq)
       SELECT array_agg(id ORDER BY id)::text[] AS ids
         FROM (SELECT nextval(s.seq) AS id FROM s, generate_series(1, $2)) x`,
      [table, count],
    );
    return ids;
  }

  /**
   * Writes a batch's history rows, with their reserved row ids, first creating the partitions of
   * the migrations the batch brings (`migrations`: those it touches) when they do not exist yet.
   * `encoded`: the new rows' COPY text, when encoded already (`encodeHistoryRows` of `rows`).
   */
  async write(
    rows: HistoryTableWrites,
    migrations: readonly number[],
    encoded?: EncodedHistoryRows,
  ): Promise<void> {
    await ensureHistoryPartitions(this.connection, migrations);
    await loadRows(this.connection, 'updates', UPDATE_COLUMNS, rows.updates, encoded?.updates);
    await loadRows(this.connection, 'events', EVENT_COLUMNS, rows.events, encoded?.events);
    await loadRows(this.connection, 'contracts', CONTRACT_COLUMNS, rows.contracts, encoded?.contracts);
    await this.archiveStored(rows.archivesOfStored);
    await this.applyReassignments(rows.reassignedStored);
  }

  private async archiveStored(archives: HistoryTableWrites['archivesOfStored']): Promise<void> {
    if (archives.length === 0) return;
    await this.connection.query(
      `UPDATE contracts c SET archived_update_row_id = a.update_row_id, archived_node_id = a.node_id,
                              archived_offset = a.ledger_offset, archived_record_time = a.record_time
         FROM jsonb_to_recordset($1::jsonb) AS a(row_id bigint, migration_id bigint, update_row_id bigint, node_id integer, ledger_offset bigint, record_time timestamptz)
        WHERE c.row_id = a.row_id AND c.migration_id = a.migration_id`,
      [
        JSON.stringify(
          archives.map((a) => ({
            row_id: a.rowId,
            migration_id: a.migrationId,
            update_row_id: a.updateRowId,
            node_id: a.nodeId,
            ledger_offset: a.offset,
            record_time: a.recordTime,
          })),
        ),
      ],
    );
  }

  private async applyReassignments(rows: StoredReassignment[]): Promise<void> {
    if (rows.length === 0) return;
    // Several reassignments of one contract in a batch: the last one wins (input order).
    await this.connection.query(
      `UPDATE contracts c SET synchronizer = r.synchronizer, in_flight = r.in_flight, reassignment_counter = r.counter
         FROM (SELECT DISTINCT ON (row_id) * FROM jsonb_to_recordset($1::jsonb)
                 AS r(ord integer, row_id bigint, migration_id bigint, synchronizer smallint, in_flight boolean, counter bigint)
                ORDER BY row_id, ord DESC) r
        WHERE c.row_id = r.row_id AND c.migration_id = r.migration_id`,
      [
        JSON.stringify(
          rows.map((r, ord) => ({
            ord,
            row_id: r.rowId,
            migration_id: r.migrationId,
            synchronizer: assignedSynchronizerId(r.synchronizer, 'a reassignment'),
            in_flight: r.inFlight,
            counter: r.counter,
          })),
        ),
      ],
    );
  }

  /**
   * Records the migrations a batch brings (those without a row yet), in order, with whether the
   * store holds each from its start: `fromStart` when the caller knows (the mirror), otherwise
   * the rule for a history written in ledger order from its first update: migration 0, or an
   * earlier migration is held, or the migration opens with its import updates. Also whether
   * the store carries each one's verdicts and party-to-participant topology (docs/events.md,
   * docs/hosting.md).
   */
  async recordHeldMigrations(
    starts: readonly MigrationStart[],
    fromStart: boolean | undefined,
    { verdictsHeld = true, hostingHeld = true }: { verdictsHeld?: boolean; hostingHeld?: boolean } = {},
  ): Promise<void> {
    if (starts.length === 0) return;
    const held = new Set(
      (
        await this.connection.query<{ migration_id: string }>(
          'SELECT migration_id FROM history_migrations ORDER BY migration_id',
        )
      ).map((r) => Number(r.migration_id)),
    );
    const rows: {
      migration_id: number;
      from_start: boolean;
      verdicts_held: boolean;
      hosting_held: boolean;
    }[] = [];
    for (const s of starts) {
      if (held.has(s.migrationId)) continue;
      const earlierHeld = [...held].some((m) => m < s.migrationId);
      rows.push({
        migration_id: s.migrationId,
        from_start: fromStart ?? (s.migrationId === 0 || earlierHeld || s.opensWithImports),
        verdicts_held: verdictsHeld,
        hosting_held: hostingHeld,
      });
      held.add(s.migrationId);
    }
    if (rows.length === 0) return;
    await this.connection.query(
      `INSERT INTO history_migrations (migration_id, from_start, verdicts_held, hosting_held)
       SELECT r.migration_id, r.from_start, r.verdicts_held, r.hosting_held
         FROM jsonb_to_recordset($1::jsonb)
           AS r(migration_id bigint, from_start boolean, verdicts_held boolean, hosting_held boolean)
       ON CONFLICT (migration_id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }

  /**
   * Stores created event blobs a caller obtained (the mirror, from its peers) into the contracts
   * that lack one, in every migration held (per migration one ux_contracts_contract_migration
   * probe). A stored blob is never replaced. Returns the number of contract rows filled.
   */
  async storeCreatedEventBlobs(blobs: readonly { contractId: string; blob: string }[]): Promise<number> {
    if (blobs.length === 0) return 0;
    const rows = await this.connection.query<{ row_id: string }>(
      `UPDATE contracts c SET created_event_blob = b.blob
         FROM jsonb_to_recordset($1::jsonb) AS b(contract_id text, blob text), history_migrations m
        WHERE c.migration_id = m.migration_id AND c.contract_id = b.contract_id AND c.created_event_blob IS NULL
        RETURNING c.row_id`,
      [JSON.stringify(blobs.map((b) => ({ contract_id: b.contractId, blob: b.blob })))],
    );
    return rows.length;
  }

  /** Delivered on commit: live readers (ledger streams) in any process learn of new updates. */
  async notifyAppended(ledgerEnd: string): Promise<void> {
    await this.connection.query(`SELECT pg_notify($1, $2)`, [LEDGER_UPDATES_CHANNEL, ledgerEnd]);
  }
}
