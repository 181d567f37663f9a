import type { DataSource } from 'typeorm';
import {
  Db,
  formatMicros,
  type HistoryHostingItem,
  type LedgerWriter,
  SynchronizerStateRepository,
  type SynchronizerStateKind,
  type TrafficStateCopy,
  type UnhostedParty,
} from '@canton-scan/domain';
import type { PeerAnswer, ScanPeer } from './peer';
import type { PeerItems } from './quorum';
import {
  agreedAnswer,
  hostingAnswerOf,
  trafficAnswerOf,
  validHosting,
  validTraffic,
  type AnswerAgreement,
  type SingleAnswer,
} from './synchronizer-state-agreement';

/** What the mirror copies of its synchronizer's own state, and how hard it asks (docs/traffic.md, docs/hosting.md). */
export interface SynchronizerStateOptions {
  /** Least seconds between two copies of the members' traffic states (default 300); 0 copies none. */
  trafficIntervalSeconds?: number;
  /** Copies the hosting of the history's parties (default true). */
  hosting?: boolean;
  /** Members or parties asked at once, each of every peer (default 4). */
  concurrency?: number;
  /** Updates whose parties are looked up per read of the store (default 500). */
  hostingUpdatesPerRead?: number;
  /** While tailing, the longest time one pass spends on the hosting backlog (default 30 s); `--once` drains it. */
  hostingBudgetMs?: number;
}

/** What the copier uses of the mirror: its peers (with their pauses after failures) and its peer status. */
export interface PeerQuorum {
  readonly quorum: number;
  /** Every answering peer's items (at least f + 1 answers, else NoQuorumError), as the history's reads. */
  askPeers<T, I>(
    ask: (peer: ScanPeer) => Promise<PeerAnswer<T>>,
    itemsOf: (answer: PeerAnswer<T>, url: string) => I[],
  ): Promise<PeerItems<I>[]>;
  /** Whether a read failed for want of peers (too few answered, or a peer failed): asked again later. */
  isPeerTrouble(error: unknown): boolean;
  /** Records a compared read in the peers' status (dissenters by URL, with `what` in the reason). */
  compared(what: string, answers: readonly PeerItems<unknown>[], agreement: AnswerAgreement<unknown>): void;
  log(message: string): void;
}

/** Runs `work` over `items`, at most `limit` at a time, in order of the results. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const PARTY = /^[^:\s]+::[0-9a-f]+$/;

/**
 * Copies what a scan learns from its synchronizer rather than from the history, and a mirror can
 * only learn from its peers, with the f + 1 agreement of the history (docs/traffic.md and
 * docs/hosting.md "On a mirror"):
 *
 * - the traffic state (`actual`) of every member the store knows, at the end of a pass over the
 *   peers and at most every `trafficIntervalSeconds`, into `member_traffic_states`;
 * - the hosting (v1 participant ids) of each party of the copied history, once per party and
 *   synchronizer, as hosting items through the mirror's LedgerWriter.
 *
 * A read without agreement stores nothing (the last agreed state stays); peers that disagree go
 * into the mirror's peer status as for the history.
 */
export class SynchronizerStateCopier {
  private readonly repository: SynchronizerStateRepository;
  private readonly trafficIntervalMs: number;
  private readonly hosting: boolean;
  private readonly concurrency: number;
  private readonly perRead: number;
  private readonly budgetMs: number;
  private lastTrafficAt = 0;

  constructor(
    dataSource: DataSource,
    private readonly writer: LedgerWriter,
    private readonly peers: PeerQuorum,
    options: SynchronizerStateOptions = {},
  ) {
    this.repository = new SynchronizerStateRepository(Db.of(dataSource));
    this.trafficIntervalMs = Math.max(0, options.trafficIntervalSeconds ?? 300) * 1000;
    this.hosting = options.hosting ?? true;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.perRead = Math.max(1, options.hostingUpdatesPerRead ?? 500);
    this.budgetMs = options.hostingBudgetMs ?? 30_000;
  }

  /** The kinds of state this mirror copies. */
  get kinds(): SynchronizerStateKind[] {
    return [
      ...(this.trafficIntervalMs > 0 ? (['member_traffic'] as const) : []),
      ...(this.hosting ? (['party_hosting'] as const) : []),
    ];
  }

  /**
   * Records in the store that it takes these kinds from peers, before anything is copied: from
   * then on its scan answers them from the copies only (a 503 until a quorum gave one), never
   * from the no-sequencer model.
   */
  async start(): Promise<void> {
    await this.repository.declarePeerSource(this.kinds);
  }

  /** At the end of a pass over the peers: hosting of the parties met since, then traffic when due. */
  async afterPass(drain: boolean): Promise<void> {
    if (this.hosting) await this.guarded('party hosting', () => this.copyHosting(drain));
    if (this.trafficIntervalMs > 0 && (drain || Date.now() - this.lastTrafficAt >= this.trafficIntervalMs))
      await this.guarded('member traffic', () => this.copyTraffic());
  }

