import { contentOf, itemOffsets, sameContent, type ServedItem } from './convert';
import { canonicalJson } from '@canton-scan/domain';
import type { PeerAnswer } from './peer';
import { NoQuorumError, PeerReads } from './peer-reads';
import { PeerStatusBook } from './peer-status';
import { DEFAULT_CALL_POLICY } from './peer';

const urls = ['http://a', 'http://b', 'http://c', 'http://d'];
const reassignment = (offset: string, contract = '00aa') => ({
  update_id: `u-${contract}`,
  offset,
  record_time: '2026-01-30T00:00:00.000001Z',
  event: { contract_id: contract, payload: { amount: '1.0' } as Record<string, string> },
});
const body = (items: unknown[]): PeerAnswer<Buffer> => ({
  absent: false,
  value: Buffer.from(JSON.stringify({ transactions: items })),
});

/** Reads of the page each peer serves (by URL) through `quorumReadPage`, as the mirror reads updates. */
function readPage(served: Record<string, PeerAnswer<Buffer>>) {
  const logs: string[] = [];
  const status = new PeerStatusBook(Object.keys(served), undefined, 5000, (m) => logs.push(m));
  const reads = new PeerReads(Object.keys(served), DEFAULT_CALL_POLICY, status, (m) => logs.push(m));
  const parsed: string[] = [];
  const read = reads.quorumReadPage<ServedItem>(
    'a page',
    (peer) => Promise.resolve(served[peer.url]),
    (value) => (parsed.push('page'), (value as { transactions: ServedItem[] }).transactions),
    itemOffsets,
    (item) => canonicalJson(contentOf(item)),
    sameContent,
  );
  return { read, reads, status, logs, parsed };
}

describe('PeerReads.quorumReadPage', () => {
  it('takes the first page when every peer sent the same bytes apart from its own offsets', async () => {
    const first = body([reassignment('000000000000000001'), reassignment('000000000000000002', '00bb')]);
    const { read, reads, status, parsed } = readPage({
      [urls[0]]: first,
      [urls[1]]: body([reassignment('000000000000000011'), reassignment('000000000000000012', '00bb')]),
      [urls[2]]: body([reassignment('000000000000000021'), reassignment('000000000000000022', '00bb')]),
      [urls[3]]: body([reassignment('000000000000000031'), reassignment('000000000000000032', '00bb')]),
    });
    const { items, bytes } = await read;
    expect(bytes).toBe(first.absent ? 0 : first.value.length);
    expect(items.map((i) => [i.update_id, i.offset])).toEqual([
      ['u-00aa', '000000000000000001'],
      ['u-00bb', '000000000000000002'],
    ]);
    expect(parsed).toEqual(['page']);
    expect(reads.dissenters.size).toBe(0);
    expect(
      status.record({ appended: 0, verdictsCopied: 0, migrationId: 0 }).peers.map((p) => p.agrees),
    ).toEqual([true, true, true, true]);
  });

  it('takes the first page of identical bytes (transactions, no offsets) parsed once', async () => {
    const tx = {
      update_id: 't1',
      migration_id: 0,
      events_by_id: { '#t1:0': { offset: 'a payload member' } },
    };
    const { read, parsed } = readPage({
      [urls[0]]: body([tx]),
      [urls[1]]: body([tx]),
      [urls[2]]: body([tx]),
    });
    expect((await read).items).toEqual([tx]);
    // A payload member named offset: the pages are alike only because their bytes are all equal.
    expect(parsed).toHaveLength(3);
    const plain = { update_id: 't2', migration_id: 0, events_by_id: {} };
    const again = readPage({ [urls[0]]: body([plain]), [urls[1]]: body([plain]), [urls[2]]: body([plain]) });
    expect((await again.read).items).toEqual([plain]);
    expect(again.parsed).toEqual(['page']);
  });

  it('compares the parsed items when a peer differs, and names the dissenter', async () => {
    const { read, reads, parsed } = readPage({
      [urls[0]]: body([reassignment('01'), reassignment('02', '00bb')]),
      [urls[1]]: body([reassignment('11'), reassignment('12', '00bb')]),
      [urls[2]]: body([reassignment('21'), reassignment('22', '00cc')]),
      [urls[3]]: body([reassignment('31'), reassignment('32', '00bb')]),
    });
    expect((await read).items.map((i) => i.update_id)).toEqual(['u-00aa', 'u-00bb']);
    expect(parsed).toHaveLength(4);
    expect([...reads.dissenters]).toEqual([urls[2]]);
  });

  it('never leaves a payload member named offset out of the comparison', async () => {
    const honest = reassignment('01');
    honest.event.payload.offset = 'p';
    const forged = reassignment('11');
    forged.event.payload.offset = 'forged';
    const { read, parsed } = readPage({
      [urls[0]]: body([honest]),
      [urls[1]]: body([forged]),
    });
    // Two peers (f = 0, one alike suffices): a tie, so nothing is accepted.
    await expect(read).rejects.toThrow(NoQuorumError);
    expect(parsed).toHaveLength(2);
  });

  it('fails a peer whose page is not JSON and takes what the others agree on', async () => {
    const { read, status, logs } = readPage({
      [urls[0]]: { absent: false, value: Buffer.from('{"transactions":[') },
      [urls[1]]: body([reassignment('11')]),
      [urls[2]]: body([reassignment('21')]),
      [urls[3]]: body([reassignment('31')]),
    });
    expect((await read).items.map((i) => i.offset)).toEqual(['11']);
    const record = status.record({ appended: 0, verdictsCopied: 0, migrationId: 0 });
    expect(record.peers[0].consecutiveFailures).toBe(1);
    expect(logs.some((m) => m.startsWith(`peer ${urls[0]} failed: ${urls[0]}: SyntaxError`))).toBe(true);
  });

  it('fails a peer whose JSON carries no list of items', async () => {
    const { read, status } = readPage({
      [urls[0]]: { absent: false, value: Buffer.from('{}') },
      [urls[1]]: body([reassignment('11')]),
    });
    expect((await read).items.map((i) => i.offset)).toEqual(['11']);
    expect(status.record({ appended: 0, verdictsCopied: 0, migrationId: 0 }).peers[0].lastError).toBe(
      'TypeError: the answer carries no list of items',
    );
  });

  it('reads an absent page (404) as no items', async () => {
    const { read } = readPage({ [urls[0]]: { absent: true }, [urls[1]]: { absent: true } });
    await expect(read).resolves.toEqual({ items: [], bytes: 0 });
  });
});
