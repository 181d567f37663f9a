import type { scanApi } from '@canton-scan/contracts/browser';

export type Transaction = scanApi.UpdateHistoryTransactionV2;
export type Reassignment = scanApi.UpdateHistoryReassignment;
export type TreeEvent = scanApi.TreeEvent;
export type CreatedEvent = scanApi.CreatedEvent;
export type ExercisedEvent = scanApi.ExercisedEvent;

/** A node of a transaction's event tree, with its depth (roots are at depth 1). */
export interface TreeNode {
  id: string;
  event: TreeEvent;
  depth: number;
  children: TreeNode[];
}

export function isTransaction(update: Transaction | Reassignment): update is Transaction {
  return 'events_by_id' in update;
}

/** The event tree in order: roots, then each exercise's children (ids missing from the map are skipped). */
export function buildTree(tx: Pick<Transaction, 'root_event_ids' | 'events_by_id'>): TreeNode[] {
  const visit = (id: string, depth: number, seen: Set<string>): TreeNode | undefined => {
    const event = tx.events_by_id[id];
    if (!event || seen.has(id)) return undefined;
    seen.add(id);
    const childIds = event.event_type === 'exercised_event' ? event.child_event_ids : [];
    const children = childIds
      .map((c) => visit(c, depth + 1, seen))
      .filter((n): n is TreeNode => n !== undefined);
    return { id, event, depth, children };
  };
  const seen = new Set<string>();
  return tx.root_event_ids.map((id) => visit(id, 1, seen)).filter((n): n is TreeNode => n !== undefined);
}

/** The deepest level of the tree (0 for a transaction without events). */
export function treeDepth(nodes: readonly TreeNode[]): number {
  return nodes.reduce((max, n) => Math.max(max, n.depth, treeDepth(n.children)), 0);
}

/** Every node in tree order (pre-order). */
export function flatten(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** What an update did to the ACS: the contracts it created and those it archived, in tree order. */
export interface StateDiff {
  created: CreatedEvent[];
  archived: ExercisedEvent[];
  /** Contracts both created and archived within the update (they never reach the ACS). */
  transient: Set<string>;
}

export function stateDiff(tx: Pick<Transaction, 'root_event_ids' | 'events_by_id'>): StateDiff {
  const created: CreatedEvent[] = [];
  const archived: ExercisedEvent[] = [];
  for (const { event } of flatten(buildTree(tx))) {
    if (event.event_type === 'created_event') created.push(event);
    else if (event.consuming) archived.push(event);
  }
  const createdIds = new Set(created.map((e) => e.contract_id));
  return {
    created,
    archived,
    transient: new Set(archived.map((e) => e.contract_id).filter((id) => createdIds.has(id))),
  };
}
