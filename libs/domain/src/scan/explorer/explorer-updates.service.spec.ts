import { DomainError, DomainErrorCode } from '../../errors/domain-error';
import { decodeUpdatesCursor, encodeUpdatesCursor, parseTemplateFilter } from './explorer-updates.service';

const invalid = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error instanceof DomainError && error.code === DomainErrorCode.InvalidArgument;
  }
  return false;
};

describe('explorer update list page tokens', () => {
  it('round-trips a position through an opaque URL-safe token', () => {
    const cursor = { migrationId: '3', recordTime: '2026-01-05T10:00:00.123456Z', rowId: '9007199254740993' };
    const token = encodeUpdatesCursor(cursor);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeUpdatesCursor(token)).toEqual(cursor);
  });

  it('refuses tokens it did not issue as invalid arguments', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    for (const token of [
      'not a token',
      b64('3|2026-01-05T10:00:00Z|9'),
      b64('3|2026-01-05T10:00:00.123456Z'),
      b64('-1|2026-01-05T10:00:00.123456Z|9'),
      b64('3|2026-01-05T10:00:00.123456Z|9|x'),
      b64('1'.repeat(20) + '|2026-01-05T10:00:00.123456Z|9'),
      b64('9223372036854775808|2026-01-05T10:00:00.123456Z|9'),
      b64('3|2026-01-05T10:00:00.123456Z|9999999999999999999'),
      b64('3|2026-02-30T10:00:00.123456Z|9'),
      b64('3|0000-01-01T00:00:00.000000Z|9'),
      Buffer.from('3|2026-01-05T10:00:00.123456Z|9').toString('base64'),
    ]) {
      expect({ token, invalid: invalid(() => decodeUpdatesCursor(token)) }).toEqual({ token, invalid: true });
    }
  });
});

describe('explorer template filter', () => {
  it('takes MODULE:ENTITY, or a package id or name before it', () => {
    expect(parseTemplateFilter('Splice.Amulet:Amulet')).toEqual({ suffix: 'Splice.Amulet:Amulet' });
    expect(parseTemplateFilter('splice-amulet:Splice.Amulet:Amulet')).toEqual({
      packageRef: 'splice-amulet',
      suffix: 'Splice.Amulet:Amulet',
    });
  });

  it('refuses anything else as an invalid argument', () => {
    for (const value of ['Amulet', 'a:b:c:d', ':b', 'a:', 'p::c']) {
      expect({ value, invalid: invalid(() => parseTemplateFilter(value)) }).toEqual({ value, invalid: true });
    }
  });
});
