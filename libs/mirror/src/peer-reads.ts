import { PeerError, ScanPeer, type CallPolicy, type PeerAnswer } from './peer';
import { offsetSpans, sameApartFromOffsets, spansAreItemOffsets, type OffsetSpans } from './page-bytes';
import type { PeerStatusBook } from './peer-status';
import { agreedPrefix, quorumSize, type PeerItems } from './quorum';

/** A page's items the peers agreed on, and what the first answering peer's page weighed (bytes). */
export interface PageRead<I> {
  items: I[];
  bytes: number;
}

/** No quorum of peers answered alike: nothing of the page can be trusted yet. */
export class NoQuorumError extends Error {}

/**
 * A migration whose verdicts the store holds cannot go on: the peers do not serve its verdicts
 * now, or their events and updates disagree. Its updates wait (never written without their
 * verdicts); a tailing mirror retries.
 */
export class VerdictsUnavailableError extends NoQuorumError {}

/** Whether a read failed for want of peers (too few answered alike, or a peer failed): retried later. */
export const isPeerTrouble = (error: unknown): error is NoQuorumError | PeerError =>
  error instanceof NoQuorumError || error instanceof PeerError;

/**
 * The mirror's reads of its peers: every peer asked at once, the answers compared (f + 1 alike),
 * failing peers left out for a while, and who answered, failed or dissented told to the peers'
 * status.
 */
export class PeerReads {
  /** URLs of peers that disagreed with an accepted answer. */
  readonly dissenters = new Set<string>();
  readonly quorum: number;
  readonly count: number;
  /** The running pass's stop signal, checked before every read so a stop never waits for a backlog. */
  stopSignal?: AbortSignal;
  private readonly peers: ScanPeer[];
  /** Peers left out of reads after failing, until when, and for how long the last time. */
  private readonly downUntil = new Map<string, { until: number; pause: number }>();

  constructor(
    urls: readonly string[],
    policy: CallPolicy,
    private readonly status: PeerStatusBook,
    private readonly log: (message: string) => void,
  ) {
    this.peers = urls.map((url) => new ScanPeer(url, policy));
    this.count = this.peers.length;
    this.quorum = quorumSize(this.peers.length);
  }

  /** The peers not left out now (after failing). */
  available(): ScanPeer[] {
    const now = Date.now();
    return this.peers.filter((peer) => (this.downUntil.get(peer.url)?.until ?? 0) <= now);
  }

  /**
   * Asks every peer at once and returns the longest prefix of items f + 1 of them agree on.
   * Peers that fail (after their retries) or disagree are logged by URL; `what` names the read
   * in the disagreements of the peers' status.
   */
  async quorumRead<T, I>(
    what: string,
    ask: (peer: ScanPeer) => Promise<PeerAnswer<T>>,
    itemsOf: (answer: PeerAnswer<T>, url: string) => I[],
    key: (item: I) => string,
    /** Equality of two items' content without serialising them, tried first (`agreedPrefix`). */
    same?: (a: I, b: I) => boolean,
    dropped?: () => boolean,
  ): Promise<I[]> {
    return this.compare(what, await this.askPeers(ask, itemsOf, dropped), key, same);
  }

  /** The longest prefix of the answers' items f + 1 peers agree on, told to the peers' status. */
  private compare<I>(
    what: string,
    answers: PeerItems<I>[],
    key: (item: I) => string,
    same?: (a: I, b: I) => boolean,
  ): I[] {
    // One answer (one peer, or the only one of few that answered, f = 0): nothing to compare.
    if (answers.length === 1) {
      this.status.compared([answers[0].url], []);
      return [...answers[0].items];
    }
    const agreement = agreedPrefix(answers, this.quorum, key, same);
    this.noteDissenters(agreement.dissenters);
    this.noteAgreement(what, answers, agreement.divergedAt);
    // Peers that hold more but agree on none of it are not "nothing newer": never read that as the end.
    if (agreement.items.length === 0 && answers.some((a) => a.items.length > 0))
      throw new NoQuorumError(`no ${this.quorum} peers agree on the next item; nothing accepted`);
    return agreement.items;
  }

