import { type HistoryUpdate, isTransaction, type TransferPreapprovalPayload } from '@canton-scan/domain';
import { parseMicros } from './sim-clock';
import { simulateNetwork } from './simulator';
import { compactOf, replay, run, templateName } from './simulator.fixture';
import type { SimulationOptions } from './simulator.options';

/** The first `count` updates of a continuous run. */
function take(options: SimulationOptions, count: number): HistoryUpdate[] {
  const out: HistoryUpdate[] = [];
  for (const update of simulateNetwork({ ...options, continuous: true })) {
    out.push(update);
    if (out.length === count) break;
  }
  return out;
}

/** Every knob `npm start` turns on, so every flow runs past the end. */
const BUSY: SimulationOptions = {
  rounds: 30,
  transferPreapprovalParties: 3,
  transferInstructionsPerRound: 0.5,
  batchTransfersPerRound: 0.1,
  voteEveryRounds: 10,
  reassignEveryRounds: 8,
};

describe('simulateNetwork continuous', () => {
  const bounded = run(BUSY).updates;
  // About three times the bounded run: rounds 30 to ~90 come after the scripted ones.
  const updates = take(BUSY, 3 * bounded.length);
  const history = replay(updates);
  // Created by a transaction (import updates re-create contracts at the migration).
  const created = (name: string) =>
    history.created.filter((c) => c.tx.offset !== '' && templateName(c.event.template_id) === name);
  const roundOf = (c: { tx: { record_time: string } }) =>
    Math.floor((parseMicros(c.tx.record_time) - parseMicros(updates[0].record_time)) / 600_000_000);

  it('lays out the first `rounds` rounds as the bounded run does (same ids, offsets and record times)', () => {
    const key = (u: HistoryUpdate) => `${u.update_id} ${u.offset} ${u.record_time}`;
    expect(updates.slice(0, bounded.length).map(key)).toEqual(bounded.map(key));
  });

  it('goes on past the end with rounds advancing, one OpenMiningRound a tick, and keeps the write-path rules', () => {
    const opened = created('OpenMiningRound').map((c) =>
      Number(compactOf<{ round: { number: string } }>(c.event).round.number),
    );
    const last = opened[opened.length - 1];
    expect(last).toBeGreaterThan(80);
    // Round 0, 1 and 2 at genesis, then one new round per tick, in order and without a gap.
    expect(opened).toEqual(Array.from({ length: last + 1 }, (_, i) => i));
    for (const name of ['SummarizingMiningRound', 'IssuingMiningRound', 'ClosedMiningRound'])
      expect(created(name).some((c) => roundOf(c) > 60)).toBe(true);
  });

  it('keeps every flow going after the end: taps, transfers, rewards, votes, allocations, instructions, reassignments', () => {
    const late = history.created
      .filter((c) => c.tx.offset !== '' && roundOf(c) > 40)
      .map((c) => templateName(c.event.template_id));
    for (const name of [
      'Amulet',
      'LockedAmulet',
      'UnclaimedDevelopmentFundCoupon',
      'ValidatorLicense',
      'VoteRequest',
      'AmuletAllocation',
      'AmuletTransferInstruction',
    ])
      expect(late).toContain(name);
    const lateReassignments = updates.filter(
      (u) =>
        !isTransaction(u) && parseMicros(u.record_time) > parseMicros(updates[0].record_time) + 40 * 600e6,
    );
    expect(lateReassignments.length).toBeGreaterThan(0);
  });

  it('makes the contracts meant to last the run outlast it by a year', () => {
    const [preapproval] = created('TransferPreapproval');
    const payload = compactOf<TransferPreapprovalPayload>(preapproval.event);
    const lifetime = parseMicros(payload.expiresAt) - parseMicros(payload.validFrom);
    expect(lifetime).toBe(30 * 600_000_000 + 365 * 86_400_000_000);
  });
});
