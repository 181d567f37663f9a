import type { Db } from '../database/db';
import type { DamlValue } from '../daml-value/daml-value.types';
import { createdEventBlobOfJson } from '../history/created-event-blob';
import type { HistoryContractRow, HistoryUpdateRow, Stored } from '../history/history-rows';
import type { StoredActiveContract } from './ledger-projection';
import { contractTemplateId } from '../contracts/template-key.sql';
import { lookupPartyIds } from '../parties/party-sql';
import { union } from '../history/history-row-builder';
import { synchronizerNameOf } from '../synchronizers/synchronizer-sql';

/** Where a page of the active contract set starts: after this contract (creation offset, row id). */
export interface ActiveContractsCursor {
  createdOffset: number;
  rowId: string;
}

/** Largest creation-offset window one page read may cover. */
const MAX_WINDOW = 1 << 20;
/** Row id above every row: a cursor after all contracts created at its offset. */
const MAX_ROW_ID = '9223372036854775807';

export interface ActiveContractsPageRequest {
  /** The snapshot offset. */
  activeAt: number;
  after?: ActiveContractsCursor;
  /** Only contracts created at most at this offset (the page's window; at most `activeAt`). */
  createdUpTo: number;
  limit: number;
  /** Stakeholders to look for (a superset test; the projection applies the filters). */
  parties: string[] | 'any';
  /** Parties every contract must have among its stakeholders (an ACS export's DSO filter). */
  allStakeholders?: string[];
  withBlobs: boolean;
}

/** The dictionary ids of a request's `parties` and `allStakeholders`. */
interface PartyIdsOfRequest {
  parties: (number | null)[];
  allStakeholders: (number | null)[];
}

export interface ActiveContractsPage {
  contracts: StoredActiveContract[];
  /** Cursor after the last row read when the page is full (more may follow within the window). */
  next?: ActiveContractsCursor;
}

type ContractColumn =
  | 'row_id'
  | 'contract_id'
  | 'template_id'
  | 'package_name'
  | 'created_at'
  | 'signatories'
  | 'observers'
  | 'created_node_id'
  | 'created_offset'
  | 'created_event_blob';

type ActiveContractRow = Pick<Stored<HistoryContractRow>, ContractColumn> & {
  /** The lossless create arguments (the ledger renders them with its own numerics). */
  create_arguments: DamlValue;
  workflow_id: HistoryUpdateRow['workflow_id'];
  created_synchronizer_id: string;
  /** The latest assignment at or before the snapshot offset, if any. */
  assigned_offset: string | null;
  assigned_synchronizer_id: string | null;
  assigned_counter: string | null;
  /** JSON text of the creating event's arguments, when the blob is derived (asked for, not stored, derivable). */
  create_arguments_json: string | null;
};

/**
 * SQL of the ledger node's active contract set at an offset. A contract is active at N when a
 * row of it (any migration) was created at an offset ≤ N, no row of it was archived at an offset
 * ≤ N, and its latest reassignment at or before N (if any) is an assignment. Only the row of its
 * first ledger creation counts (a migration's imported copy has no offset; a later assignment
 * row is not a second contract). Pages are keyset reads over `ix_contracts_ledger_acs`
 * (created_offset, row_id) within an offset window the caller keeps small (so a page never
 * makes PostgreSQL probe more than the window's contracts, whatever its estimates); the per-contract tests are LATERAL probes of
 * `ux_contracts_contract_migration` (index-only: a contract's rows of every migration) and
 * `ix_updates_reassigned_contract`, so a page costs its rows' probes whatever the table's size.
 */
export class LedgerActiveContractsRepository {
  constructor(readonly db: Db) {}

  /** The same reads through another `Db` (one replica for a whole read, or the primary). */
  on(db: Db): LedgerActiveContractsRepository {
    return db === this.db ? this : new LedgerActiveContractsRepository(db);
  }

  /**
   * The active contracts at `activeAt` in creation-offset order, read page by page, each page
   * bounded by an offset window as well as by its row limit (as `UpdateScan` does): the window
   * doubles while pages come back sparse. Stops early when `signal` aborts.
   */
  async *walk(
    query: Omit<ActiveContractsPageRequest, 'after' | 'createdUpTo'>,
    signal?: AbortSignal,
  ): AsyncGenerator<StoredActiveContract> {
    const ids = await this.partyIdsOf(query);
    let after: ActiveContractsCursor = { createdOffset: 0, rowId: '0' };
    let window = query.limit * 2;
    while (after.createdOffset < query.activeAt) {
      if (signal?.aborted) return;
      const createdUpTo = Math.min(query.activeAt, after.createdOffset + window);
      const page = await this.readPageOf({ ...query, after, createdUpTo }, ids);
      yield* page.contracts;
      if (page.next) {
        after = page.next;
      } else {
        // The whole window has been read: continue after it, wider when it was sparse.
        after = { createdOffset: createdUpTo, rowId: MAX_ROW_ID };
        if (page.contracts.length < query.limit / 2) window = Math.min(window * 2, MAX_WINDOW);
      }
    }
  }

  async readPage(request: ActiveContractsPageRequest): Promise<ActiveContractsPage> {
    return this.readPageOf(request, await this.partyIdsOf(request));
  }

  /** The dictionary ids of the request's parties (one lookup), for the statement's planner to see. */
  private async partyIdsOf(
    request: Pick<ActiveContractsPageRequest, 'parties' | 'allStakeholders'>,
  ): Promise<PartyIdsOfRequest> {
    const any = request.parties === 'any' ? [] : request.parties;
    const all = request.allStakeholders ?? [];
    const ids = await lookupPartyIds(this.db, [...any, ...all]);
    return { parties: ids.slice(0, any.length), allStakeholders: ids.slice(any.length) };
  }

