import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { scanApi } from '@canton-scan/contracts/browser';
import { useDsoInfo, useVoteCount, useVoteRequests } from '../hooks/use-dso';
import GovernancePage from './governance';

vi.mock('../hooks/use-dso', () => ({ useDsoInfo: vi.fn(), useVoteCount: vi.fn(), useVoteRequests: vi.fn() }));

afterEach(cleanup);

const ok = <T,>(data: T) =>
  ({ isPending: false, isError: false, data, refetch: vi.fn() }) as unknown as UseQueryResult<T>;
const DSO = 'DSO::1220' + 'a'.repeat(64);
const SV1 = 'sv1::1220' + 'b'.repeat(64);

const dso = {
  dso_party_id: DSO,
  voting_threshold: 2,
  dso_rules: {
    contract: {
      contract_id: '00' + '11'.repeat(33),
      payload: {
        epoch: '0',
        dsoDelegate: SV1,
        svs: [[SV1, { name: 'sv1', svRewardWeight: '10', joinedAsOfRound: { number: '0' } }]],
      },
    },
  },
  sv_node_states: [],
} as unknown as scanApi.GetDsoInfoResponse;

/** A VoteRequest contract as the scan lists it (compact payload of splice-dso-governance's VoteRequest). */
function request(id: string, action: object, voteBefore: string, accepts: boolean[]) {
  return {
    contract_id: id,
    template_id: 'x:Splice.DsoRules:VoteRequest',
    created_at: '2026-01-05T00:00:00Z',
    created_event_blob: '',
    payload: {
      dso: DSO,
      requester: 'sv1',
      action,
      reason: { url: '', body: 'why' },
      voteBefore,
      votes: accepts.map((accept, i) => [
        `sv${i + 1}`,
        { sv: SV1, accept, reason: { url: '', body: '' }, optCastAt: null },
      ]),
      trackingCid: null,
      targetEffectiveAt: null,
    },
  };
}

function show(requests: ReturnType<typeof request>[]) {
  vi.mocked(useDsoInfo).mockReturnValue(ok(dso));
  vi.mocked(useVoteCount).mockReturnValue(ok({ count: 0 }));
  vi.mocked(useVoteRequests).mockReturnValue(
    ok({ dso_rules_vote_requests: requests } as unknown as scanApi.ListDsoRulesVoteRequestsResponse),
  );
  render(
    <MemoryRouter>
      <GovernancePage />
    </MemoryRouter>,
  );
}

describe('the governance page', () => {
  it('lists the open vote requests soonest deadline first, by action name and accept / reject votes', () => {
    show([
      request(
        '00' + 'cc'.repeat(33),
        { tag: 'ARC_AmuletRules', value: { amuletRulesAction: { tag: 'CRARC_SetConfig', value: {} } } },
        '2026-01-06T00:00:00Z',
        [true, true, false],
      ),
      request(
        '00' + 'dd'.repeat(33),
        {
          tag: 'ARC_DsoRules',
          value: { dsoAction: { tag: 'SRARC_OffboardSv', value: { offboardedSv: SV1 } } },
        },
        '2026-01-05T12:00:00Z',
        [false],
      ),
    ]);
    const table = screen.getByRole('table', { name: 'Open vote requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['SRARC_OffboardSv', 'sv1', '0 / 1'],
      ['CRARC_SetConfig', 'sv1', '2 / 1'],
    ]);
  });

  it('says so when no vote request is open', () => {
    show([]);
    const section = screen.getByRole('region', { name: 'Open vote requests' });
    expect(within(section).getByRole('status').textContent).toBe('No vote request is open.');
  });
});
