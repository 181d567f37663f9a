import { deflateRawSync } from 'node:zlib';
import { useTestDatabase } from '@canton-scan/testing';
import { Db } from '../../database/db';
import { EventHistoryRepository } from './event-history.repository';
import { unpackVerdict } from './verdict-codec';
import { parseVerdictItem, type HistoryVerdictItem, type VerdictRow } from './verdict-item';
import { VerdictWriteRepository } from './verdict-write.repository';

function verdictItem(
  updateId: string,
  micros: number,
  extra: Record<string, unknown> = {},
): HistoryVerdictItem {
  const party = `provider-ü::1220${'ab'.repeat(32)}`;
  return {
    verdict: {
      update_id: updateId,
      migration_id: 0,
      domain_id: `global-domain::1220${'cd'.repeat(32)}`,
      record_time: `2026-01-05T00:00:00.${String(micros).padStart(6, '0')}Z`,
      finalization_time: '2026-01-05T00:00:01.000000Z',
      submitting_parties: [party],
      submitting_participant_uid: `participant::1220${'ef'.repeat(32)}`,
      verdict_result: 'VERDICT_RESULT_ACCEPTED',
      mediator_group: 0,
      transaction_views: {
        views: [
          {
            view_id: 0,
            informees: [party],
            confirming_parties: [{ parties: [party], threshold: 1 }],
            sub_views: [],
            view_hash: '01'.repeat(32),
          },
        ],
        root_views: [0],
      },
      ...extra,
    } as HistoryVerdictItem['verdict'],
    traffic_summary: {
      total_traffic_cost: 1300,
      envelope_traffic_summaries: [{ traffic_cost: 1000, view_ids: [0] }],
    },
  };
}

describe('VerdictWriteRepository: verdicts stored packed, compared as text', () => {
  const db = useTestDatabase();
  const write = (rows: VerdictRow[]) =>
    Db.of(db.dataSource).transaction((tx) => new VerdictWriteRepository(tx).write(rows));
  const stored = async () =>
    (
      await db.dataSource.query<{ update_id: string; verdict: Buffer }[]>(
        'SELECT update_id, verdict FROM synchronizer_verdicts ORDER BY update_id',
      )
    ).map((r) => ({ update_id: r.update_id, verdict: unpackVerdict(r.verdict) }));

  const a = parseVerdictItem(verdictItem('1220a', 1, { extra_field: { note: 'kept as received ✓' } }), 0);
  const b = parseVerdictItem(verdictItem('1220b', 2), 1);

  it('stores each verdict as its text, and serves that text', async () => {
    await write([a, b]);
    expect(await stored()).toEqual([
      { update_id: a.update_id, verdict: a.verdict },
      { update_id: b.update_id, verdict: b.verdict },
    ]);
    const served = await new EventHistoryRepository(Db.of(db.dataSource)).lookupVerdict(a.update_id);
    expect(served).toMatchObject({ verdict: a.verdict, traffic_summary: a.traffic_summary });
    const [page] = await new EventHistoryRepository(Db.of(db.dataSource)).pageRows(undefined, 1, false);
    expect(page).toMatchObject({ verdict: a.verdict, traffic_summary: a.traffic_summary });
  });

  it('takes the same verdict sent again as a no-op', async () => {
    await write([a, b]);
    const before = await db.dataSource.query(
      'SELECT update_id, verdict FROM synchronizer_verdicts ORDER BY 1',
    );
    await write([b, a]);
    expect(
      await db.dataSource.query('SELECT update_id, verdict FROM synchronizer_verdicts ORDER BY 1'),
    ).toEqual(before);
  });

  it('takes a verdict stored as other bytes of the same text (another zlib) as the same verdict', async () => {
    await write([a]);
    // Stored blocks: other bytes than this zlib's, the same text.
    const other = Buffer.concat([Buffer.from([1]), deflateRawSync(a.verdict, { level: 0 })]);
    await db.dataSource.query('UPDATE synchronizer_verdicts SET verdict = $1 WHERE update_id = $2', [
      other,
      a.update_id,
    ]);
    await write([a, b]);
    expect(await stored()).toEqual([
      { update_id: a.update_id, verdict: a.verdict },
      { update_id: b.update_id, verdict: b.verdict },
    ]);
  });

  it('refuses a verdict whose id is stored with another text, and writes nothing of the batch', async () => {
    await write([a]);
    const changed = parseVerdictItem(
      verdictItem('1220a', 1, { extra_field: { note: 'kept as received ✗' } }),
      0,
    );
    await expect(write([b, changed])).rejects.toThrow(
      /update 1220a: verdict item: is already stored with different content/,
    );
    expect(await stored()).toEqual([{ update_id: a.update_id, verdict: a.verdict }]);
    // The same in one batch: the second of two texts for one id.
    await expect(
      write([b, { ...changed, update_id: b.update_id, record_time: b.record_time }, b]),
    ).rejects.toThrow(/update 1220b: verdict item: is already stored with different content/);
  });
});
