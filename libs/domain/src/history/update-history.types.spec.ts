import { isTransaction, type HistoryUpdate } from '@canton-scan/domain';

describe('isTransaction', () => {
  it('tells a transaction from a reassignment by its fields', () => {
    const tx = { update_id: 'a', events_by_id: {}, root_event_ids: [] } as unknown as HistoryUpdate;
    const re = { update_id: 'b', event: { contract_id: '00' } } as unknown as HistoryUpdate;
    expect(isTransaction(tx)).toBe(true);
    expect(isTransaction(re)).toBe(false);
  });
});
