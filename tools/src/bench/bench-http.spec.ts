import { pageItems } from './bench-http';

describe('pageItems', () => {
  it('counts the items of a page by their marker and parses only the last one', () => {
    const page = {
      transactions: [
        { update_id: 'a', record_time: '2026-01-01T00:00:00Z', events_by_id: { x: { n: [1, { y: 2 }] } } },
        { update_id: 'b', record_time: '2026-01-02T00:00:00Z', events_by_id: {} },
        { update_id: 'c', record_time: '2026-01-03T00:00:00Z', events_by_id: { z: '{"update_id"' } },
      ],
    };
    const { count, last } = pageItems<{ update_id: string; record_time: string }>(
      Buffer.from(JSON.stringify(page)),
      '{"update_id":',
    );
    expect(count).toBe(3);
    expect(last).toEqual(page.transactions[2]);
  });

  it('finds no item in an empty page', () => {
    expect(pageItems(Buffer.from('{"events":[]}'), '{"update":')).toEqual({ count: 0 });
  });
});
