import type { Db } from '../database/db';
import type { CompactValue, DamlValue } from '../daml-value/daml-value.types';
import type { UpdateKind } from '../history/update.entity';
import { createdEventBlobOfJson } from '../history/created-event-blob';
import type {
  EventTreeColumn,
  HistoryEventRow,
  HistoryUpdateRow,
  Stored,
  UpdateHeaderColumn,
} from '../history/history-rows';
import { contractTemplateId } from '../contracts/template-key.sql';
import { partyIdsOf, partyNamesOf } from '../parties/party-sql';
import { EVENT_PACKAGE_NAME, EVENT_TEMPLATE_ID, EVENT_TEMPLATE_JOIN } from '../templates/template-sql';
import { union } from '../history/history-row-builder';
import { synchronizerNameOf } from '../synchronizers/synchronizer-sql';

/** A tree node (or an assignment's created event) as the ledger projection reads it. */
export interface StoredLedgerEvent {
  nodeId: number;
  eventType: 'created' | 'exercised';
  contractId: string;
  templateId: string;
  packageName: string;
  /** Compact create arguments, as stored with the contract (created events). */
  createArgumentCompact: CompactValue | null;
  /** Lossless create arguments, read only when the contract row has no compact form. */
  createArguments: DamlValue | null;
  createdAt: string | null;
  signatories: string[] | null;
  observers: string[] | null;
  choice: string | null;
  /** Read only when the request shows exercised events (ledger effects). */
  choiceArgument: DamlValue | null;
  exerciseResult: DamlValue | null;
  consuming: boolean | null;
  actingParties: string[] | null;
  interfaceId: string | null;
  childNodeIds: number[] | null;
  lastDescendantNodeId: number;
  witnesses: string[];
  stakeholders: string[];
  /** Only read when the request may include blobs. */
  createdEventBlob: string | null;
}

/** An update with a ledger offset; `events` are read only for updates the visibility check passed. */
export interface StoredLedgerUpdate {
  offset: number;
  kind: UpdateKind;
  updateId: string;
  recordTime: string;
  effectiveAt: string | null;
  synchronizerId: string;
  workflowId: string;
  commandId: string;
  externalTransactionHash: string | null;
  rootNodeIds: number[] | null;
  submitter: string | null;
  sourceSynchronizer: string | null;
  targetSynchronizer: string | null;
  unassignId: string | null;
  reassignmentCounter: number | null;
  reassignedContractId: string | null;
  /** The unassigned contract (unassignments only). */
  unassigned?: { templateId: string; packageName: string; stakeholders: string[] };
  /** Whether a requested party may see something of it (a superset test; the projection decides). */
  visible: boolean;
  events: StoredLedgerEvent[];
}

/** Which updates may be visible: per kind, the parties to look for (or any party). */
export interface UpdateVisibility {
  transactions?: { parties: string[] | 'any'; column: 'stakeholders' | 'witnesses' };
  reassignments?: { parties: string[] | 'any' };
}

export interface UpdatePageRequest {
  /** Offsets strictly above this... */
  afterExclusive: number;
  /** ...and at most this (no bound when absent). */
  upToInclusive?: number;
  descending: boolean;
  limit: number;
  visibility: UpdateVisibility;
  withBlobs: boolean;
  /** Whether choice arguments and exercise results are needed (ledger effects). */
  withExerciseValues: boolean;
}

/** An update with a ledger offset, and what an unassignment's contract row tells of it. */
type UpdateRow = Pick<Stored<HistoryUpdateRow>, UpdateHeaderColumn | 'command_id'> & {
  ledger_offset: string;
  unassigned_template_id: string | null;
  unassigned_package_name: string | null;
  unassigned_signatories: string[] | null;
  unassigned_observers: string[] | null;
  visible: boolean;
};

/** An event with its contract's compact arguments, its witnesses resolved and, when asked for, its blob. */
type EventRow = Pick<
  Stored<HistoryEventRow>,
  EventTreeColumn | 'update_row_id' | 'last_descendant_node_id' | 'stakeholders' | 'witnesses'
