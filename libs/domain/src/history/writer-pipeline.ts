import type { Db, DbConnection } from '../database/db';
import { buildBatch, type BuiltBatch, type PreparedBatch } from './batch-builder';
import { encodeBuiltBatch, writeBuiltBatch, type AppendResult } from './batch-write';
import { HistoryWriteRepository } from './history-write.repository';
import { assignPartyIds } from './party-ids';
import { assignSynchronizerIds } from './synchronizer-ids';
import { PendingHistoryView } from './pending-history-view';
import { assignTemplateIds } from './template-ids';

/**
 * Batches written one after another, each checked and built while the previous one is being
 * written (see `LedgerWriter.openPipeline`).
 */
export interface WriterPipeline {
  /** Checks and builds the next batch against the stored history plus every batch built before it. */
  build(batch: PreparedBatch): Promise<PipelinedBatch>;
  /** Writes a built batch, in build order, each once the previous write has finished. */
  write(batch: PipelinedBatch): Promise<AppendResult>;
  close(): Promise<void>;
}

/** A batch built by a `WriterPipeline` (opaque). */
export type PipelinedBatch = { readonly prepared: PreparedBatch } | { readonly built: BuiltBatch };

/** Builds and writes on two connections of `db` (see `LedgerWriter.openPipeline`). */
export async function openConcurrentPipeline(db: Db, snapshotIntervalHours: number): Promise<WriterPipeline> {
  const writeConnection = await db.connect();
  let readConnection: DbConnection | undefined;
  try {
    readConnection = await db.connect();
    // Held for the pipeline's life: no other writer changes what the pending view assumes.
    await new HistoryWriteRepository(writeConnection).lockWriterSession();
  } catch (error) {
    readConnection?.release();
    writeConnection.release();
    throw error;
  }
  return new ConcurrentPipeline(writeConnection, readConnection, snapshotIntervalHours);
}

class ConcurrentPipeline implements WriterPipeline {
  private readonly view: PendingHistoryView;
  /** The ids of the parties of the batches built so far. */
  private readonly partyIds = new Map<string, number>();
  /** The ids of the templates of the batches built so far. */
  private readonly templateIds = new Map<string, number>();
  /** The ids of the synchronizers of the batches built so far. */
  private readonly synchronizerIds = new Map<string, number>();

  constructor(
    private readonly writeConnection: DbConnection,
    private readonly readConnection: DbConnection,
    private readonly snapshotIntervalHours: number,
  ) {
    this.view = new PendingHistoryView(new HistoryWriteRepository(readConnection));
  }

  async build(prepared: PreparedBatch): Promise<PipelinedBatch> {
    const built = await buildBatch(this.view, prepared);
    // New parties, templates and synchronizers are added outside the batches' transactions
    // (committed at once), so the ids learned stay valid for the pipeline's life, whatever becomes
    // of the batch.
    for (const [party, id] of await assignPartyIds(this.readConnection, built, this.partyIds))
      this.partyIds.set(party, id);
    for (const [template, id] of await assignTemplateIds(
      this.readConnection,
      built.history,
      this.templateIds,
    ))
      this.templateIds.set(template, id);
    for (const [synchronizer, id] of await assignSynchronizerIds(
      this.readConnection,
      built.history,
      this.synchronizerIds,
    ))
      this.synchronizerIds.set(synchronizer, id);
    encodeBuiltBatch(built);
    this.view.pending.push(built.delta);
    return { built };
  }

  async write(batch: PipelinedBatch): Promise<AppendResult> {
    const built = (batch as { built: BuiltBatch }).built;
    try {
      return await this.writeConnection.transaction((tx) =>
        writeBuiltBatch(tx, built, this.snapshotIntervalHours),
      );
    } finally {
      // Committed (now read from the database) or failed (the pipeline ends).
      this.view.pending.splice(this.view.pending.indexOf(built.delta), 1);
    }
  }

  async close(): Promise<void> {
    try {
      await new HistoryWriteRepository(this.writeConnection).unlockWriterSession();
    } finally {
      this.readConnection.release();
      this.writeConnection.release();
    }
  }
}
