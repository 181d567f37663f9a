import type { DataSource } from 'typeorm';
import { Db, MirrorBlobsRepository, type LedgerWriter } from '@canton-scan/domain';
import { isPeerTrouble, type PeerReads } from './peer-reads';
import { agreedPrefix, type PeerItems } from './quorum';
import { dsoContracts, networkBlobReads, servedContracts, type ServedBlob } from './served-blobs';

/** Preapprovals lacking a blob asked for per catch-up, and blob reads sent at once. */
const PREAPPROVALS_PER_PASS = 100;
const PARALLEL_BLOB_READS = 8;

/**
 * Stores the created event blobs the peers serve into stored contracts that have none (the
 * mirror's writer never derives one), at each catch-up.
 */
export class ServedBlobCopier {
  /** Preapprovals the answering peers did not serve (not asked for again by this run). */
  private readonly unservedPreapprovals = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: LedgerWriter,
    private readonly reads: PeerReads,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Stores the created event blobs the peers serve (the contracts of `/v0/dso` and
   * `/v0/unclaimed-development-fund-coupons`, and those of the current network contracts the
   * store lacks, `networkBlobAnswers`) into stored contracts that have none. A blob is taken once f + 1 peers served the same one for the
   * contract id (a blob never changes, so peers at different heads still agree on it).
   */
  async storeServedBlobs(): Promise<void> {
    const dso = await this.reads.askPeers(
      (peer) => peer.dsoInfo(),
      (answer) => servedContracts(answer, dsoContracts),
    );
    const coupons = await this.reads.askPeers(
      (peer) => peer.developmentFundCoupons(),
      (answer) => servedContracts(answer, (v) => v['unclaimed-development-fund-coupons']),
    );
    const network = await this.networkBlobAnswers();
    const blobs = this.agreedBlobs([...dso, ...coupons, ...network]);
    const stored = await this.writer.storeCreatedEventBlobs(blobs);
    if (stored > 0) this.log(`stored ${stored} created event blobs served by the peers`);
  }

  // ---- blobs of the current network contracts (issue 31; served-blobs.ts) ----

  /**
   * The peers' answers of the scan endpoints that serve the current network contracts the store
   * lacks a blob of (`networkBlobReads`). A read no quorum answers is logged and skipped (asked
   * again at the next catch-up); a preapproval that every answering peer left out is not asked
   * for again by this run.
   */
  private async networkBlobAnswers(): Promise<PeerItems<ServedBlob>[]> {
    const missing = await new MirrorBlobsRepository(Db.of(this.dataSource)).missingNetworkBlobs(
      PREAPPROVALS_PER_PASS,
      [...this.unservedPreapprovals],
    );
    const answers: PeerItems<ServedBlob>[] = [];
    const reads = networkBlobReads(missing);
    for (let i = 0; i < reads.length; i += PARALLEL_BLOB_READS)
      await Promise.all(
        reads.slice(i, i + PARALLEL_BLOB_READS).map(async (read) => {
          try {
            const got = await this.reads.askPeers(read.ask, (a) => (a.absent ? [] : a.value));
            answers.push(...got);
            for (const id of read.expects ?? [])
              if (!got.some((a) => a.items.some((b) => b.contractId === id)))
                this.unservedPreapprovals.add(id);
          } catch (error) {
            if (!isPeerTrouble(error)) throw error;
            this.log(`${read.what}: blobs not fetched: ${error.message}`);
          }
        }),
      );
    return answers;
  }

  /** Per contract id, the blob f + 1 peers served alike (peers that did not serve it abstain). */
  private agreedBlobs(answers: readonly PeerItems<ServedBlob>[]): ServedBlob[] {
    const byContract = new Map<string, Map<string, string>>();
    for (const answer of answers)
      for (const c of answer.items) {
        const votes = byContract.get(c.contractId) ?? new Map<string, string>();
        votes.set(answer.url, c.blob);
        byContract.set(c.contractId, votes);
      }
    const agreed: ServedBlob[] = [];
    for (const [contractId, votes] of byContract) {
      const voters = [...votes].map(([url, blob]) => ({ url, items: [blob] }));
      const { items, dissenters, divergedAt } = agreedPrefix(voters, this.reads.quorum, (blob) => blob);
      this.reads.noteDissenters(dissenters);
      if (voters.length > 1)
        this.reads.noteAgreement(`the created event blob of contract ${contractId}`, voters, divergedAt);
      if (items.length === 1) agreed.push({ contractId, blob: items[0] });
    }
    return agreed;
  }
}
