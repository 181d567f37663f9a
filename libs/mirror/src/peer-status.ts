import type { MirrorPeerStatus, MirrorStatusRecord } from '@canton-scan/domain';
import { lagSeconds } from './lag';
import type { MirrorProgress } from './mirror-progress';

/** Where the mirror writes its status (the store's `MirrorPeerStatusRepository`, or a test's fake). */
export interface MirrorStatusSink {
  write(status: MirrorStatusRecord): Promise<void>;
}

/** How one peer's answer compared with the quorum's, when it did not match. */
export interface Disagreement {
  url: string;
  reason: string;
}

/**
 * What the mirror knows of each peer (when it last answered, what it reported, whether it agreed
 * with the quorum, its failures), kept in memory as the mirror calls the peers, and written to
 * the sink at the end of each pass over the peers (`flush(..., true)`) and at most every
 * `intervalMs` while copying (`flush`): never once per update, and one write at a time.
 *
 * A peer `agrees` when none of its answers compared in the pass differed from the quorum's: a
 * forger caught on one update page is not cleared by the reads of the same pass it answers
 * alike (migration-info, blobs), only by a later pass without a dissent. A peer not compared in
 * the pass (it failed) keeps what the pass before found.
 */
export class PeerStatusBook {
  private readonly peers = new Map<string, MirrorPeerStatus>();
  /** Peers compared, and those that dissented, in the running pass. */
  private readonly compared_ = new Set<string>();
  private readonly dissented = new Set<string>();
  private lastWrite = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    urls: readonly string[],
    private readonly sink: MirrorStatusSink | undefined,
    private readonly intervalMs: number,
    private readonly log: (message: string) => void,
  ) {
    for (const url of urls) this.peers.set(url, { url, consecutiveFailures: 0 });
  }

  private peer(url: string): MirrorPeerStatus {
    const peer = this.peers.get(url);
    if (!peer) throw new Error(`not a peer of this mirror: ${url}`);
    return peer;
  }

  answered(url: string): void {
    const peer = this.peer(url);
    peer.lastPollAt = new Date().toISOString();
    peer.consecutiveFailures = 0;
  }

  failed(url: string, error: string): void {
    const peer = this.peer(url);
    peer.consecutiveFailures++;
    peer.lastError = error;
    peer.lastErrorAt = new Date().toISOString();
  }

  /** The newest record time the peer reported for a migration (kept for its latest migration). */
  reported(url: string, migrationId: number, newestRecordTime: string): void {
    const peer = this.peer(url);
    if (peer.migrationId !== undefined && migrationId < peer.migrationId) return;
    peer.migrationId = migrationId;
    peer.newestRecordTime = newestRecordTime;
  }

  /** One compared read: the peers that answered it, of which `disagreements` did not match the quorum. */
  compared(answered: readonly string[], disagreements: readonly Disagreement[]): void {
    const at = new Date().toISOString();
    for (const url of answered) this.compared_.add(this.peer(url).url);
    for (const { url, reason } of disagreements) {
      const peer = this.peer(url);
      this.dissented.add(url);
      peer.lastDisagreement = reason;
      peer.lastDisagreementAt = at;
    }
  }

  /**
   * Writes the status with the mirror's position: at the end of a pass (`endOfPass`, which also
   * settles the pass's agreement), else only if `intervalMs` passed since the last write.
   */
  async flush(progress: MirrorProgress, endOfPass = false): Promise<void> {
    if (!endOfPass && (!this.sink || Date.now() - this.lastWrite < this.intervalMs)) return;
    const record = this.record(progress);
    if (endOfPass) {
      for (const peer of record.peers) this.peer(peer.url).agrees = peer.agrees;
      this.compared_.clear();
      this.dissented.clear();
    }
    if (!this.sink) return;
    this.lastWrite = Date.now();
    const sink = this.sink;
    // The status is for people to look at: a failed write is logged, never a reason to stop.
    this.writing = this.writing.then(() =>
      sink.write(record).catch((error: unknown) => {
        this.log(`mirror status not written: ${error instanceof Error ? error.message : String(error)}`);
      }),
    );
    await this.writing;
  }

  record(progress: MirrorProgress): MirrorStatusRecord {
    const record: MirrorStatusRecord = {
      peers: [...this.peers.values()].map((p) => {
        const agrees = this.dissented.has(p.url) ? false : this.compared_.has(p.url) ? true : p.agrees;
        return agrees === undefined ? { ...p } : { ...p, agrees };
      }),
      migrationId: progress.migrationId,
    };
    if (progress.lastRecordTime !== undefined) record.lastRecordTime = progress.lastRecordTime;
    const lag = lagSeconds(progress);
    if (lag !== undefined) record.lagSeconds = lag;
    return record;
  }
}
