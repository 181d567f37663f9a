import { computeAppActivity, type AppActivityContext } from './app-activity';
import type { HistoryTrafficSummary, HistoryVerdict } from './verdict-item';

const view = (view_id: number, confirmers: string[]) => ({
  view_id,
  informees: confirmers,
  confirming_parties: [{ parties: confirmers, threshold: confirmers.length }],
  sub_views: [],
  view_hash: '',
});

const verdict: HistoryVerdict = {
  update_id: '1220aa',
  migration_id: 0,
  domain_id: 'global-domain::1220bb',
  record_time: '2026-01-05T10:00:00.000000Z',
  finalization_time: '2026-01-05T10:00:00.180000Z',
  submitting_parties: ['alice::1220'],
  submitting_participant_uid: 'validator-1::1220',
  verdict_result: 'VERDICT_RESULT_ACCEPTED',
  mediator_group: 0,
  transaction_views: {
    views: [
      view(0, ['app-a::1220', 'alice::1220']),
      view(1, ['app-a::1220', 'app-b::1220']),
      view(2, ['bob::1220']),
    ],
    root_views: [0, 1, 2],
  },
};

// Three envelopes: 1000 bytes confirmed by app-a, 600 by app-a and app-b, 400 by nobody featured.
const traffic: HistoryTrafficSummary = {
  total_traffic_cost: 2300,
  envelope_traffic_summaries: [
    { traffic_cost: 1000, view_ids: [0] },
    { traffic_cost: 600, view_ids: [1] },
    { traffic_cost: 400, view_ids: [2] },
  ],
};

const context: AppActivityContext = {
  round: 7,
  featuredAppWeights: new Map([
    ['app-a::1220', '1.0'],
    ['app-b::1220', '2.5000000000'],
  ]),
  svParticipantUids: new Set(['sv-1::1220']),
};

describe('computeAppActivity (CIP-0104)', () => {
  it('splits the request’s traffic over the featured providers confirming each envelope, times their weights', () => {
    // Featured envelopes carry 1600 bytes; each numerator is envelope cost x total / confirmers:
    // app-a: 1000 x 2300 + 600 x 2300 / 2 = 2,990,000 -> / 1600 = 1868 (floored); app-b: 690,000 / 1600 = 431,
    // times 2.5 = 1077.5 -> 1077.
    expect(computeAppActivity(verdict, traffic, context)).toEqual({
      round_number: 7,
      records: [
        { party: 'app-a::1220', weight: 1868 },
        { party: 'app-b::1220', weight: 1077 },
      ],
    });
  });

  it('gives nothing for a rejected request, an SV-submitted one, one without an open round or without featured confirmers', () => {
    expect(
      computeAppActivity({ ...verdict, verdict_result: 'VERDICT_RESULT_REJECTED' }, traffic, context),
    ).toBeNull();
    expect(
      computeAppActivity({ ...verdict, submitting_participant_uid: 'sv-1::1220' }, traffic, context),
    ).toBeNull();
    expect(computeAppActivity(verdict, traffic, { ...context, round: undefined })).toBeNull();
    expect(computeAppActivity(verdict, traffic, { ...context, featuredAppWeights: new Map() })).toBeNull();
  });
});
