import type { DataSource } from 'typeorm';
import {
  Db,
  DomainError,
  DomainErrorCode,
  isWriteRefused,
  LedgerWriter,
  MirrorPeerStatusRepository,
  withSuppliedBlobs,
} from '@canton-scan/domain';
import { RegistryPeers, type RegistryBlobsOutcome } from '@canton-scan/mirror';

/**
 * How one fetch from the peers' registries ended (a label of `/metrics`): `held` when agreed
 * blobs came back but the database role may not write them (kept in memory instead).
 */
export type PeerBlobFetchOutcome = 'stored' | 'held' | 'no-quorum' | 'unreachable';

/** Told of every fetch from the peers' registries (the app's metrics). */
export interface PeerBlobFetchObserver {
  fetched(outcome: PeerBlobFetchOutcome, seconds: number): void;
}

export interface RegistryPeerBlobsOptions {
  /** The peer scans' base URLs (`MIRROR_SCAN_URLS`); none: this store's blobs are its own. */
  peers: readonly string[];
  /** Bound of one peer call (`REGISTRY_PEER_TIMEOUT_MS`). */
  timeoutMs: number;
  snapshotIntervalHours: number;
}

/** Seconds a client waits before asking again when peers were unreachable. */
const RETRY_AFTER_SECONDS = 5;

/** Agreed blobs held in memory, at most, when the database role may not store them (oldest dropped first). */
const MAX_HELD_BLOBS = 10_000;

const blobMissing = (error: unknown): error is DomainError =>
  error instanceof DomainError && error.code === DomainErrorCode.CreatedEventBlobNotStored;

/**
 * The registry on a mirror (docs/token-registry.md "On a mirror"): when an answer needs the blob
 * of a contract the store lacks, the same request is sent to the peers' own registries, each
 * disclosed contract's blob f + 1 of them gave alike is stored through the one write path, and
 * the answer is computed again. A contract no quorum provides stays a 503 naming it, with
 * `Retry-After` when peers were unreachable (not when they disagreed). Concurrent requests for
 * the same answer share one fetch. When the app's database role may not write (a read-only role
 * or a standby), the agreed blobs are held in memory (bounded) and supplied to the answers
 * instead of stored: the answer is the same, and the peers are not asked again while held.
 */
export class RegistryPeerBlobs {
  private readonly peers?: RegistryPeers;
  private readonly writer: LedgerWriter;
  private readonly status: MirrorPeerStatusRepository;
  private readonly inFlight = new Map<string, Promise<RegistryBlobsOutcome>>();
  /** Agreed blobs the database refused to store, by contract id (insertion order: oldest first). */
  private readonly held = new Map<string, string>();
  private observer?: PeerBlobFetchObserver;

  constructor(dataSource: DataSource, options: RegistryPeerBlobsOptions) {
    if (options.peers.length > 0)
      this.peers = new RegistryPeers(options.peers, { timeoutMs: options.timeoutMs });
    this.writer = new LedgerWriter(dataSource, {
      snapshotIntervalHours: options.snapshotIntervalHours,
      createdEventBlobs: 'supplied-only',
    });
    this.status = new MirrorPeerStatusRepository(Db.of(dataSource));
  }

  observe(observer: PeerBlobFetchObserver): void {
    this.observer = observer;
  }

  /** `run`'s answer; if it lacks a blob, once more after fetching the blobs of `path` from the peers. */
  async answer<T>(path: string, body: unknown, run: () => Promise<T>): Promise<T> {
    const supplied = () => withSuppliedBlobs(this.held, run);
    try {
      return await supplied();
    } catch (error) {
      if (this.peers === undefined || !blobMissing(error)) throw error;
    }
    const outcome = await this.fetch(this.peers, path, body);
    try {
      return await supplied();
    } catch (error) {
      if (!blobMissing(error)) throw error;
      const contractId = error.context.contractId ?? 'unknown';
      const why =
        outcome.unreachable.length > 0
          ? `${outcome.unreachable.length} of ${this.peers.size} peers unreachable`
          : outcome.dissenters.some((d) => d.contractId === contractId)
            ? 'the peers disagree on it'
            : 'no peer disclosed it';
      throw new DomainError(
        DomainErrorCode.CreatedEventBlobNotStored,
        `created event blob of contract ${contractId} is not stored (mirrored history) and no ${this.peers.quorum} peers disclosed the same one (${why}); retry later`,
        error.context,
        outcome.unreachable.length > 0 ? RETRY_AFTER_SECONDS : undefined,
      );
    }
  }

  private fetch(peers: RegistryPeers, path: string, body: unknown): Promise<RegistryBlobsOutcome> {
    const key = `${path} ${JSON.stringify(body)}`;
    let fetching = this.inFlight.get(key);
    if (!fetching) {
      fetching = this.fetchAndStore(peers, path, body).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, fetching);
    }
    return fetching;
  }

  private async fetchAndStore(
    peers: RegistryPeers,
    path: string,
    body: unknown,
  ): Promise<RegistryBlobsOutcome> {
    const started = performance.now();
    const outcome = await peers.blobsFor(path, body);
    const stored = outcome.agreed.length > 0 && (await this.store(outcome.agreed));
    for (const { url, contractId } of outcome.dissenters)
      await this.status
        .noteDisagreement(
          url,
          `the created event blob of contract ${contractId} its registry disclosed (${path}) differs from what ${peers.quorum} or more peers disclosed`,
        )
        .catch((error: unknown) => {
          // A read-only role cannot record it; the blob is refused all the same.
          if (!isWriteRefused(error)) throw error;
        });
    this.observer?.fetched(
      outcome.unreachable.length > 0
        ? 'unreachable'
        : outcome.agreed.length === 0
          ? 'no-quorum'
          : stored
            ? 'stored'
            : 'held',
      (performance.now() - started) / 1000,
    );
    return outcome;
  }

  /** Stores the agreed blobs; false (and held in memory) when the database refuses the write. */
  private async store(agreed: readonly { contractId: string; blob: string }[]): Promise<boolean> {
    try {
      await this.writer.storeCreatedEventBlobs(agreed);
      return true;
    } catch (error) {
      if (!isWriteRefused(error)) throw error;
    }
    for (const { contractId, blob } of agreed) {
      this.held.delete(contractId);
      this.held.set(contractId, blob);
    }
    for (const oldest of this.held.keys()) {
      if (this.held.size <= MAX_HELD_BLOBS) break;
      this.held.delete(oldest);
    }
    return false;
  }
}