> & {
  create_argument_compact: CompactValue | null;
  created_event_blob: string | null;
  /** JSON text of the created event's arguments, when its blob is derived (not stored, derivable). */
  create_arguments_json: string | null;
};

/**
 * Whether a party column of `events e` holds one of the parties `names` (an SQL text[]): the
 * stakeholders are ids, the witnesses names (a null `witnesses` means the stakeholders).
 */
const EVENT_PARTIES_OVERLAP = {
  witnesses: (names: string) =>
    `COALESCE(e.witnesses && ${names}::text[], e.stakeholders && ${partyIdsOf(names)})`,
  stakeholders: (names: string) => `e.stakeholders && ${partyIdsOf(names)}`,
} as const;

/** The largest int64: the upper bound of open-ended reads. */
const MAX_LEDGER_OFFSET = '9223372036854775807';

/**
 * SQL of the ledger node's update reads. Ranges are read in keyset pages over
 * `ux_updates_ledger_offset` (offset > cursor ORDER BY offset LIMIT n, within an offset window
 * the caller keeps small), never whole. A page costs two statements: the updates with a
 * per-update visibility test (EXISTS over `pk_events`), then the events of the visible ones with
 * their contract's compact payload and blob (`ux_contracts_contract_migration`). Contract
 * lookups are LATERAL so they stay index lookups whatever the planner's statistics say.
 */
export class LedgerUpdatesRepository {
  constructor(readonly db: Db) {}

  /** The same reads through another `Db` (one replica for a whole scan, or the primary). */
  on(db: Db): LedgerUpdatesRepository {
    return db === this.db ? this : new LedgerUpdatesRepository(db);
  }

  /** The highest ledger offset recorded (0 for an empty ledger); a backward scan of ux_updates_ledger_offset. */
  async ledgerEnd(): Promise<number> {
    const [row]: { end: string | null }[] = await this.db.query(
      `SELECT max(ledger_offset)::text AS "end" FROM updates`,
    );
    return row.end === null ? 0 : Number(row.end);
  }

  /** The ledger offset of an update by id (ux_updates_update_id); undefined when unknown or an import update. */
  async lookupOffsetOfUpdate(updateId: string): Promise<number | undefined> {
    const [row]: { ledger_offset: string | null }[] = await this.db.query(
      `SELECT ledger_offset::text AS ledger_offset FROM updates WHERE update_id = $1`,
      [updateId],
    );
    return row === undefined || row.ledger_offset === null ? undefined : Number(row.ledger_offset);
  }

  /**
   * The offsets that created and archived a contract (over its rows of every migration; an
   * index-only read of ux_contracts_contract_migration); undefined for a contract never recorded.
   */
  async lookupContractOffsets(
    contractId: string,
  ): Promise<{ createdOffset: number | undefined; archivedOffset: number | undefined } | undefined> {
    const [row]: { rows: string; created: string | null; archived: string | null }[] = await this.db.query(
      `SELECT count(*)::text AS "rows", min(created_offset)::text AS created, max(archived_offset)::text AS archived
         FROM contracts WHERE contract_id = $1`,
      [contractId],
    );
    if (row.rows === '0') return undefined;
    return {
      createdOffset: row.created === null ? undefined : Number(row.created),
      archivedOffset: row.archived === null ? undefined : Number(row.archived),
    };
  }

