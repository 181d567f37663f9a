import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { scanApi } from '@canton-scan/contracts/browser';
import { useDsoInfo, useVoteCount, useVoteRequests, useVoteResults } from '../hooks/use-dso';
import GovernancePage from './governance';

vi.mock('../hooks/use-dso', () => ({
  useDsoInfo: vi.fn(),
  useVoteCount: vi.fn(),
  useVoteRequests: vi.fn(),
  useVoteResults: vi.fn(),
}));

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

/** A `DsoRules_CloseVoteRequestResult` (compact) of a request like {@link request}'s payload. */
function closed(req: ReturnType<typeof request>, outcome: object, completedAt: string) {
  return { request: req.payload, completedAt, offboardedVoters: [], abstainingSvs: [], outcome };
}

function show(requests: ReturnType<typeof request>[], results: ReturnType<typeof closed>[] = []) {
  vi.mocked(useDsoInfo).mockReturnValue(ok(dso));
  vi.mocked(useVoteCount).mockReturnValue(ok({ count: results.length }));
  vi.mocked(useVoteResults).mockReturnValue(
    ok({
      dso_rules_vote_results: results,
      ...(results.length ? { next_page_token: 7 } : {}),
    } as unknown as scanApi.ListDsoRulesVoteResultsResponse),
  );
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

  it('lists the closed vote requests the results page gives, with their outcome, votes and dates', () => {
    const setConfig = {
      tag: 'ARC_AmuletRules',
      value: { amuletRulesAction: { tag: 'CRARC_SetConfig', value: {} } },
    };
    const offboard = { tag: 'ARC_DsoRules', value: { dsoAction: { tag: 'SRARC_OffboardSv', value: {} } } };
    show(
      [],
      [
        closed(
          request('00' + 'ee'.repeat(33), setConfig, '2026-01-07T00:00:00Z', [true, true, false]),
          { tag: 'VRO_Accepted', value: { effectiveAt: '2026-01-08T00:00:00Z' } },
          '2026-01-06T01:02:03.000000Z',
        ),
        closed(
          request('00' + 'ff'.repeat(33), offboard, '2026-01-05T00:00:00Z', [true]),
          { tag: 'VRO_Expired', value: {} },
          '2026-01-05T00:00:01.000000Z',
        ),
      ],
    );
    const table = screen.getByRole('table', { name: 'Closed vote requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['CRARC_SetConfig', 'sv1', 'Accepted', '2 / 1', '2026-01-06 01:02:03 UTC', '2026-01-08 00:00:00 UTC'],
      ['SRARC_OffboardSv', 'sv1', 'Expired', '1 / 0', '2026-01-05 00:00:01 UTC', '—'],
    ]);
    // A short page is the last one, whatever token it carries.
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(vi.mocked(useVoteResults)).toHaveBeenCalledWith({}, 10, undefined);
  });

  it('says so when no vote request was closed', () => {
    show([]);
    const section = screen.getByRole('region', { name: 'Vote results' });
    expect(within(section).getByText('No closed vote request matches.').getAttribute('role')).toBe('status');
    expect(within(section).queryByRole('table')).toBeNull();
  });
});
