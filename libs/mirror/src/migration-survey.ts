import type { DataSource } from 'typeorm';
import { IMPORT_RECORD_TIME } from '@canton-scan/domain';
import type { MirrorProgress } from './mirror-progress';
import { EVENTS_NOT_SERVED, PeerError } from './peer';
import { NoQuorumError, type PeerReads } from './peer-reads';
import type { PeerStatusBook } from './peer-status';
import { readStorePosition } from './store-position';

/**
 * What the peers say of each migration, asked once per pass (`holds`) or once per migration
 * (`decideVerdicts`): whether a quorum holds data of it, whether f + 1 hold it from its start,
 * and whether its verdicts are copied. `ScanMirror` asks it before paging a migration.
 */
export class MigrationSurvey {
  /** Per migration, whether f + 1 peers said (migration-info `complete`) they hold it from its start. */
  private readonly peersComplete = new Map<number, boolean>();
  /** Per migration, whether its verdicts are copied (as the store records it, or as decided when it begins). */
  private readonly verdictsHeld = new Map<number, boolean>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: PeerReads,
    private readonly peerStatus: PeerStatusBook,
    private readonly progress: MirrorProgress,
    private readonly log: (message: string) => void,
  ) {}

  /** Whether f + 1 peers hold the migration from its start (as last asked by `holds`). */
  fromStart(migrationId: number): boolean {
    return this.peersComplete.get(migrationId) ?? false;
  }

  /** Whether the migration's verdicts are copied (once `decideVerdicts` has decided). */
  verdictsCopied(migrationId: number): boolean {
    return this.verdictsHeld.get(migrationId) ?? false;
  }

  /**
   * Whether a quorum of peers holds data of the migration (migration-info; 404 = none). Also
   * notes whether f + 1 of them hold it from its start (`complete`): only then does the store,
   * if it begins the migration now, hold it from its start (`fromStart`).
   */
  async holds(migrationId: number): Promise<boolean> {
    let newest: string | undefined;
    let complete = 0;
    const [exists] = await this.reads.quorumRead(
      `migration-info of migration ${migrationId}`,
      (peer) => peer.migrationInfo(migrationId),
      (answer, url) => {
        if (answer.absent) return [false];
        let peerNewest: string | undefined;
        for (const range of answer.value.record_time_range)
          if (peerNewest === undefined || range.max > peerNewest) peerNewest = range.max;
        if (peerNewest !== undefined) {
          this.peerStatus.reported(url, migrationId, peerNewest);
          if (newest === undefined || peerNewest > newest) newest = peerNewest;
        }
        if (answer.value.complete) complete++;
        return [true];
      },
      (value) => String(value),
    );
    if (exists === undefined) throw new NoQuorumError(`no quorum on migration ${migrationId}`);
    this.peersComplete.set(migrationId, complete >= this.reads.quorum);
    if (exists && newest !== undefined && migrationId >= this.progress.migrationId)
      this.progress.peersNewestRecordTime = newest;
    return exists;
  }

  /**
   * Whether the migration's verdicts are copied: as the store records it once the migration's
   * first batch is written; before that, whether f + 1 peers serve `/v0/events` for it (then it
   * is held with its verdicts) or f + 1 say they do not (404, 501, 503: an older scan, or a
   * node without verdicts; then it is copied without them, and answers 503 as such a node does).
   * Neither (peers unreachable): NoQuorumError, decided at a later pass.
   */
  async decideVerdicts(migrationId: number): Promise<void> {
    if (this.verdictsHeld.has(migrationId)) return;
    const stored = (await readStorePosition(this.dataSource, migrationId)).verdictsHeld;
    if (stored !== undefined) {
      this.verdictsHeld.set(migrationId, stored);
      return;
    }
    this.reads.stopSignal?.throwIfAborted();
    const asked = this.reads.available();
    const settled = await Promise.allSettled(
      asked.map((peer) =>
        peer.events({ after_migration_id: migrationId, after_record_time: IMPORT_RECORD_TIME }, 1),
      ),
    );
    let served = 0;
    let notServed = 0;
    settled.forEach((s, i) => {
      const url = asked[i].url;
      if (s.status === 'fulfilled') {
        served++;
        this.peerStatus.answered(url);
      } else if (s.reason instanceof PeerError && EVENTS_NOT_SERVED.has(s.reason.status ?? 0)) {
        notServed++;
        this.peerStatus.answered(url);
        this.log(`peer ${url} does not serve the verdicts of migration ${migrationId}: ${s.reason.detail}`);
      } else {
        this.peerStatus.failed(url, s.reason instanceof PeerError ? s.reason.detail : String(s.reason));
        this.log(`peer ${url} failed: ${(s.reason as Error).message}`);
      }
    });
    const quorum = this.reads.quorum;
    let held: boolean;
    if (served >= quorum) held = true;
    else if (notServed >= quorum) held = false;
    else
      throw new NoQuorumError(
        `cannot tell whether ${quorum} peers serve the verdicts of migration ${migrationId} ` +
          `(${served} serve them, ${notServed} do not, ${asked.length - served - notServed} failed)`,
      );
    this.log(
      held
        ? `migration ${migrationId}: ${served} of ${this.reads.count} peers serve its verdicts (/v0/events); copying them with its updates`
        : `migration ${migrationId}: ${notServed} of ${this.reads.count} peers do not serve its verdicts (/v0/events); copying its updates without them`,
    );
    this.verdictsHeld.set(migrationId, held);
  }
}
