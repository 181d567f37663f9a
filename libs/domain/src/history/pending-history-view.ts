import type { BatchDelta } from './batch-builder';
import { contractKey, type ContractKey, type StoredContract } from './contract-states';
import type { HistoryView } from './history-write.repository';
import { widenBounds, type OffsetBounds } from './offset-bounds';

/**
 * The stored history as seen by a pipelined build: the committed state (read on a connection of
 * its own) overlaid with what the batches built but not yet committed change.
 */
export class PendingHistoryView implements HistoryView {
  readonly pending: BatchDelta[] = [];

  constructor(private readonly base: HistoryView) {}

  async storedHashes(updateIds: readonly string[]): Promise<Map<string, string>> {
    const hashes = await this.base.storedHashes(updateIds);
    for (const d of this.pending)
      for (const id of updateIds) if (d.hashes.has(id)) hashes.set(id, d.hashes.get(id)!);
    return hashes;
  }

  async offsetBounds(migrationIds: readonly number[]): Promise<Map<number, OffsetBounds>> {
    const bounds = await this.base.offsetBounds(migrationIds);
    for (const m of migrationIds) {
      const b = bounds.get(m) ?? { floor: null, ceiling: null, top: null };
      for (const d of this.pending) widenBounds(b, m, d.offsets);
      bounds.set(m, b);
    }
    return bounds;
  }

  async lastRecordTimes(migrationIds: number[]): Promise<Map<number, string>> {
    const times = await this.base.lastRecordTimes(migrationIds);
    for (const d of this.pending)
      for (const m of migrationIds) if (d.lastRecordTimes.has(m)) times.set(m, d.lastRecordTimes.get(m)!);
    return times;
  }

  async contractsByKey(keys: ContractKey[]): Promise<StoredContract[]> {
    const found = new Map<string, StoredContract>();
    const rest: ContractKey[] = [];
    for (const k of keys) {
      const kk = contractKey(k.migrationId, k.contractId);
      let state: StoredContract | undefined;
      for (let i = this.pending.length - 1; i >= 0 && state === undefined; i--)
        state = this.pending[i].contracts.get(kk);
      if (state) found.set(kk, { ...state });
      else rest.push(k);
    }
    for (const c of await this.base.contractsByKey(rest))
      found.set(contractKey(c.migrationId, c.contractId), c);
    return [...found.values()];
  }

  allocateIds(table: 'updates' | 'contracts', count: number): Promise<string[]> {
    return this.base.allocateIds(table, count);
  }
}
