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
 * `same`, when given, tells whether two items have equal content without serialising either
 * (it must hold exactly when `key` gives both the same text): when every peer's items are the
 * same as the others' as far as each page goes (honest peers at the same height, the usual
 * case), the result is taken from that alone; otherwise it is the vote by `key`.
 */
export function agreedPrefix<T>(
  answers: readonly PeerItems<T>[],
  quorum: number,
  key: (item: T) => string,
  same?: (a: T, b: T) => boolean,
): Agreement<T> {
  return (same && unanimous(answers, quorum, same)) ?? vote(answers, quorum, key);
}

/**
 * What `vote` accepts when no peer differs from another (undefined when one does): each item
 * while `quorum` peers' pages reach it, taken from the first of them, as `vote` takes it.
 */
function unanimous<T>(
  answers: readonly PeerItems<T>[],
  quorum: number,
  same: (a: T, b: T) => boolean,
): Agreement<T> | undefined {
  if (answers.length === 0) return undefined;
  const longest = answers.reduce((a, b) => (b.items.length > a.items.length ? b : a));
  for (const answer of answers)
    if (answer !== longest)
      for (let i = 0; i < answer.items.length; i++)
        if (!same(answer.items[i], longest.items[i])) return undefined;
  const items: T[] = [];
  for (let i = 0; i < longest.items.length; i++) {
    const reaching = answers.filter((a) => a.items.length > i);
    if (reaching.length < quorum) break;
    items.push(reaching[0].items[i]);
  }
  return { items, dissenters: [], divergedAt: {} };
}

function vote<T>(answers: readonly PeerItems<T>[], quorum: number, key: (item: T) => string): Agreement<T> {
  let voters = answers.map((a) => ({ url: a.url, items: a.items, keys: a.items.map(key) }));
  const divergedAt: Record<string, number> = {};
  const items: T[] = [];
  for (let i = 0; ; i++) {
    const groups = new Map<string, typeof voters>();
    for (const v of voters) {
      if (i >= v.keys.length) continue;
      const group = groups.get(v.keys[i]) ?? [];
      group.push(v);
      groups.set(v.keys[i], group);
    }
    const ranked = [...groups.values()].sort((a, b) => b.length - a.length);
    const [best, second] = ranked;
    if (best === undefined || best.length < quorum || (second && second.length === best.length)) break;
    for (const group of ranked.slice(1)) for (const v of group) divergedAt[v.url] = i;
    voters = best;
    items.push(best[0].items[i]);
  }
  return { items, dissenters: Object.keys(divergedAt), divergedAt };
}
