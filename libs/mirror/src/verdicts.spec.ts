import { agreedPrefix } from './quorum';
import {
  coverUpdates,
  eventMigrationOf,
  eventRecordTimeOf,
  EventsMismatchError,
  verdictItemOf,
  verdictKey,
  type ServedEvent,
} from './verdicts';

const T = (s: number) => `2026-01-05T00:00:${String(s).padStart(2, '0')}.000000Z`;

function tx(id: string, s: number, migration = 0) {
  return { update_id: id, migration_id: migration, record_time: T(s), workflow_id: 'w', events_by_id: {} };
}

function verdict(id: string, s: number, result = 'VERDICT_RESULT_ACCEPTED', migration = 0) {
  return {
    update_id: id,
    migration_id: migration,
    record_time: T(s),
    finalization_time: T(s),
    domain_id: 'global-domain::1220aa',
    submitting_parties: ['alice::1220aa'],
    submitting_participant_uid: 'PAR::p1::1220aa',
    verdict_result: result,
    mediator_group: 0,
    transaction_views: { root_views: [0], views: [] },
  };
}

const traffic = {
  total_traffic_cost: 100,
  envelope_traffic_summaries: [{ traffic_cost: 100, view_ids: [0] }],
};

/** A transaction's event (with its verdict), a reassignment's (none), and a verdict alone. */
const withVerdict = (id: string, s: number): ServedEvent => ({
  update: tx(id, s),
  verdict: verdict(id, s),
  traffic_summary: traffic,
});
const reassignment = (id: string, s: number): ServedEvent => ({
  update: { update_id: id, record_time: T(s), offset: '0', event: { migration_id: 0 } },
  verdict: null,
});
const alone = (id: string, s: number): ServedEvent => ({ update: null, verdict: verdict(id, s) });

describe('copied verdicts', () => {
  describe('the quorum key', () => {
    it('compares the verdict part and the update id, not the rest of the update', () => {
      const a = withVerdict('u1', 1);
      // The update's payload (compared through POST /v2/updates) and its offset do not count...
      const otherRendering: ServedEvent = { ...a, update: { ...tx('u1', 1), workflow_id: 'x', offset: '9' } };
      expect(verdictKey(otherRendering)).toBe(verdictKey(a));
      // ...absent and null are alike, as the writer takes them...
      expect(verdictKey({ ...a, app_activity_records: null })).toBe(verdictKey(a));
      // ...but the update id, the verdict, the traffic summary and the activity records do.
      expect(verdictKey({ ...a, update: tx('u2', 1) })).not.toBe(verdictKey(a));
      expect(verdictKey({ ...a, verdict: verdict('u1', 1, 'VERDICT_RESULT_REJECTED') })).not.toBe(
        verdictKey(a),
      );
      expect(verdictKey({ ...a, traffic_summary: { ...traffic, total_traffic_cost: 101 } })).not.toBe(
        verdictKey(a),
      );
      expect(
        verdictKey({ ...a, app_activity_records: { round_number: 1, records: [{ party: 'p', weight: 1 }] } }),
      ).not.toBe(verdictKey(a));
      expect(verdictKey(alone('u1', 1))).not.toBe(verdictKey(a));
    });

    it('out-votes a peer forging one verdict and names it where it differs', () => {
      const honest = [withVerdict('u1', 1), alone('v1', 2), withVerdict('u2', 3)];
      const forged = [
        honest[0],
        { ...honest[1], verdict: verdict('v1', 2, 'VERDICT_RESULT_REJECTED') },
        honest[2],
      ];
      const agreement = agreedPrefix(
        [
          { url: 'a', items: honest },
          { url: 'b', items: honest },
          { url: 'evil', items: forged },
        ],
        1,
        verdictKey,
      );
      expect(agreement.items).toEqual(honest);
      expect(agreement.divergedAt).toEqual({ evil: 1 });
      // Two peers, one forging: a tie accepts nothing past the last item they agree on.
      expect(
        agreedPrefix(
          [
            { url: 'a', items: honest },
            { url: 'evil', items: forged },
          ],
          1,
          verdictKey,
        ).items,
      ).toEqual([honest[0]]);
    });
  });

  it('takes the migration and record time of an event from its update, else its verdict', () => {
    expect([eventMigrationOf(withVerdict('u', 1)), eventRecordTimeOf(withVerdict('u', 1))]).toEqual([
      0,
      T(1),
    ]);
    expect([eventMigrationOf(reassignment('r', 2)), eventRecordTimeOf(reassignment('r', 2))]).toEqual([
      0,
      T(2),
    ]);
    const later: ServedEvent = { update: null, verdict: verdict('v', 3, 'VERDICT_RESULT_ACCEPTED', 1) };
    expect([eventMigrationOf(later), eventRecordTimeOf(later)]).toEqual([1, T(3)]);
  });

  it('writes an event as a verdict item: the event without its update, nulls left out', () => {
    expect(verdictItemOf(withVerdict('u1', 1))).toEqual({
      verdict: verdict('u1', 1),
      traffic_summary: traffic,
    });
    expect(verdictItemOf({ update: null, verdict: verdict('v', 2), traffic_summary: null })).toEqual({
      verdict: verdict('v', 2),
    });
  });

  describe('covering a page of updates', () => {
    const updates = [tx('u1', 1), tx('r1', 3), tx('u2', 5)];
    const events = [
      withVerdict('u1', 1),
      alone('v1', 2),
      reassignment('r1', 3),
      alone('v2', 4),
      withVerdict('u2', 5),
    ];

    it('pairs each update with its event and takes the verdicts alone between them', () => {
      const cover = coverUpdates(updates, events);
      expect(cover.covered).toBe(3);
      expect(cover.consumed).toBe(5);
      expect(cover.verdicts.map((v) => v.verdict.update_id)).toEqual(['u1', 'v1', 'v2', 'u2']);
    });

    it('stops at the first event past the page, taking the verdicts alone before it', () => {
      const cover = coverUpdates(updates.slice(0, 1), events);
      expect(cover).toMatchObject({ covered: 1, consumed: 2 });
      expect(cover.verdicts.map((v) => v.verdict.update_id)).toEqual(['u1', 'v1']);
      // No updates at all: only the verdicts alone up to the next update (a migration's tail).
      expect(coverUpdates([], events.slice(1))).toMatchObject({ covered: 0, consumed: 1 });
    });

    it('covers only a prefix of the page when the events end before it (verdicts behind the updates)', () => {
      const cover = coverUpdates(updates, events.slice(0, 3));
      expect(cover).toMatchObject({ covered: 2, consumed: 3 });
      expect(coverUpdates(updates, [])).toEqual({ covered: 0, verdicts: [], consumed: 0 });
    });

    it('refuses events that do not line up with the updates', () => {
      // An event of another update than the page's next one (one missing from either list).
      expect(() => coverUpdates(updates, [withVerdict('u1', 1), withVerdict('u2', 5)])).toThrow(
        new EventsMismatchError("the peers' events list update u2 where their update list has r1 next"),
      );
      // A verdict on another update than the one it comes with.
      expect(() => coverUpdates(updates, [{ ...withVerdict('u1', 1), verdict: verdict('u9', 1) }])).toThrow(
        EventsMismatchError,
      );
      // An event with neither.
      expect(() => coverUpdates(updates, [{ update: null, verdict: null }])).toThrow(EventsMismatchError);
    });
  });
});
