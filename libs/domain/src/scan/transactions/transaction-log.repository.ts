import { toCompact } from '../../daml-value/compact';
import type { DamlValue } from '../../daml-value/daml-value.types';
import { type Db, prepared } from '../../database/db';
import { sqlChoiceList, TRANSACTION_LOG_BLOCKERS, TRANSACTION_LOG_CHOICES } from './transaction-log.choices';
import type { LogNode, LogTransaction } from './transaction-log.parser';
import { synchronizerNameOf } from '../../synchronizers/synchronizer-sql';

/** Where a log item's exercise sits: the outermost log exercise of its subtree (a "unit"). */
export interface LogUnit {
  updateRowId: string;
  migrationId: string;
  nodeId: number;
  lastDescendantNodeId: number;
}

const CHOICES = sqlChoiceList(TRANSACTION_LOG_CHOICES);
const ENCLOSING = sqlChoiceList([...TRANSACTION_LOG_CHOICES, ...TRANSACTION_LOG_BLOCKERS]);

// A log exercise is a unit when no exercise above it in its transaction is one too (its items
// are read from the enclosing one) or one whose subtree upstream does not read (a blocker): one
// range probe of pk_events per candidate.
const OUTERMOST = `NOT EXISTS (SELECT 1 FROM events a
    WHERE a.update_row_id = e.update_row_id AND a.migration_id = e.migration_id
      AND a.node_id < e.node_id AND a.last_descendant_node_id >= e.node_id
      AND a.choice IN (${ENCLOSING}))`;

const UNIT_COLUMNS = `e.update_row_id, e.migration_id, e.node_id, e.last_descendant_node_id`;

// Units from ($1 row id, $2 node id) inclusive, in write order, on ix_events_transaction_log ($3 limit).
const UNITS_ASC = prepared(
  'transaction_log_units_asc',
  `SELECT ${UNIT_COLUMNS} FROM events e
    WHERE e.choice IN (${CHOICES}) AND (e.update_row_id, e.node_id) >= ($1::bigint, $2::integer) AND ${OUTERMOST}
    ORDER BY e.update_row_id, e.node_id LIMIT $3`,
);

// The same, backwards from ($1, $2) inclusive.
const UNITS_DESC = prepared(
  'transaction_log_units_desc',
  `SELECT ${UNIT_COLUMNS} FROM events e
    WHERE e.choice IN (${CHOICES}) AND (e.update_row_id, e.node_id) <= ($1::bigint, $2::integer) AND ${OUTERMOST}
    ORDER BY e.update_row_id DESC, e.node_id DESC LIMIT $3`,
);

// The unit of a transaction ($1 update id) holding node $2: ux_updates_update_id, then pk_events.
const UNIT_OF_NODE = prepared(
  'transaction_log_unit_of_node',
  `SELECT ${UNIT_COLUMNS} FROM updates u
    JOIN events e ON e.update_row_id = u.row_id AND e.migration_id = u.migration_id
    WHERE u.update_id = $1 AND u.kind = 'transaction'
      AND e.node_id <= $2 AND e.last_descendant_node_id >= $2 AND e.choice IN (${CHOICES}) AND ${OUTERMOST}
    ORDER BY e.node_id LIMIT 1`,
);

// The units' transactions: what an item's header reads.
const TRANSACTIONS = prepared(
  'transaction_log_transactions',
  `SELECT u.row_id, u.update_id, u.ledger_offset, u.effective_at, ${synchronizerNameOf('u.synchronizer')} AS synchronizer_id, u.compact_only
    FROM unnest($1::bigint[], $2::bigint[]) AS k(row_id, migration_id)
    JOIN updates u ON u.row_id = k.row_id AND u.migration_id = k.migration_id`,
);

// The units' subtrees ($1 row ids, $2 migrations, $3 first and $4 last node ids) on pk_events:
// every exercise, and the Amulets created (taps, mints and token-standard steps read them). Their
// templates are named by the next statement: a join here would scan the dictionary once per event.
const SUBTREES = prepared(
  'transaction_log_subtrees',
  `SELECT e.update_row_id, e.node_id, e.event_type, e.contract_id, e.template_ref, e.choice,
      e.choice_argument, e.exercise_result, e.child_node_ids,
      CASE WHEN e.event_type = 'created' THEN e.create_arguments END AS create_arguments
    FROM unnest($1::bigint[], $2::bigint[], $3::integer[], $4::integer[]) AS k(row_id, migration_id, first_node, last_node)
    JOIN events e ON e.update_row_id = k.row_id AND e.migration_id = k.migration_id
      AND e.node_id BETWEEN k.first_node AND k.last_node
    WHERE e.event_type = 'exercised'
       OR e.template_ref = ANY (ARRAY(SELECT t.id FROM templates t WHERE t.module_name = 'Splice.Amulet' AND t.entity_name = 'Amulet'))
    ORDER BY e.update_row_id, e.node_id`,
);