  private async readPageOf(
    request: ActiveContractsPageRequest,
    ids: PartyIdsOfRequest,
  ): Promise<ActiveContractsPage> {
    const params: unknown[] = [
      request.activeAt,
      request.after?.createdOffset ?? 0,
      request.after?.rowId ?? '0',
      request.limit,
      Math.min(request.createdUpTo, request.activeAt),
    ];
    // Unknown parties are null ids: overlapping nothing, and no array holding a null is contained.
    const partyTest = request.parties === 'any' ? '' : `AND c.stakeholders && $6::integer[]`;
    if (request.parties !== 'any') params.push(ids.parties);
    let allTest = '';
    if (request.allStakeholders !== undefined && request.allStakeholders.length > 0) {
      params.push(ids.allStakeholders);
      allTest = `AND c.stakeholders @> $${params.length}::integer[]`;
    }
    const rows: ActiveContractRow[] = await this.db.query(
      `SELECT c.row_id, c.contract_id, ${contractTemplateId('c')} AS template_id, c.package_name, c.created_at, ev.create_arguments,
              c.signatories, c.observers, c.created_node_id, c.created_offset::text AS created_offset,
              ${request.withBlobs ? 'c.created_event_blob' : 'NULL::text AS created_event_blob'},
              ${request.withBlobs ? `CASE WHEN c.created_event_blob IS NULL AND c.created_event_blob_derivable THEN ev.create_arguments::text END` : 'NULL::text'}
                AS create_arguments_json,
              u.workflow_id, ${synchronizerNameOf('u.synchronizer')} AS created_synchronizer_id,
              r.ledger_offset::text AS assigned_offset, r.target_synchronizer AS assigned_synchronizer_id,
              r.reassignment_counter::text AS assigned_counter
         FROM contracts c
         CROSS JOIN LATERAL (
           SELECT u.workflow_id, u.synchronizer FROM updates u WHERE u.migration_id = c.migration_id AND u.row_id = c.created_update_row_id OFFSET 0
         ) u
         -- The creating event's lossless arguments, read once (pk_events): rendered with the ledger's
         -- numerics, and the source of a derived blob.
         LEFT JOIN LATERAL (
           SELECT e.create_arguments FROM events e
            WHERE e.migration_id = c.migration_id AND e.update_row_id = c.created_update_row_id AND e.node_id = c.created_node_id OFFSET 0
         ) ev ON true
         CROSS JOIN LATERAL (
           SELECT COALESCE(bool_or(o.archived_offset <= $1::bigint), false) AS archived,
                  COALESCE(bool_or(o.created_offset < c.created_offset), false) AS created_before
             FROM contracts o WHERE o.contract_id = c.contract_id
         ) o
         LEFT JOIN LATERAL (
           SELECT r.kind, r.ledger_offset, r.target_synchronizer, r.reassignment_counter FROM updates r
            WHERE r.reassigned_contract_id = c.contract_id AND r.ledger_offset <= $1::bigint
            ORDER BY r.ledger_offset DESC
            LIMIT 1
         ) r ON true
        WHERE c.created_offset IS NOT NULL AND c.created_offset <= $5::bigint
          AND (c.created_offset, c.row_id) > ($2::bigint, $3::bigint)
          ${partyTest}
          ${allTest}
          AND NOT o.archived AND NOT o.created_before
          AND (r.kind IS NULL OR r.kind = 'assignment')
        ORDER BY c.created_offset, c.row_id
        LIMIT $4`,
      params,
    );
    const last = rows[rows.length - 1];
    const page: ActiveContractsPage = { contracts: rows.map(toActiveContract) };
    if (rows.length === request.limit && last)
      page.next = { createdOffset: Number(last.created_offset), rowId: last.row_id };
    return page;
  }
}

function toActiveContract(r: ActiveContractRow): StoredActiveContract {
  // The stored stakeholders are the ids of these (contractRow).
  const stakeholders = union(r.signatories, r.observers);
  const assigned = r.assigned_offset !== null;
  let blob: string | null = null;
  if (r.created_event_blob !== null) blob = r.created_event_blob;
  else if (r.create_arguments_json !== null)
    blob = createdEventBlobOfJson({
      contract_id: r.contract_id,
      template_id: r.template_id,
      package_name: r.package_name,
      create_arguments: r.create_arguments_json,
      created_at: r.created_at,
      signatories: r.signatories,
      observers: r.observers,
    });
  return {
    offset: Number(assigned ? r.assigned_offset : r.created_offset),
    workflowId: assigned ? '' : r.workflow_id,
    synchronizerId: assigned ? r.assigned_synchronizer_id! : r.created_synchronizer_id,
    reassignmentCounter: assigned ? Number(r.assigned_counter) : 0,
    event: {
      // An assignment's created event is its node 0.
      nodeId: assigned ? 0 : r.created_node_id,
      eventType: 'created',
      contractId: r.contract_id,
      templateId: r.template_id,
      packageName: r.package_name,
      createArgumentCompact: null,
      createArguments: r.create_arguments,
      createdAt: r.created_at,
      signatories: r.signatories,
      observers: r.observers,
      choice: null,
      choiceArgument: null,
      exerciseResult: null,
      consuming: null,
      actingParties: null,
      interfaceId: null,
      childNodeIds: null,
      lastDescendantNodeId: assigned ? 0 : r.created_node_id,
      witnesses: stakeholders,
      stakeholders,
      createdEventBlob: blob,
    },
  };
}