  async readPage(request: UpdatePageRequest): Promise<StoredLedgerUpdate[]> {
    const params: unknown[] = [
      request.afterExclusive,
      request.upToInclusive ?? MAX_LEDGER_OFFSET,
      request.limit,
    ];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const { transactions, reassignments } = request.visibility;
    const txVisible = !transactions
      ? 'false'
      : transactions.parties === 'any'
        ? 'true'
        : `EXISTS (SELECT 1 FROM events e WHERE e.update_row_id = u.row_id AND e.migration_id = u.migration_id AND ${EVENT_PARTIES_OVERLAP[transactions.column](param(transactions.parties))})`;
    let assignedVisible = 'false';
    let unassignedVisible = 'false';
    if (reassignments?.parties === 'any') {
      assignedVisible = unassignedVisible = 'true';
    } else if (reassignments) {
      const ids = partyIdsOf(param(reassignments.parties));
      assignedVisible = `EXISTS (SELECT 1 FROM events e WHERE e.update_row_id = u.row_id AND e.migration_id = u.migration_id AND e.stakeholders && ${ids})`;
      unassignedVisible = `COALESCE(c.stakeholders && ${ids}, false)`;
    }
    const direction = request.descending ? 'DESC' : 'ASC';
    const rows: UpdateRow[] = await this.db.query(
      `SELECT u.row_id, u.migration_id, u.ledger_offset, u.kind, u.update_id, u.record_time, u.effective_at,
              ${synchronizerNameOf('u.synchronizer')} AS synchronizer_id,
              u.workflow_id, u.command_id, u.external_transaction_hash, u.root_node_ids, u.submitter, u.source_synchronizer,
              u.target_synchronizer, u.unassign_id, u.reassignment_counter, u.reassigned_contract_id,
              c.template_id AS unassigned_template_id, c.package_name AS unassigned_package_name,
              c.signatories AS unassigned_signatories, c.observers AS unassigned_observers,
              CASE u.kind WHEN 'transaction' THEN ${txVisible} WHEN 'assignment' THEN ${assignedVisible} ELSE ${unassignedVisible} END AS visible
         FROM updates u
         LEFT JOIN LATERAL (
           SELECT ${contractTemplateId('c')} AS template_id, c.package_name, c.signatories, c.observers, c.stakeholders FROM contracts c
            WHERE u.kind = 'unassignment' AND c.migration_id = u.migration_id AND c.contract_id = u.reassigned_contract_id
           OFFSET 0
         ) c ON true
        WHERE u.ledger_offset > $1::bigint AND u.ledger_offset <= $2::bigint
        ORDER BY u.ledger_offset ${direction}
        LIMIT $3`,
      params,
    );
    const visible = rows.filter((r) => r.visible && r.kind !== 'unassignment');
    const eventsByUpdate = await this.eventsOf(visible, request);
    return rows.map((r) => toUpdate(r, eventsByUpdate.get(r.row_id) ?? []));
  }

  private async eventsOf(
    updates: UpdateRow[],
    request: UpdatePageRequest,
  ): Promise<Map<string, StoredLedgerEvent[]>> {
    const byUpdate = new Map<string, StoredLedgerEvent[]>();
    // One statement per migration in the page (nearly always one).
    const byMigration = new Map<string, string[]>();
    for (const u of updates)
      byMigration.set(u.migration_id, [...(byMigration.get(u.migration_id) ?? []), u.row_id]);
    for (const [migrationId, rowIds] of byMigration) {
      // OFFSET 0 keeps the contract lookup a per-event index probe (the planner may not flatten it).
      const rows: EventRow[] = await this.db.query(
        `SELECT e.update_row_id, e.node_id, e.event_type, e.contract_id, ${EVENT_TEMPLATE_ID} AS template_id, ${EVENT_PACKAGE_NAME} AS package_name,
                NULL::json AS create_argument_compact,
                CASE WHEN e.event_type = 'created' THEN e.create_arguments END AS create_arguments,
                ${request.withBlobs ? `CASE WHEN e.event_type = 'created' AND c.created_event_blob IS NULL AND c.created_event_blob_derivable THEN e.create_arguments::text END` : 'NULL::text'}
                  AS create_arguments_json,
                e.created_at, e.signatories, e.observers, e.choice,
                ${request.withExerciseValues ? 'e.choice_argument, e.exercise_result' : 'NULL::json AS choice_argument, NULL::json AS exercise_result'},
                e.consuming, e.acting_parties, e.interface_id, e.child_node_ids, e.last_descendant_node_id, e.witnesses,
                ${partyNamesOf('e.stakeholders')} AS stakeholders,
                ${request.withBlobs ? 'c.created_event_blob' : 'NULL::text'} AS created_event_blob
           FROM events e
           ${EVENT_TEMPLATE_JOIN}
           LEFT JOIN LATERAL (
             SELECT c.created_event_blob, c.created_event_blob_derivable FROM contracts c
              WHERE ${request.withBlobs} AND e.event_type = 'created' AND c.migration_id = $2::bigint AND c.contract_id = e.contract_id
             OFFSET 0
           ) c ON true
          WHERE e.migration_id = $2::bigint AND e.update_row_id = ANY($1::bigint[])
          ORDER BY e.update_row_id, e.node_id`,
        [rowIds, migrationId],
      );
      for (const r of rows) {
        let list = byUpdate.get(r.update_row_id);
        if (!list) byUpdate.set(r.update_row_id, (list = []));
        list.push(toEvent(r, request.withBlobs));
      }
    }
    return byUpdate;
  }
}