// The `MODULE:ENTITY` of the templates $1 (dictionary ids).
const TEMPLATE_ENTITIES = prepared(
  'transaction_log_template_entities',
  `SELECT t.id, t.module_name || ':' || t.entity_name AS entity FROM templates t WHERE t.id = ANY ($1::integer[])`,
);

interface UnitRow {
  update_row_id: string;
  migration_id: string;
  node_id: number;
  last_descendant_node_id: number;
}

interface TransactionRow {
  row_id: string;
  update_id: string;
  ledger_offset: string | null;
  effective_at: string | null;
  synchronizer_id: string;
  compact_only: boolean;
}

interface NodeRow {
  update_row_id: string;
  node_id: number;
  event_type: 'created' | 'exercised';
  contract_id: string;
  template_ref: number;
  choice: string | null;
  choice_argument: unknown;
  exercise_result: unknown;
  child_node_ids: number[] | null;
  create_arguments: unknown;
}

/** Write-order bounds of the whole log, for a first page. */
export const LOG_START = { updateRowId: '0', nodeId: 0 } as const;
export const LOG_END = { updateRowId: '9223372036854775807', nodeId: 2147483647 } as const;

/** The stored exercises scan's amulet transaction log is read from (docs/transactions.md). */
export class TransactionLogRepository {
  /** The statements, for EXPLAIN in tests. */
  static readonly UNITS_ASC = UNITS_ASC.text;
  static readonly UNITS_DESC = UNITS_DESC.text;

  constructor(private readonly db: Db) {}

  /** Up to `limit` units from `from` (inclusive), in write order or backwards. */
  async listUnits(
    from: { updateRowId: string; nodeId: number },
    descending: boolean,
    limit: number,
  ): Promise<LogUnit[]> {
    const rows: UnitRow[] = await this.db.query(descending ? UNITS_DESC : UNITS_ASC, [
      from.updateRowId,
      from.nodeId,
      limit,
    ]);
    return rows.map(toUnit);
  }

  /** The unit of transaction `updateId` that holds node `nodeId`, if any. */
  async lookupUnitOfNode(updateId: string, nodeId: number): Promise<LogUnit | undefined> {
    const rows: UnitRow[] = await this.db.query(UNIT_OF_NODE, [updateId, nodeId]);
    return rows[0] ? toUnit(rows[0]) : undefined;
  }

  /** The transactions of `units`, each with its units' subtrees, payloads compact; by update row id. */
  async loadTransactions(units: readonly LogUnit[]): Promise<Map<string, LogTransaction>> {
    if (units.length === 0) return new Map();
    const keys = [...new Map(units.map((u) => [u.updateRowId, u.migrationId])).entries()];
    const txRows: TransactionRow[] = await this.db.query(TRANSACTIONS, [
      keys.map(([row]) => row),
      keys.map(([, migration]) => migration),
    ]);
    const nodeRows: NodeRow[] = await this.db.query(SUBTREES, [
      units.map((u) => u.updateRowId),
      units.map((u) => u.migrationId),
      units.map((u) => u.nodeId),
      units.map((u) => u.lastDescendantNodeId),
    ]);
    const entities = new Map(
      (
        await this.db.query<{ id: number; entity: string }>(TEMPLATE_ENTITIES, [
          [...new Set(nodeRows.map((r) => r.template_ref))],
        ])
      ).map((t) => [t.id, t.entity]),
    );
    const compactOnly = new Map(txRows.map((t) => [t.row_id, t.compact_only]));
    const nodesByTx = new Map<string, Map<number, LogNode>>();
    for (const r of nodeRows) {
      const nodes = nodesByTx.get(r.update_row_id) ?? new Map<number, LogNode>();
      nodesByTx.set(r.update_row_id, nodes);
      const compact = compactOnly.get(r.update_row_id) ?? false;
      nodes.set(r.node_id, {
        nodeId: r.node_id,
        kind: r.event_type,
        contractId: r.contract_id,
        entity: entities.get(r.template_ref)!,
        choice: r.choice,
        argument: compactOf(r.choice_argument, compact),
        result: compactOf(r.exercise_result, compact),
        payload: compactOf(r.create_arguments, compact),
        children: r.child_node_ids ?? [],
      });
    }
    return new Map(
      txRows.map((t) => [
        t.row_id,
        {
          updateId: t.update_id,
          ledgerOffset: t.ledger_offset,
          effectiveAt: t.effective_at ?? '',
          synchronizerId: t.synchronizer_id,
          nodes: nodesByTx.get(t.row_id) ?? new Map(),
        },
      ]),
    );
  }
}

function toUnit(r: UnitRow): LogUnit {
  return {
    updateRowId: r.update_row_id,
    migrationId: r.migration_id,
    nodeId: r.node_id,
    lastDescendantNodeId: r.last_descendant_node_id,
  };
}

/** A stored payload in the compact form: compact-only history keeps it so, the rest is lossless. */
function compactOf(value: unknown, compactOnly: boolean): unknown {
  if (value === null || value === undefined) return null;
  return compactOnly ? value : toCompact(value as DamlValue);
}
