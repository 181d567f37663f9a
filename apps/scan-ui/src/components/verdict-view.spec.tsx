import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { scanApi } from '@canton-scan/contracts/browser';
import { VerdictView } from './verdict-view';

afterEach(cleanup);

const ALICE = 'alice::1220' + 'a'.repeat(64);
const DSO = 'DSO::1220' + 'd'.repeat(64);

/** An `/v0/events` item in the shape of specs/scan.yaml (EventHistoryItem). */
const EVENT = {
  update: null,
  verdict: {
    update_id: '1220' + 'f'.repeat(64),
    migration_id: 0,
    domain_id: 'global-domain::1220' + 'e'.repeat(64),
    record_time: '2026-01-05T00:10:00.000000Z',
    finalization_time: '2026-01-05T00:10:00.250000Z',
    submitting_parties: [ALICE],
    submitting_participant_uid: 'validator-1::1220' + 'b'.repeat(64),
    verdict_result: 'VERDICT_RESULT_ACCEPTED',
    mediator_group: 0,
    transaction_views: {
      root_views: [0],
      views: [
        {
          view_id: 0,
          informees: [ALICE, DSO],
          confirming_parties: [{ parties: [ALICE, DSO], threshold: 2 }],
          sub_views: [1],
          view_hash: '',
        },
        {
          view_id: 1,
          informees: [DSO],
          confirming_parties: [{ parties: [DSO], threshold: 1 }],
          sub_views: [],
          view_hash: '',
        },
      ],
    },
  },
  traffic_summary: {
    total_traffic_cost: 12345,
    envelope_traffic_summaries: [{ traffic_cost: 12345, view_ids: [0, 1] }],
  },
  app_activity_records: { round_number: 7, records: [{ party: ALICE, weight: 12345 }] },
} as unknown as scanApi.EventHistoryItem;

const show = (event: Parameters<typeof VerdictView>[0]['event']) =>
  render(
    <MemoryRouter>
      <VerdictView event={event} />
    </MemoryRouter>,
  );

describe('VerdictView', () => {
  it('shows the result, the traffic cost, the app activity and each view with its confirming parties', () => {
    show(EVENT);
    expect(screen.getByTestId('verdict-result').textContent).toBe('Accepted');
    expect(screen.getByText('12,345 bytes')).toBeTruthy();
    expect(screen.getByText(/^round 7:/)).toBeTruthy();
    // The submitting participant as an id: whole, with its copy button.
    expect(screen.getByTitle(EVENT.verdict!.submitting_participant_uid).textContent).toBe(
      EVENT.verdict!.submitting_participant_uid,
    );
    expect(screen.getByRole('button', { name: 'Copy participant id' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Transaction views' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent?.trim()),
      ),
    ).toEqual([
      ['0', expect.stringMatching(/\(2\)$/), '2', '1'],
      ['1', expect.stringMatching(/\(1\)$/), '1', 'none'],
    ]);
  });

  it('says why there is no verdict: none recorded (404) or a node without verdicts (503)', () => {
    show({ missing: 404 });
    expect(screen.getByRole('status').textContent).toBe(
      'No verdict is recorded for this transaction on this node.',
    );
    cleanup();
    show({ missing: 503 });
    expect(screen.getByRole('status').textContent).toMatch(/carries no mediator verdicts/);
  });
});
