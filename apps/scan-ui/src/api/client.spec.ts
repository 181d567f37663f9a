import { describe, expect, it } from 'vitest';
import { ApiError, unwrap } from './client';

const response = (status: number) => new Response(null, { status });

describe('unwrap', () => {
  it('gives the data of a successful call', async () => {
    await expect(unwrap(Promise.resolve({ data: { count: 3 }, response: response(200) }))).resolves.toEqual({
      count: 3,
    });
  });

  it("fails with the API's error text and status", async () => {
    const failed = unwrap(
      Promise.resolve({ error: { error: 'no update with id 1220ab' }, response: response(404) }),
    );
    await expect(failed).rejects.toEqual(new ApiError('no update with id 1220ab', 404));
    await expect(failed).rejects.toMatchObject({ status: 404 });
  });

  it('says what happened when there is no error text', async () => {
    await expect(unwrap(Promise.resolve({ error: {}, response: response(502) }))).rejects.toThrow(
      'the scan API answered HTTP 502',
    );
    await expect(unwrap(Promise.resolve({ error: new TypeError('fetch failed') }))).rejects.toThrow(
      'the scan API could not be reached',
    );
  });
});
