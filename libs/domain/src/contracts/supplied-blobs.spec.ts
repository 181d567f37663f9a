import { createdEventBlobOf } from './active-contracts.repository';
import { isWriteRefused, withSuppliedBlobs } from './supplied-blobs';

describe('blobs supplied for one answer', () => {
  const missing = { contractId: 'c1', createdEventBlob: undefined };

  it('completes a contract lacking its blob only inside the call, a stored blob first', async () => {
    expect(() => createdEventBlobOf(missing)).toThrow('created event blob of contract c1 is not stored');
    const inside = await withSuppliedBlobs(new Map([['c1', 'agreed']]), async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [
        createdEventBlobOf(missing),
        createdEventBlobOf({ contractId: 'c1', createdEventBlob: 'stored' }),
      ];
    });
    expect(inside).toEqual(['agreed', 'stored']);
    expect(() => createdEventBlobOf(missing)).toThrow('is not stored');
  });

  it('keeps concurrent calls apart', async () => {
    const read = (blob: string) =>
      withSuppliedBlobs(new Map([['c1', blob]]), async () => {
        await new Promise((resolve) => setTimeout(resolve, blob === 'a' ? 5 : 1));
        return createdEventBlobOf(missing);
      });
    expect(await Promise.all([read('a'), read('b')])).toEqual(['a', 'b']);
  });

  it('tells a refused write (read-only transaction, missing privilege) from other errors', () => {
    expect(isWriteRefused(Object.assign(new Error('x'), { code: '25006' }))).toBe(true);
    expect(isWriteRefused(Object.assign(new Error('permission denied'), { code: '42501' }))).toBe(true);
    expect(isWriteRefused(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(isWriteRefused(new Error('no code'))).toBe(false);
    expect(isWriteRefused(null)).toBe(false);
  });
});
