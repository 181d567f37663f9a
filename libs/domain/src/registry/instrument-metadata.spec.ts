import { pageOfInstrumentIds } from './instrument-metadata';

describe('pageOfInstrumentIds', () => {
  const ids = ['Amulet', 'Bond', 'Coin'];

  it('pages in id order, with a token while ids follow', () => {
    expect(pageOfInstrumentIds(ids, { pageSize: 2 })).toEqual({
      ids: ['Amulet', 'Bond'],
      nextPageToken: 'Bond',
    });
    expect(pageOfInstrumentIds(ids, { pageSize: 2, pageToken: 'Bond' })).toEqual({ ids: ['Coin'] });
  });

  it('leaves the token out when the page reaches the end exactly', () => {
    expect(pageOfInstrumentIds(['Amulet'], { pageSize: 1 })).toEqual({ ids: ['Amulet'] });
    expect(pageOfInstrumentIds(ids, { pageSize: 3 })).toEqual({ ids });
  });

  it('starts after a token that is no id, and is empty past the last', () => {
    expect(pageOfInstrumentIds(ids, { pageSize: 5, pageToken: 'B' })).toEqual({ ids: ['Bond', 'Coin'] });
    expect(pageOfInstrumentIds(ids, { pageSize: 5, pageToken: 'Coin' })).toEqual({ ids: [] });
  });
});
