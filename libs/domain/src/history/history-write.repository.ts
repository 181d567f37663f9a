import type { PoolClient } from 'pg';
import type { QueryRunner } from 'typeorm';
import { copyRows, insertRowsAsJson, type CopyColumn } from '../database/copy-rows';
import type { CompactValue, DamlValue } from '../daml-value/daml-value.types';
import type { AmuletRulesPayload } from '../splice/amulet-rules.payloads';
import { Q } from './derived-rows';

export interface UpdateRow {
  update_id: string;
  migration_id: number;
  kind: 'transaction' | 'assignment' | 'unassignment';
  is_import: boolean;
  record_time: string;
  effective_at: string | null;
  synchronizer_id: string;
  workflow_id: string;
  command_id: string;
  ledger_offset: string | null;
  external_transaction_hash: string | null;
  root_node_ids: number[] | null;
  submitter: string | null;
  source_synchronizer: string | null;
  target_synchronizer: string | null;
  unassign_id: string | null;
  reassignment_counter: number | null;
  reassigned_contract_id: string | null;
  content_hash: string;
}

export interface EventRow {
  update_id: string;
  node_id: number;
  event_type: 'created' | 'exercised';
  contract_id: string;
  template_id: string;
  package_name: string;
  /** Canonical JSON text of the lossless arguments (created event blobs are derived from it). */
  create_arguments: string | null;
  created_at: string | null;
  signatories: string[] | null;
  observers: string[] | null;
  choice: string | null;
  choice_argument: DamlValue | null;
  exercise_result: DamlValue | null;
  consuming: boolean | null;
  acting_parties: string[] | null;
  interface_id: string | null;
  child_node_ids: number[] | null;
  last_descendant_node_id: number;
  /** Null when equal to `stakeholders`. */
  witnesses: string[] | null;
  stakeholders: string[];
}

export interface ContractRow {
  migration_id: number;
  contract_id: string;
  template_id: string;
  package_id: string;
  package_name: string;
  module_name: string;
  entity_name: string;
  payload_compact: CompactValue;
  created_event_blob: string | null;
  created_at: string;
  signatories: string[];
  observers: string[];
  stakeholders: string[];
  created_update_id: string;
  created_node_id: number;
  created_offset: string | null;
  created_record_time: string;
  archived_update_id: string | null;
  archived_node_id: number | null;
  archived_offset: string | null;
  archived_record_time: string | null;
  synchronizer_id: string;
  in_flight: boolean;
  reassignment_counter: number;
}

export interface HoldingRow {
  contract_row_id: string;
  migration_id: number;
  owner: string;
  amount: string;
  locked: boolean;
  created_record_time: string;
  archived_record_time: string | null;
}

export interface LicenseRow {
  contract_row_id: string;
  migration_id: number;
  validator: string;
  first_received_round: string | null;
  last_received_round: string | null;
  num_rounds_missed: string | null;
  created_record_time: string;
  archived_record_time: string | null;
}

type Kinds<R> = { [K in keyof R]?: CopyColumn<R>['kind'] };

function columnsOf<R>(kinds: Kinds<R>): CopyColumn<R>[] {
  return Object.entries(kinds).map(([name, kind]) => ({
    name,
    kind: kind as CopyColumn<R>['kind'],
    get: (r: R) => r[name as keyof R],
  }));
}

const UPDATE_COLUMNS = columnsOf<UpdateRow & { row_id: string }>({
  row_id: 'int',
  update_id: 'text',
  migration_id: 'int',
  kind: 'text',
  is_import: 'bool',
  record_time: 'timestamp',
  effective_at: 'timestamp',
  synchronizer_id: 'text',
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
});

const EVENT_COLUMNS = columnsOf<EventRow>({
  node_id: 'int',
  event_type: 'text',
  contract_id: 'text',
  template_id: 'text',
  package_name: 'text',
  create_arguments: 'jsonText',
  created_at: 'timestamp',
  signatories: 'textArray',
  observers: 'textArray',
  choice: 'text',
  choice_argument: 'json',
  exercise_result: 'json',
  consuming: 'bool',
  acting_parties: 'textArray',
  interface_id: 'text',
  child_node_ids: 'intArray',
  last_descendant_node_id: 'int',
  witnesses: 'textArray',
  stakeholders: 'textArray',
});

