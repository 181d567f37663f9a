import {
  checkHistory,
  compareWithKnownViolations,
  KNOWN_VIOLATIONS,
  simulateNetwork,
} from '@canton-scan/simulator';
import { networkFor } from './scan-bench-setup';

/**
 * Property: the bench network (`networkFor`: 50 transfers of 20 outputs a round, 2,000 parties,
 * batch payouts; here its smallest size, 24 rounds) passes the simulator's history checks
 * (conservation and fee formulas of every transfer, Splice's Daml field lists, root workflows,
 * total supply = sum of balances) but for the kinds of violation the default network is still
 * known to make (`KNOWN_VIOLATIONS` in libs/simulator): its larger transfers make no other kind.
 */
describe('the bench network passes the history checks', () => {
  it('makes no violation the default network is not known to make', () => {
    const found = checkHistory(simulateNetwork(networkFor(0)));
    expect(compareWithKnownViolations(found, KNOWN_VIOLATIONS).unexpected).toEqual([]);
  });
});
