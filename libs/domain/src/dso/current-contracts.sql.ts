import type { ActiveContract } from '../contracts/active-contracts.repository';
import type { CompactValue } from '../daml-value/daml-value.types';
import type { SpliceTemplate } from '../splice/splice-templates';

/**
 * SQL building blocks for "current" contracts (the state the proxy and registry serve): rows of
 * the newest migration that are not archived. Templates are matched by package name, module and
 * entity (facts.md), which `ix_contracts_active_template` (partial: not archived) serves.
 */

/** The newest migration id, as a scalar subquery. */
export const NEWEST_MIGRATION = `(SELECT max(migration_id) FROM contracts)`;

/** Columns of `contracts c` that make an ActiveContract, in `toActiveContract`'s row shape. */
export const CONTRACT_COLUMNS = `c.row_id, c.migration_id, c.contract_id, c.template_id, c.package_name, c.payload_compact,
  c.created_event_blob, c.created_at, c.synchronizer_id, c.in_flight, c.reassignment_counter, c.signatories, c.observers`;

export interface ContractRow {
  row_id: string;
  migration_id: string;
  contract_id: string;
  template_id: string;
  package_name: string;
  payload_compact: CompactValue;
  created_event_blob: string;
  created_at: string;
  synchronizer_id: string;
  in_flight: boolean;
  reassignment_counter: string;
  signatories: string[];
  observers: string[];
}

export function toActiveContract(r: ContractRow): ActiveContract {
  return {
    rowId: r.row_id,
    migrationId: Number(r.migration_id),
    contractId: r.contract_id,
    templateId: r.template_id,
    packageName: r.package_name,
    payload: r.payload_compact,
    createdEventBlob: r.created_event_blob,
    createdAt: r.created_at,
    synchronizerId: r.synchronizer_id,
    inFlight: r.in_flight,
    reassignmentCounter: Number(r.reassignment_counter),
    signatories: r.signatories,
    observers: r.observers,
  };
}

/** A SQL string literal of one of our own constants (template names): never user input. */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Collects query parameters (`add`) and writes template filters. Template names are constants
 * of SpliceTemplates, inlined as literals so that even a generic plan of a prepared statement
 * knows which template (and so which index range) it reads.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Filter of `contracts c` on one template, any package version. */
  template(t: Pick<SpliceTemplate, 'packageName' | 'moduleName' | 'entityName'>, alias = 'c'): string {
    return `${alias}.package_name = ${literal(t.packageName)} AND ${alias}.module_name = ${literal(t.moduleName)} AND ${alias}.entity_name = ${literal(t.entityName)}`;
  }
}
