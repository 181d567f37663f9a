import { scanSpec } from '@canton-scan/contracts';
import { checkFuzzAnswer, type FuzzGroup } from './runner';
import type { FuzzRequest } from './generator';

const group = { name: 'scan', spec: scanSpec, base: 'http://x', errorFormat: 'json' } as FuzzGroup;
const request = (operationId: string) => ({ operationId }) as FuzzRequest;
const answer = (status: number, error: string) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  text: JSON.stringify({ error }),
});

describe('checkFuzzAnswer', () => {
  it('accepts a 501 where the spec declares the operation not implemented', () => {
    expect(checkFuzzAnswer(group, request('getLsu'), answer(501, 'topology'))).toBeUndefined();
  });

  it('flags a 501 of an operation that does not declare one, and any other 5xx', () => {
    expect(checkFuzzAnswer(group, request('getUpdateHistoryV2'), answer(501, 'no'))).toBe('server error 501');
    expect(checkFuzzAnswer(group, request('getLsu'), answer(500, 'boom'))).toBe('server error 500');
  });
});
