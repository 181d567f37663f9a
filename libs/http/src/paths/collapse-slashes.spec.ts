import { collapseSlashes } from './collapse-slashes';

describe('collapseSlashes', () => {
  it('collapses the double slash of a bare-origin base URL joined with /v2/...', () => {
    expect(collapseSlashes('//v2/updates')).toBe('/v2/updates');
    expect(collapseSlashes('///v2//state///active-contracts')).toBe('/v2/state/active-contracts');
  });

  it('leaves the query and a clean path as they are', () => {
    expect(collapseSlashes('//v2/updates?limit=2&next=a//b')).toBe('/v2/updates?limit=2&next=a//b');
    expect(collapseSlashes('/v2/updates?x=//')).toBe('/v2/updates?x=//');
    expect(collapseSlashes('/')).toBe('/');
  });
});