  /**
   * `quorumRead` of a page the peers send as bytes (`ask`), parsed into items by `itemsOf`. When
   * every peer sent the same bytes apart from the items' own offsets (`offsetsOf`, page-bytes.ts),
   * the items are the first peer's, parsed alone: what the comparison of parsed items accepts
   * when no peer differs. Otherwise every page is parsed and compared as `quorumRead` does.
   */
  async quorumReadPage<I>(
    what: string,
    ask: (peer: ScanPeer) => Promise<PeerAnswer<Buffer>>,
    itemsOf: (value: unknown) => I[],
    offsetsOf: (items: readonly I[]) => string[],
    key: (item: I) => string,
    same?: (a: I, b: I) => boolean,
    dropped?: () => boolean,
  ): Promise<PageRead<I>> {
    const bodies = await this.askPeers(ask, (answer) => [answer], dropped);
    const taken = bodies[0].items[0];
    const bytes = taken.absent ? 0 : taken.value.length;
    const alike = bodies.length > 1 ? sameBytes(bodies.map((b) => b.items[0])) : undefined;
    // The first page, once parsed (only when the pages are alike): not parsed twice.
    let first: I[] | Error | undefined;
    if (alike) {
      first = parsePage(bodies[0].items[0], itemsOf);
      if (Array.isArray(first) && spansAreItemOffsets(alike.first, alike.spans, offsetsOf(first))) {
        this.noteAgreement(what, bodies, {});
        return { items: first, bytes };
      }
    }
    const answers: PeerItems<I>[] = [];
    bodies.forEach((body, i) => {
      const items = i === 0 && first !== undefined ? first : parsePage(body.items[0], itemsOf);
      // A page that is not JSON (or not a page) fails its peer, as the generated client's parse would have.
      if (Array.isArray(items)) answers.push({ url: body.url, items });
      else this.failed(body.url, `${items.name}: ${items.message}`);
    });
    this.checkQuorum(answers.length);
    return { items: this.compare(what, answers, key, same), bytes };
  }

  /** Every peer's answer as items (at least f + 1 answers), leaving out for a while those that fail. */
  async askPeers<T, I>(
    ask: (peer: ScanPeer) => Promise<PeerAnswer<T>>,
    itemsOf: (answer: PeerAnswer<T>, url: string) => I[],
    /** Whether the read was dropped meanwhile (read ahead, then not waited for): it leaves no trace. */
    dropped?: () => boolean,
  ): Promise<PeerItems<I>[]> {
    this.stopSignal?.throwIfAborted();
    const asked = this.available();
    const settled = await Promise.allSettled(asked.map((peer) => ask(peer)));
    // Its answers would come after what ended the pass (and, a success, hide a failure that did).
    if (dropped?.()) throw new Error('a read ahead that was dropped');
    const answers: PeerItems<I>[] = [];
    settled.forEach((s, i) => {
      const url = asked[i].url;
      if (s.status === 'fulfilled') {
        this.downUntil.delete(url);
        this.status.answered(url);
        answers.push({ url, items: itemsOf(s.value, url) });
        return;
      }
      this.failed(
        url,
        s.reason instanceof PeerError ? s.reason.detail : String(s.reason),
        (s.reason as Error).message,
      );
    });
    this.checkQuorum(answers.length);
    return answers;
  }

  /** A failed peer (after its retries) is left out for a while, longer each time. */
  private failed(url: string, detail: string, message = `${url}: ${detail}`): void {
    this.status.failed(url, detail);
    const pause = Math.min((this.downUntil.get(url)?.pause ?? 2500) * 2, 300_000);
    this.downUntil.set(url, { until: Date.now() + pause, pause });
    this.log(`peer ${url} failed: ${message}; left out for ${pause / 1000} s`);
  }

  private checkQuorum(answered: number): void {
    if (answered < this.quorum)
      throw new NoQuorumError(`only ${answered} of ${this.count} peers answered (need ${this.quorum})`);
  }

  noteDissenters(urls: readonly string[]): void {
    for (const url of urls) {
      this.dissenters.add(url);
      this.log(`peer ${url} disagrees with ${this.quorum} or more peers; its answer is ignored`);
    }
  }

  /** Into the peers' status: who answered a compared read alike, and where each dissenter differed. */
  noteAgreement(
    what: string,
    answers: readonly PeerItems<unknown>[],
    divergedAt: Readonly<Record<string, number>>,
  ): void {
    const single = answers.every((a) => a.items.length <= 1);
    this.status.compared(
      answers.map((a) => a.url),
      Object.entries(divergedAt).map(([url, index]) => ({
        url,
        reason: `${what}${single ? '' : `, item ${index + 1},`} differs from what ${this.quorum} or more peers answered`,
      })),
    );
  }
}

/**
 * Whether every answer is a page (none absent) of the same bytes as the first apart from the
 * values of `offset` members: the first page and those spans of it, or undefined.
 */
function sameBytes(
  answers: readonly PeerAnswer<Buffer>[],
): { first: Buffer; spans: OffsetSpans } | undefined {
  const [first, ...others] = answers;
  if (first.absent) return undefined;
  const spans = offsetSpans(first.value);
  if (spans === undefined) return undefined;
  for (const other of others) {
    if (other.absent) return undefined;
    // The same bytes (pages of transactions, which carry no offset): no need to find the offsets.
    if (other.value.equals(first.value)) continue;
    const otherSpans = offsetSpans(other.value);
    if (otherSpans === undefined || !sameApartFromOffsets(first.value, spans, other.value, otherSpans))
      return undefined;
  }
  return { first: first.value, spans };
}

/** A page's items, parsed as the generated client parses a body (an empty one is `{}`), or why it is no page. */
function parsePage<I>(answer: PeerAnswer<Buffer>, itemsOf: (value: unknown) => I[]): I[] | Error {
  if (answer.absent) return [];
  const text = answer.value.toString('utf8');
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : {};
  } catch (error) {
    return error as Error;
  }
  const items = itemsOf(value);
  return Array.isArray(items) ? items : new TypeError('the answer carries no list of items');
}