  /** The history is copied regardless: a failure here is logged and the state asked again next time. */
  private async guarded(what: string, copy: () => Promise<void>): Promise<void> {
    try {
      await copy();
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      this.peers.log(`${what} not copied: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** One question to every peer, and what f + 1 of them answered alike (undefined: no agreement). */
  private async agreed<T, V>(
    what: string,
    ask: (peer: ScanPeer) => Promise<PeerAnswer<T>>,
    valueOf: (answer: PeerAnswer<T>) => V,
  ): Promise<AnswerAgreement<V> | undefined> {
    let answers: PeerItems<V>[];
    try {
      answers = await this.peers.askPeers(ask, (answer) => [valueOf(answer)]);
    } catch (error) {
      if (this.peers.isPeerTrouble(error)) return undefined;
      throw error;
    }
    const single: SingleAnswer<V>[] = answers.map((a) => ({ url: a.url, value: a.items[0] }));
    const agreement = agreedAnswer(single, this.peers.quorum);
    this.peers.compared(what, answers, agreement);
    return agreement;
  }

  async copyTraffic(): Promise<void> {
    this.lastTrafficAt = Date.now();
    const members = await this.repository.knownTrafficMembers();
    const copies = await mapLimit(
      members,
      this.concurrency,
      async (m): Promise<TrafficStateCopy | undefined> => {
        const agreement = await this.agreed(
          `traffic status of member ${m.memberId} on synchronizer ${m.synchronizerId}`,
          (peer) => peer.memberTrafficStatus(m.synchronizerId, m.memberId),
          trafficAnswerOf,
        );
        if (!agreement?.agreed) return undefined;
        const actual = agreement.value ?? null;
        if (!validTraffic(actual)) {
          this.peers.log(`peers agree on a malformed traffic status of ${m.memberId}; not stored`);
          return undefined;
        }
        return {
          synchronizerId: m.synchronizerId,
          memberId: m.memberId,
          actual: actual && { totalConsumed: actual.total_consumed, totalLimit: actual.total_limit },
          asOf: formatMicros(BigInt(Date.now()) * 1000n),
        };
      },
    );
    const agreed = copies.filter((c): c is TrafficStateCopy => c !== undefined);
    await this.repository.storeTrafficStates(agreed);
    if (agreed.length < members.length)
      this.peers.log(
        `traffic states: ${agreed.length} of ${members.length} members agreed by the peers; the others keep their last agreed state`,
      );
  }

  /**
   * Asks the hosting of the parties of the stored history the store has no mapping of, from the
   * update after the watermark on, a read of `hostingUpdatesPerRead` updates at a time; the
   * watermark moves past a read once every party of it is stored. A party without agreement
   * stops the copy there until the next pass (as a disputed page stops the history).
   */
  async copyHosting(drain: boolean): Promise<void> {
    const started = Date.now();
    let after = await this.repository.hostingCheckedThrough();
    while (drain || Date.now() - started < this.budgetMs) {
      const { through, parties: met } = await this.repository.unhostedParties(after, this.perRead);
      if (through === undefined) return;
      // An id no scan would take as a party (the path's pattern) is not asked for.
      const parties = met.filter((p) => PARTY.test(p.partyId));
      const items = await mapLimit(parties, this.concurrency, (party) => this.hostingItemOf(party));
      const agreed = items.filter((i): i is HistoryHostingItem => i !== undefined);
      if (agreed.length > 0) await this.writer.append(agreed);
      if (agreed.length < parties.length) {
        this.peers.log(
          `party hosting: ${parties.length - agreed.length} of ${parties.length} parties without agreement of the peers; asked again next pass`,
        );
        return;
      }
      await this.repository.markHostingChecked(through);
      after = through;
    }
  }

  /** The party's mapping as f + 1 peers answered it, as a hosting item (none: the peers agreed on a 404). */
  private async hostingItemOf(party: UnhostedParty): Promise<HistoryHostingItem | undefined> {
    const agreement = await this.agreed(
      `participant ids of party ${party.partyId} on synchronizer ${party.synchronizerId}`,
      (peer) => peer.partyToParticipants(party.synchronizerId, party.partyId),
      hostingAnswerOf,
    );
    if (!agreement?.agreed) return undefined;
    const ids = agreement.value ?? null;
    if (!validHosting(ids)) {
      this.peers.log(`peers agree on malformed participant ids of ${party.partyId}; not stored`);
      return undefined;
    }
    return {
      party_to_participant: {
        synchronizer_id: party.synchronizerId,
        migration_id: party.migrationId,
        // The peers' answer has no time: the mapping holds at least from when they agreed.
        record_time: formatMicros(BigInt(Date.now()) * 1000n),
        party_id: party.partyId,
        participant_ids: ids ?? [],
      },
    };
  }
}
