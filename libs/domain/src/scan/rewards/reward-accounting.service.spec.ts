import type { RoundState } from './reward-accounting.repository';
import { statusWithoutTotals } from './reward-accounting.service';

const known = {
  totals: undefined,
  known: true,
  closed: false,
  configured: true,
  activityHeld: true,
  firstKnownRound: '10',
  lastKnownRound: '20',
};
const unknown: RoundState = { ...known, known: false, closed: false, configured: false };

describe('statusWithoutTotals', () => {
  it('answers Undetermined for a known closed configured round whose totals are not stored yet', () => {
    expect(statusWithoutTotals({ ...known, closed: true }, 15n)).toBe('Undetermined');
  });

  it('answers Undetermined for a round not closed, not reached yet, or while no round is known', () => {
    expect(statusWithoutTotals(known, 15n)).toBe('Undetermined');
    expect(statusWithoutTotals(unknown, 21n)).toBe('Undetermined');
    expect(
      statusWithoutTotals({ ...unknown, firstKnownRound: undefined, lastKnownRound: undefined }, 3n),
    ).toBe('Undetermined');
  });

  it('answers CannotProvide before the history, in a gap, or without the round’s configuration', () => {
    expect(statusWithoutTotals(unknown, 9n)).toBe('CannotProvide');
    expect(statusWithoutTotals(unknown, 15n)).toBe('CannotProvide');
    expect(statusWithoutTotals({ ...known, closed: true, configured: false }, 15n)).toBe('CannotProvide');
  });

  it('answers CannotProvide for a closed round whose migration’s verdicts the store does not carry (a mirror)', () => {
    expect(statusWithoutTotals({ ...known, closed: true, activityHeld: false }, 15n)).toBe('CannotProvide');
    expect(statusWithoutTotals({ ...known, activityHeld: false }, 15n)).toBe('Undetermined');
  });
});