const CONTRACT_COLUMNS = columnsOf<ContractRow>({
  migration_id: 'int',
  contract_id: 'text',
  template_id: 'text',
  package_id: 'text',
  package_name: 'text',
  module_name: 'text',
  entity_name: 'text',
  payload_compact: 'json',
  created_event_blob: 'text',
  created_at: 'timestamp',
  signatories: 'textArray',
  observers: 'textArray',
  stakeholders: 'textArray',
  created_node_id: 'int',
  created_offset: 'int',
  created_record_time: 'timestamp',
  archived_node_id: 'int',
  archived_offset: 'int',
  archived_record_time: 'timestamp',
  synchronizer_id: 'text',
  in_flight: 'bool',
  reassignment_counter: 'int',
});

const HOLDING_COLUMNS = columnsOf<HoldingRow>({
  contract_row_id: 'int',
  migration_id: 'int',
  owner: 'text',
  amount: 'numeric',
  locked: 'bool',
  created_record_time: 'timestamp',
  archived_record_time: 'timestamp',
});

const LICENSE_COLUMNS = columnsOf<LicenseRow>({
  contract_row_id: 'int',
  migration_id: 'int',
  validator: 'text',
  first_received_round: 'int',
  last_received_round: 'int',
  num_rounds_missed: 'int',
  created_record_time: 'timestamp',
  archived_record_time: 'timestamp',
});

export interface StoredContract {
  migrationId: number;
  contractId: string;
  rowId: string;
  signatories: string[];
  stakeholders: string[];
  archived: boolean;
  inFlight: boolean;
}

/** What the writer reads of the stored history while it checks and builds a batch. */
export interface HistoryView {
  storedHashes(updateIds: readonly string[]): Promise<Map<string, string>>;
  maxLedgerOffset(): Promise<bigint | null>;
  lastRecordTimes(migrationIds: number[]): Promise<Map<number, string>>;
  contractsByKey(keys: { migrationId: number; contractId: string }[]): Promise<StoredContract[]>;
  /** Reserves `count` ascending row ids of a table's identity column (rows are then written with them). */
  allocateIds(table: 'updates' | 'contracts', count: number): Promise<string[]>;
}

/** NOTIFY channel carrying the new ledger end (offset) after each committed append. */
export const LEDGER_UPDATES_CHANNEL = 'ledger_updates';

// An arbitrary constant: one writer at a time across every process sharing the database.
const WRITER_LOCK = 7_301_946_102;

/**
 * SQL of the write path. Rows travel as one JSON document per table and statement
 * (`jsonb_to_recordset`), so a batch costs a handful of round trips whatever its size.
 */
export class HistoryWriteRepository implements HistoryView {
  /** `copy` when the server takes COPY FROM STDIN; `json` for the embedded database. */
  constructor(
    private readonly q: QueryRunner,
    private readonly bulkLoad: 'copy' | 'json' = 'copy',
  ) {}

  private async load<R>(table: string, columns: CopyColumn<R>[], rows: readonly R[]): Promise<void> {
    if (this.bulkLoad === 'copy')
      await copyRows((await this.q.connect()) as PoolClient, table, columns, rows);
    else await insertRowsAsJson((sql, params) => this.q.query(sql, params), table, columns, rows);
  }

