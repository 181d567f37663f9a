/** One peer's answer to a page request, as a list of items. */
export interface PeerItems<T> {
  url: string;
  items: readonly T[];
}

export interface Agreement<T> {
  /** The longest prefix of items a quorum of peers returned identically. */
  items: T[];
  /** Peers that returned different content where the quorum agreed. */
  dissenters: string[];
  /** Per dissenter, the index of the item where its answer differed from the quorum's. */
  divergedAt: Record<string, number>;
}

/** f, the number of faulty peers tolerated among n: floor((n - 1) / 3). */
export function faultsTolerated(peers: number): number {
  return Math.floor((peers - 1) / 3);
}

/** Peers that must return the same content for it to be accepted: f + 1. */
export function quorumSize(peers: number): number {
  return faultsTolerated(peers) + 1;
}

/**
 * The longest prefix of items on which at least `quorum` peers agree, compared by `key` (the
 * canonical content). Item by item, the peers that still agree vote; the largest group wins
 * if it reaches the quorum and no other group is as large (a tie accepts nothing). Peers of
 * the other groups are dissenters and vote no further. A peer whose page ends earlier (it lags)
 * abstains from then on without dissenting.
 *
 * `quickKey`, when given, is a cheaper key whose equality implies `key`'s (such as the item's
 * JSON text in the order it arrived): the peers are compared by it first, and its result stands
 * when every peer still voting answered alike at every item; otherwise (a difference, which may
 * be only of form) the comparison is done again by `key`. Either way the result is `key`'s.
 */
export function agreedPrefix<T>(
  answers: readonly PeerItems<T>[],
  quorum: number,
  key: (item: T) => string,
  quickKey?: (item: T) => string,
): Agreement<T> {
  if (quickKey !== undefined) {
    const quick = vote(answers, quorum, quickKey);
    if (quick.unanimous) return quick.agreement;
  }
  return vote(answers, quorum, key).agreement;
}

function vote<T>(
  answers: readonly PeerItems<T>[],
  quorum: number,
  key: (item: T) => string,
): { agreement: Agreement<T>; unanimous: boolean } {
  let voters = answers.map((a) => ({ url: a.url, items: a.items, keys: a.items.map(key) }));
  const divergedAt: Record<string, number> = {};
  const items: T[] = [];
  let unanimous = true;
  for (let i = 0; ; i++) {
    const groups = new Map<string, typeof voters>();
    for (const v of voters) {
      if (i >= v.keys.length) continue;
      const group = groups.get(v.keys[i]) ?? [];
      group.push(v);
      groups.set(v.keys[i], group);
    }
    if (groups.size > 1) unanimous = false;
    const ranked = [...groups.values()].sort((a, b) => b.length - a.length);
    const [best, second] = ranked;
    if (best === undefined || best.length < quorum || (second && second.length === best.length)) break;
    for (const group of ranked.slice(1)) for (const v of group) divergedAt[v.url] = i;
    voters = best;
    items.push(best[0].items[i]);
  }
  return { agreement: { items, dissenters: Object.keys(divergedAt), divergedAt }, unanimous };
}