/**
 * The stored blob, else the one derived from the created event where the contract's history allows
 * it, else (a mirrored contract whose blob no peer has served yet) `""`, never a derived fake
 * (docs/ledger-api.md "Created event blobs").
 */
function blobOf(r: EventRow): string {
  if (r.created_event_blob !== null) return r.created_event_blob;
  if (r.create_arguments_json === null) return '';
  return createdEventBlobOfJson({
    contract_id: r.contract_id,
    template_id: r.template_id,
    package_name: r.package_name,
    create_arguments: r.create_arguments_json,
    created_at: r.created_at!,
    signatories: r.signatories!,
    observers: r.observers!,
  });
}

function toEvent(r: EventRow, withBlobs: boolean): StoredLedgerEvent {
  return {
    nodeId: r.node_id,
    eventType: r.event_type,
    contractId: r.contract_id,
    templateId: r.template_id,
    packageName: r.package_name,
    createArgumentCompact: r.create_argument_compact,
    createArguments: r.create_arguments,
    createdAt: r.created_at,
    signatories: r.signatories,
    observers: r.observers,
    choice: r.choice,
    choiceArgument: r.choice_argument,
    exerciseResult: r.exercise_result,
    consuming: r.consuming,
    actingParties: r.acting_parties,
    interfaceId: r.interface_id,
    childNodeIds: r.child_node_ids,
    lastDescendantNodeId: r.last_descendant_node_id,
    witnesses: r.witnesses ?? r.stakeholders,
    stakeholders: r.stakeholders,
    createdEventBlob: withBlobs && r.event_type === 'created' ? blobOf(r) : null,
  };
}

function toUpdate(r: UpdateRow, events: StoredLedgerEvent[]): StoredLedgerUpdate {
  const update: StoredLedgerUpdate = {
    offset: Number(r.ledger_offset),
    kind: r.kind,
    updateId: r.update_id,
    recordTime: r.record_time,
    effectiveAt: r.effective_at,
    synchronizerId: r.synchronizer_id,
    workflowId: r.workflow_id,
    commandId: r.command_id,
    externalTransactionHash: r.external_transaction_hash,
    rootNodeIds: r.root_node_ids,
    submitter: r.submitter,
    sourceSynchronizer: r.source_synchronizer,
    targetSynchronizer: r.target_synchronizer,
    unassignId: r.unassign_id,
    reassignmentCounter: r.reassignment_counter === null ? null : Number(r.reassignment_counter),
    reassignedContractId: r.reassigned_contract_id,
    visible: r.visible,
    events,
  };
  if (
    r.unassigned_template_id !== null &&
    r.unassigned_package_name !== null &&
    r.unassigned_signatories !== null &&
    r.unassigned_observers !== null
  ) {
    update.unassigned = {
      templateId: r.unassigned_template_id,
      packageName: r.unassigned_package_name,
      // The stored stakeholders are the ids of these (contractRow).
      stakeholders: union(r.unassigned_signatories, r.unassigned_observers),
    };
  }
  return update;
}
