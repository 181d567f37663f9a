import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { scanApi } from '@canton-scan/contracts/browser';
import { partyTraffic, type PartyTraffic } from '../hooks/use-traffic';
import { formatBytes, TrafficView } from './traffic-view';

afterEach(cleanup);

const SYNC = 'global-domain::1220' + 'e'.repeat(64);
const PAR_A = 'PAR::validator-1::1220' + 'a'.repeat(64);
const PAR_B = 'PAR::validator-2::1220' + 'b'.repeat(64);

const status = (purchased: number, limit: number, consumed: number): scanApi.MemberTrafficStatus => ({
  actual: { total_limit: limit, total_consumed: consumed },
  target: { total_purchased: purchased },
});

/** The cells of the traffic table's rows, by column header. */
function rows() {
  const table = screen.getByRole('table', { name: 'Traffic of the hosting participants' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      Object.fromEntries(
        within(row)
          .getAllByRole('cell')
          // The participant's id is shortened: read its whole id from its title.
          .map((c, i) => [
            headers[i],
            i === 0 ? c.querySelector('[title]')!.getAttribute('title') : c.textContent,
          ]),
      ),
    );
}

describe('TrafficView', () => {
  it('shows purchased, limit, consumed and remaining bytes of each participant, grouped', () => {
    render(
      <TrafficView
        traffic={{
          kind: 'hosted',
          synchronizer: SYNC,
          participants: [{ participant: PAR_A, status: status(1_200_000, 1_200_000, 345_678) }],
        }}
      />,
    );
    expect(rows()).toEqual([
      {
        Participant: PAR_A,
        Purchased: '1,200,000 bytes',
        Limit: '1,200,000 bytes',
        Consumed: '345,678 bytes',
        Remaining: '854,322 bytes',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Copy synchronizer id' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy participant id' })).toBeTruthy();
    expect(screen.getByTitle(PAR_A).textContent).toBe('PAR::validator-1::1220aa…aaaa');
    expect(screen.getByTitle(SYNC).textContent).toBe(SYNC);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says when a purchase has not reached the sequencer’s limit yet', () => {
    render(
      <TrafficView
        traffic={{
          kind: 'hosted',
          synchronizer: SYNC,
          participants: [{ participant: PAR_A, status: status(3_000_000, 2_000_000, 0) }],
        }}
      />,
    );
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(
      '1,000,000 bytes purchased for PAR::validator-1::1220aa…aaaa have not reached the sequencer’s limit yet.',
    );
    expect(within(note).getByTitle(PAR_A)).toBeTruthy();
  });

  it('marks a participant without traffic state (the 404) beside one with it', () => {
    render(
      <TrafficView
        traffic={{
          kind: 'hosted',
          synchronizer: SYNC,
          participants: [
            { participant: PAR_A, status: status(500_000, 500_000, 0) },
            { participant: PAR_B, status: null },
          ],
        }}
      />,
    );
    expect(rows().map((r) => [r.Participant, r.Purchased, r.Remaining])).toEqual([
      [PAR_A, '500,000 bytes', '500,000 bytes'],
      [PAR_B, 'no traffic state', '—'],
    ]);
    expect(screen.getByRole('note').textContent).toMatch(/no traffic state for a participant marked/);
  });

  it('says so when no participant hosts the party, with no table', () => {
    render(<TrafficView traffic={{ kind: 'not-hosted', synchronizer: SYNC }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'No participant hosts this party on the synchronizer.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a scan without the synchronizer’s state (the 503) as information, not as an error', () => {
    render(
      <TrafficView
        traffic={{ kind: 'not-held', synchronizer: SYNC, reason: 'this node holds no topology' }}
      />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toMatch(/does not hold the synchronizer’s topology and traffic state/);
    expect(status.textContent).toContain('this node holds no topology');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('formatBytes', () => {
  it('groups thousands and names the unit', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(9_876_543_210)).toBe('9,876,543,210 bytes');
  });
});

describe('partyTraffic', () => {
  const ok = <T,>(data: T) => Promise.resolve({ data, response: { status: 200 } as Response });
  const fail = (code: number, error: string) =>
    Promise.resolve({ error: { error }, response: { status: code } as Response });

  it('asks the traffic of every participant the v1 lookup names, in its order', async () => {
    const asked: string[] = [];
    const result = await partyTraffic(
      SYNC,
      () => ok({ participant_ids: [PAR_A, PAR_B] }),
      (p) => {
        asked.push(p);
        return p === PAR_A
          ? ok({ traffic_status: status(10, 10, 0) })
          : fail(404, `no traffic state for member ${p}`);
      },
    );
    expect(asked).toEqual([PAR_A, PAR_B]);
    expect(result).toEqual<PartyTraffic>({
      kind: 'hosted',
      synchronizer: SYNC,
      participants: [
        { participant: PAR_A, status: status(10, 10, 0) },
        { participant: PAR_B, status: null },
      ],
    });
  });

  it('is not-hosted on the lookup’s 404 and not-held on a 503 of either call', async () => {
    const never = () => {
      throw new Error('no traffic call expected');
    };
    expect(await partyTraffic(SYNC, () => fail(404, 'No participant id found'), never)).toEqual({
      kind: 'not-hosted',
      synchronizer: SYNC,
    });
    expect(await partyTraffic(SYNC, () => fail(503, 'topology not held'), never)).toEqual({
      kind: 'not-held',
      synchronizer: SYNC,
      reason: 'topology not held',
    });
    expect(
      await partyTraffic(
        SYNC,
        () => ok({ participant_ids: [PAR_A] }),
        () => fail(503, 'traffic not held'),
      ),
    ).toEqual({ kind: 'not-held', synchronizer: SYNC, reason: 'traffic not held' });
  });

  it('fails on any other error, with the scan’s message', async () => {
    await expect(
      partyTraffic(
        SYNC,
        () => fail(400, "'domain_id' is malformed"),
        () => ok({ traffic_status: status(0, 0, 0) }),
      ),
    ).rejects.toThrow("'domain_id' is malformed");
    await expect(
      partyTraffic(
        SYNC,
        () => ok({ participant_ids: [PAR_A] }),
        () => fail(500, 'boom'),
      ),
    ).rejects.toThrow('boom');
  });
});
