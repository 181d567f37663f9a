import type { scanApi } from '@canton-scan/contracts';
import type { Db } from '../database/db';
import type { CompactRecord } from '../daml-value/daml-value.types';
import { DomainError, DomainErrorCode } from '../errors/domain-error';
import { createdEventBlobOfJson } from '../history/created-event-blob';
import type { HistoryContractRow, Stored } from '../history/history-rows';
import { suppliedBlobOf } from './supplied-blobs';
import { contractTemplateFilter, contractTemplateId } from './template-key.sql';
import { synchronizerNameOf, synchronizerNameOfOne } from '../synchronizers/synchronizer-sql';

/** A contract as the scan, proxy and registry groups return it (docs/current-contracts.md "ContractWithState"). */
export type ContractWithState = scanApi.ContractWithState;

export interface ActiveContract {
  rowId: string;
  migrationId: number;
  contractId: string;
  templateId: string;
  packageName: string;
  payload: CompactRecord;
  /**
   * Stored, or derived from the creating event when the contract's history allows it; undefined
   * for a mirrored contract whose blob no peer has served yet (read it with `createdEventBlobOf`).
   */
  createdEventBlob: string | undefined;
  createdAt: string;
  synchronizerId: string;
  inFlight: boolean;
  reassignmentCounter: number;
  signatories: string[];
  observers: string[];
}

/** The newest migration id, as a scalar subquery (its leading column: ix_contracts_acs serves it). */
export const NEWEST_MIGRATION = `(SELECT max(migration_id) FROM contracts)`;

/** A `contracts c` row as read by `CONTRACT_COLUMNS`. */
export type ContractRow = Pick<
  Stored<HistoryContractRow>,
  | 'row_id'
  | 'migration_id'
  | 'contract_id'
  | 'template_id'
  | 'package_name'
  | 'payload_compact'
  | 'created_event_blob'
  | 'created_event_blob_derivable'
  | 'created_at'
  | 'synchronizer_id'
  | 'in_flight'
  | 'reassignment_counter'
  | 'signatories'
  | 'observers'
> & {
  /** JSON text of the creating event's arguments, when the blob is derived (not stored, derivable). */
  created_event_arguments: string | null;
};

/** The stored columns `CONTRACT_COLUMNS` and `CONTRACT_LIST_COLUMNS` output (all but the synchronizer's name, read from its id). */
const CONTRACT_STORED_OUTPUT_COLUMNS = `c.row_id, c.migration_id, c.contract_id, ${contractTemplateId('c')} AS template_id, c.package_name, c.payload_compact, c.created_event_blob,
  c.created_event_blob_derivable, c.created_at, c.in_flight, c.reassignment_counter, c.signatories, c.observers`;

/** The creating event's arguments, when the contract's blob is derived (`CONTRACT_COLUMNS`). */
const CREATED_EVENT_ARGUMENTS = `(SELECT ce.create_arguments::text FROM events ce
    WHERE c.created_event_blob IS NULL AND c.created_event_blob_derivable AND ce.migration_id = c.migration_id AND ce.update_row_id = c.created_update_row_id AND ce.node_id = c.created_node_id) AS created_event_arguments`;

/**
 * Columns of `contracts c` that make an ActiveContract (`toActiveContract`'s row shape), for
 * reads of a few contracts: each row looks its synchronizer's name up (a buffer a row), where
 * building the whole dictionary as an array would cost a fixed 0.1–0.2 ms per use in a statement
 * (`CONTRACT_LIST_COLUMNS` is for lists). A blob the history did not supply is derived, where the
 * contract's history allows it (not mirrored; docs/current-contracts.md "Created event blobs"),
 * from the creating event's lossless arguments, read as the canonical JSON text the writer stored
 * (one pk_events probe, no parse). A CTE that is re-read with these columns selects
 * `CONTRACT_ROW_COLUMNS` (the probe then runs once).
 */
export const CONTRACT_COLUMNS = `${CONTRACT_STORED_OUTPUT_COLUMNS}, ${synchronizerNameOfOne('c.synchronizer')} AS synchronizer_id,
  ${CREATED_EVENT_ARGUMENTS}`;

/**
 * `CONTRACT_COLUMNS` for lists of up to thousands of contracts: the synchronizers dictionary is
 * read once per statement, as an array indexed by id (`synchronizerNameOf`).
 */
export const CONTRACT_LIST_COLUMNS = `${CONTRACT_STORED_OUTPUT_COLUMNS}, ${synchronizerNameOf('c.synchronizer')} AS synchronizer_id,
  ${CREATED_EVENT_ARGUMENTS}`;