  async lockWriter(): Promise<void> {
    await this.q.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK]);
  }

  /** The writer lock for this connection's session (until `unlockWriterSession`), e.g. for a pipeline. */
  async lockWriterSession(): Promise<void> {
    await this.q.query('SELECT pg_advisory_lock($1)', [WRITER_LOCK]);
  }

  async unlockWriterSession(): Promise<void> {
    await this.q.query('SELECT pg_advisory_unlock($1)', [WRITER_LOCK]);
  }

  async storedHashes(updateIds: readonly string[]): Promise<Map<string, string>> {
    const rows: { update_id: string; content_hash: string }[] = await this.q.query(
      'SELECT update_id, content_hash FROM updates WHERE update_id = ANY($1::text[])',
      [updateIds],
    );
    return new Map(rows.map((r) => [r.update_id, r.content_hash]));
  }

  async maxLedgerOffset(): Promise<bigint | null> {
    const [row]: { max: string | null }[] = await this.q.query(
      'SELECT max(ledger_offset)::text AS max FROM updates',
    );
    return row.max === null ? null : BigInt(row.max);
  }

  /** Newest non-import record time per migration. */
  async lastRecordTimes(migrationIds: number[]): Promise<Map<number, string>> {
    // One backward index probe per migration (ix_updates_migration_record_time), not a scan.
    const rows: { migration_id: string; t: string | null }[] = await this.q.query(
      `SELECT m.migration_id,
              (SELECT u.record_time FROM updates u
                WHERE u.migration_id = m.migration_id AND u.record_time > '0001-01-01T00:00:00Z'
                ORDER BY u.record_time DESC LIMIT 1) AS t
         FROM unnest($1::bigint[]) AS m(migration_id)`,
      [migrationIds],
    );
    return new Map(rows.filter((r) => r.t !== null).map((r) => [Number(r.migration_id), r.t!]));
  }

  async contractsByKey(keys: { migrationId: number; contractId: string }[]): Promise<StoredContract[]> {
    if (keys.length === 0) return [];
    const rows: {
      row_id: string;
      migration_id: string;
      contract_id: string;
      signatories: string[];
      stakeholders: string[];
      archived: boolean;
      in_flight: boolean;
    }[] = await this.q.query(
      `SELECT c.row_id, c.migration_id, c.contract_id, c.signatories, c.stakeholders,
                c.archived_record_time IS NOT NULL AS archived, c.in_flight
           FROM unnest($1::bigint[], $2::text[]) AS k(migration_id, contract_id)
           JOIN contracts c ON c.migration_id = k.migration_id AND c.contract_id = k.contract_id`,
      [keys.map((k) => k.migrationId), keys.map((k) => k.contractId)],
    );
    return rows.map((r) => ({
      rowId: r.row_id,
      migrationId: Number(r.migration_id),
      contractId: r.contract_id,
      signatories: r.signatories,
      stakeholders: r.stakeholders,
      archived: r.archived,
      inFlight: r.in_flight,
    }));
  }

  async latestAmuletRules(): Promise<AmuletRulesPayload | undefined> {
    const [pkg, mod, ent] = Q.AmuletRules.split(':');
    const rows: { payload_compact: AmuletRulesPayload }[] = await this.q.query(
      `SELECT payload_compact FROM contracts
        WHERE package_name = $1 AND module_name = $2 AND entity_name = $3 AND archived_record_time IS NULL
        ORDER BY row_id DESC LIMIT 1`,
      [pkg, mod, ent],
    );
    return rows[0]?.payload_compact;
  }

  async allocateIds(table: 'updates' | 'contracts', count: number): Promise<string[]> {
    if (count === 0) return [];
    const rows: { id: string }[] = await this.q.query(
      `SELECT nextval(pg_get_serial_sequence($1, 'row_id'))::text AS id FROM generate_series(1, $2)`,
      [table, count],
    );
    return rows.map((r) => r.id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  }

  /** Inserts the updates (COPY) with their reserved row ids. */
  async insertUpdates(rows: UpdateRow[], updateRowIds: Map<string, string>): Promise<void> {
    await this.load(
      'updates',
      UPDATE_COLUMNS,
      rows.map((r) => ({ ...r, row_id: updateRowIds.get(r.update_id)! })),
    );
  }

  async insertEvents(rows: EventRow[], updateRowIds: Map<string, string>): Promise<void> {
    const columns: CopyColumn<EventRow>[] = [
      { name: 'update_row_id', kind: 'int', get: (r) => updateRowIds.get(r.update_id) },
      ...EVENT_COLUMNS,
    ];
    await this.load('events', columns, rows);
  }

  /** Inserts the new contracts (COPY) with their reserved row ids (ascending in creation order). */
  async insertContracts(
    rows: ContractRow[],
    ids: readonly string[],
    updateRowIds: Map<string, string>,
  ): Promise<void> {
    const columns: CopyColumn<ContractRow & { row_id: string }>[] = [
      { name: 'row_id', kind: 'int', get: (r) => r.row_id },
      { name: 'created_update_row_id', kind: 'int', get: (r) => updateRowIds.get(r.created_update_id) },
      {
        name: 'archived_update_row_id',
        kind: 'int',
        get: (r) => (r.archived_update_id === null ? null : updateRowIds.get(r.archived_update_id)),
      },
      ...CONTRACT_COLUMNS,
    ];
    await this.load(
      'contracts',
      columns,
      rows.map((r, i) => ({ ...r, row_id: ids[i] })),
    );
  }

  async archiveStored(
    archives: {
      rowId: string;
      updateId: string;
      nodeId: number;
      offset: string | null;
      recordTime: string;
    }[],
    updateRowIds: Map<string, string>,
  ): Promise<void> {
    if (archives.length === 0) return;
    await this.q.query(
      `UPDATE contracts c SET archived_update_row_id = a.update_row_id, archived_node_id = a.node_id,
                              archived_offset = a.ledger_offset, archived_record_time = a.record_time
         FROM jsonb_to_recordset($1::jsonb) AS a(row_id bigint, update_row_id bigint, node_id integer, ledger_offset bigint, record_time timestamptz)
        WHERE c.row_id = a.row_id`,
      [
        JSON.stringify(
          archives.map((a) => ({
            row_id: a.rowId,
            update_row_id: updateRowIds.get(a.updateId),
            node_id: a.nodeId,
            ledger_offset: a.offset,
            record_time: a.recordTime,
          })),
        ),
      ],
    );
  }

  /** Archive times of stored contracts carried over to their derived rows. */
  async archiveDerived(archives: { rowId: string; recordTime: string }[]): Promise<void> {
    if (archives.length === 0) return;
    const payload = JSON.stringify(archives.map((a) => ({ row_id: a.rowId, record_time: a.recordTime })));
    for (const table of ['amulet_holdings', 'validator_licenses']) {
      await this.q.query(
        `UPDATE ${table} d SET archived_record_time = a.record_time
           FROM jsonb_to_recordset($1::jsonb) AS a(row_id bigint, record_time timestamptz)
          WHERE d.contract_row_id = a.row_id`,
        [payload],
      );
    }
  }

  async applyReassignments(
    rows: { rowId: string; synchronizerId: string; inFlight: boolean; counter: number }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    // Several reassignments of one contract in a batch: the last one wins (input order).
    await this.q.query(
      `UPDATE contracts c SET synchronizer_id = r.synchronizer_id, in_flight = r.in_flight, reassignment_counter = r.counter
         FROM (SELECT DISTINCT ON (row_id) * FROM jsonb_to_recordset($1::jsonb)
                 AS r(ord integer, row_id bigint, synchronizer_id text, in_flight boolean, counter bigint)
                ORDER BY row_id, ord DESC) r
        WHERE c.row_id = r.row_id`,
      [
        JSON.stringify(
          rows.map((r, ord) => ({
            ord,
            row_id: r.rowId,
            synchronizer_id: r.synchronizerId,
            in_flight: r.inFlight,
            counter: r.counter,
          })),
        ),
      ],
    );
  }

  async insertHoldings(rows: HoldingRow[]): Promise<void> {
    await this.load('amulet_holdings', HOLDING_COLUMNS, rows);
  }

  async insertLicenses(rows: LicenseRow[]): Promise<void> {
    await this.load('validator_licenses', LICENSE_COLUMNS, rows);
  }

  /** Activity records are keyed by contract id: a record re-created by an import counts once. */
  async insertActivities(rows: object[]): Promise<void> {
    if (rows.length === 0) return;
    await this.q.query(
      `INSERT INTO app_activity_records (contract_id, round, provider, activity_weight, migration_id)
       SELECT contract_id, round, provider, weight, migration_id
         FROM jsonb_to_recordset($1::jsonb) AS x(contract_id text, round bigint, provider text, weight bigint, migration_id bigint)
       ON CONFLICT (contract_id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }

  /** A round re-created by a migration's import keeps its first row. */
  async insertMiningRounds(
    rows: {
      round: string;
      migrationId: number;
      opensAt: string;
      openedRecordTime: string;
      pool: string | null;
      threshold: string | null;
      cap: string | null;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.q.query(
      `INSERT INTO mining_rounds (round, migration_id, opens_at, opened_record_time, app_reward_pool, app_reward_threshold, app_reward_cap_per_weight)
       SELECT round, "migrationId", "opensAt", "openedRecordTime", pool, threshold, cap
         FROM jsonb_to_recordset($1::jsonb) AS x(round bigint, "migrationId" bigint, "opensAt" timestamptz, "openedRecordTime" timestamptz,
              pool numeric, threshold numeric, cap numeric)
       ON CONFLICT (round) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }

  async closeMiningRounds(rows: { round: string; recordTime: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.q.query(
      `UPDATE mining_rounds m SET closed_record_time = x."recordTime"
         FROM jsonb_to_recordset($1::jsonb) AS x(round bigint, "recordTime" timestamptz)
        WHERE m.round = x.round AND m.closed_record_time IS NULL`,
      [JSON.stringify(rows)],
    );
  }

  async insertVoteResults(
    rows: {
      updateId: string;
      nodeId: number;
      actionName: string;
      accepted: boolean;
      outcome: string;
      requester: string;
      effectiveAt: string;
      completedAt: string;
    }[],
    updateRowIds: Map<string, string>,
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.q.query(
      `INSERT INTO vote_results (update_row_id, node_id, action_name, accepted, outcome, requester, effective_at, completed_at)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(update_row_id bigint, node_id integer, action_name text, accepted boolean,
              outcome text, requester text, effective_at timestamptz, completed_at timestamptz)`,
      [
        JSON.stringify(
          rows.map((r) => ({
            update_row_id: updateRowIds.get(r.updateId),
            node_id: r.nodeId,
            action_name: r.actionName,
            accepted: r.accepted,
            outcome: r.outcome,
            requester: r.requester,
            effective_at: r.effectiveAt,
            completed_at: r.completedAt,
          })),
        ),
      ],
    );
  }

  /** First non-import record time and last snapshot time per migration. */
  async snapshotFacts(
    migrationIds: number[],
  ): Promise<Map<number, { firstNonImport?: string; lastSnapshot?: string }>> {
    const rows: { migration_id: string; first_non_import: string | null; last_snapshot: string | null }[] =
      await this.q.query(
        `SELECT m.migration_id,
              (SELECT min(u.record_time) FROM updates u WHERE u.migration_id = m.migration_id AND u.record_time > '0001-01-01T00:00:00Z') AS first_non_import,
              (SELECT max(s.record_time) FROM acs_snapshots s WHERE s.migration_id = m.migration_id) AS last_snapshot
         FROM unnest($1::bigint[]) AS m(migration_id)`,
        [migrationIds],
      );
    return new Map(
      rows.map((r) => [
        Number(r.migration_id),
        { firstNonImport: r.first_non_import ?? undefined, lastSnapshot: r.last_snapshot ?? undefined },
      ]),
    );
  }

  async notifyAppended(ledgerEnd: string): Promise<void> {
    await this.q.query(`SELECT pg_notify($1, $2)`, [LEDGER_UPDATES_CHANNEL, ledgerEnd]);
  }

  async insertSnapshots(migrationId: number, times: string[]): Promise<void> {
    await this.q.query(
      `INSERT INTO acs_snapshots (migration_id, record_time) SELECT $1, t FROM unnest($2::timestamptz[]) AS t ON CONFLICT DO NOTHING`,
      [migrationId, times],
    );
  }
}
