import { integerOption, parseCommandLine, UsageError } from './ledger-cli-args';

describe('parseCommandLine', () => {
  const allowed = { flags: ['admin'], values: ['read-as', 'up-to'] };

  it('reads positionals, flags and repeated valued options in both spellings', () => {
    const parsed = parseCommandLine(
      ['add', 'alice', '--admin', '--read-as', 'a::1', '--read-as=b::2'],
      allowed,
    );
    expect(parsed.positional).toEqual(['add', 'alice']);
    expect([...parsed.flags]).toEqual(['admin']);
    expect(parsed.values.get('read-as')).toEqual(['a::1', 'b::2']);
  });

  it('refuses unknown options, missing values and values on flags', () => {
    expect(() => parseCommandLine(['--nope'], allowed)).toThrow(UsageError);
    expect(() => parseCommandLine(['--read-as'], allowed)).toThrow('--read-as needs a value');
    expect(() => parseCommandLine(['--admin=yes'], allowed)).toThrow('takes no value');
  });

  it('reads one non-negative integer option', () => {
    expect(integerOption(parseCommandLine(['--up-to', '42'], allowed), 'up-to')).toBe(42);
    expect(integerOption(parseCommandLine([], allowed), 'up-to')).toBeUndefined();
    expect(() => integerOption(parseCommandLine(['--up-to', '-1'], allowed), 'up-to')).toThrow(UsageError);
    expect(() => integerOption(parseCommandLine(['--up-to', '1', '--up-to', '2'], allowed), 'up-to')).toThrow(
      'once',
    );
  });
});