/** The stored columns `CONTRACT_COLUMNS` reads (the template id's parts too), for CTEs that it then reads from. */
export const CONTRACT_ROW_COLUMNS = `${CONTRACT_STORED_OUTPUT_COLUMNS}, c.synchronizer, c.package_id, c.module_name, c.entity_name, c.created_update_row_id, c.created_node_id`;

export function toActiveContract(r: ContractRow): ActiveContract {
  return {
    rowId: r.row_id,
    migrationId: Number(r.migration_id),
    contractId: r.contract_id,
    templateId: r.template_id,
    packageName: r.package_name,
    payload: r.payload_compact,
    createdEventBlob:
      r.created_event_blob ??
      (r.created_event_arguments === null
        ? undefined
        : createdEventBlobOfJson({
            contract_id: r.contract_id,
            template_id: r.template_id,
            package_name: r.package_name,
            create_arguments: r.created_event_arguments,
            created_at: r.created_at,
            signatories: r.signatories,
            observers: r.observers,
          })),
    createdAt: r.created_at,
    synchronizerId: r.synchronizer_id,
    inFlight: r.in_flight,
    reassignmentCounter: Number(r.reassignment_counter),
    signatories: r.signatories,
    observers: r.observers,
  };
}

/**
 * The contract's created event blob (stored, derived, or supplied for this answer by
 * `withSuppliedBlobs`), or CREATED_EVENT_BLOB_NOT_STORED (503, retryable) for a
 * mirrored contract whose blob no peer has served yet: a derived blob would be a fake.
 */
export function createdEventBlobOf(c: Pick<ActiveContract, 'contractId' | 'createdEventBlob'>): string {
  if (c.createdEventBlob !== undefined) return c.createdEventBlob;
  const supplied = suppliedBlobOf(c.contractId);
  if (supplied !== undefined) return supplied;
  throw new DomainError(
    DomainErrorCode.CreatedEventBlobNotStored,
    `created event blob of contract ${c.contractId} is not stored yet (mirrored history); retry later`,
    { contractId: c.contractId },
  );
}

export function toContractWithState(c: ActiveContract): ContractWithState {
  const result: ContractWithState = {
    contract: {
      template_id: c.templateId,
      contract_id: c.contractId,
      payload: c.payload,
      created_event_blob: createdEventBlobOf(c),
      created_at: c.createdAt,
    },
  };
  if (!c.inFlight) result.domain_id = c.synchronizerId;
  return result;
}

/** A template by its package name ($1), module ($2) and entity ($3). */
const BY_TEMPLATE = contractTemplateFilter('c', '$1', '$2', '$3');

/**
 * Current (not archived) contracts of the newest migration that holds them: the state "now"
 * that the proxy, registry and some scan endpoints serve. Templates are matched by
 * `package_name:Module:Entity` (docs/offsets-and-ids.md "Template names"), so any package version counts.
 */
export class ActiveContractsRepository {
  constructor(private readonly db: Db) {}

  /** Active contracts of a template, oldest first (ix_contracts_active_template). */
  async listByTemplate(qualifiedName: string, limit = 10_000): Promise<ActiveContract[]> {
    const [packageName, moduleName, entityName] = qualifiedName.split(':');
    const rows: ContractRow[] = await this.db.query(
      `SELECT ${CONTRACT_LIST_COLUMNS} FROM contracts c
        WHERE ${BY_TEMPLATE} AND c.archived_record_time IS NULL
          AND c.migration_id = ${NEWEST_MIGRATION}
        ORDER BY c.row_id LIMIT $4`,
      [packageName, moduleName, entityName, limit],
    );
    return rows.map(toActiveContract);
  }

  /** The newest active contract of a template, if any. */
  async lookupLatestByTemplate(qualifiedName: string): Promise<ActiveContract | undefined> {
    const [packageName, moduleName, entityName] = qualifiedName.split(':');
    const rows: ContractRow[] = await this.db.query(
      `SELECT ${CONTRACT_COLUMNS} FROM contracts c
        WHERE ${BY_TEMPLATE} AND c.archived_record_time IS NULL
          AND c.migration_id = ${NEWEST_MIGRATION}
        ORDER BY c.row_id DESC LIMIT 1`,
      [packageName, moduleName, entityName],
    );
    return rows[0] ? toActiveContract(rows[0]) : undefined;
  }

  /** A contract by id, active in the newest migration, if any (ux_contracts_contract_migration). */
  async lookupActive(contractId: string): Promise<ActiveContract | undefined> {
    const rows: ContractRow[] = await this.db.query(
      `SELECT ${CONTRACT_COLUMNS} FROM contracts c
        WHERE c.migration_id = ${NEWEST_MIGRATION} AND c.contract_id = $1 AND c.archived_record_time IS NULL`,
      [contractId],
    );
    return rows[0] ? toActiveContract(rows[0]) : undefined;
  }
}
