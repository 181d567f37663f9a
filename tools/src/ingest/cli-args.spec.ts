import { parseArgs } from './cli-args';

describe('parseArgs', () => {
  const spec = { file: 'string', 'batch-size': 'int', list: 'flag' } as const;

  it('reads values, inline values, integers and flags', () => {
    expect(parseArgs(['--file', 'a.jsonl', '--batch-size=500', '--list'], spec)).toEqual({
      file: 'a.jsonl',
      'batch-size': 500,
      list: true,
    });
  });

  it('collects a repeated list argument in order', () => {
    expect(parseArgs(['--scan', 'a', '--scan=b', '--once'], { scan: 'strings', once: 'flag' })).toEqual({
      scan: ['a', 'b'],
      once: true,
    });
  });

  it('names unknown arguments, missing values and bad integers', () => {
    expect(() => parseArgs(['--nope'], spec)).toThrow(/unknown argument "--nope"/);
    expect(() => parseArgs(['--file'], spec)).toThrow(/--file needs a value/);
    expect(() => parseArgs(['--batch-size', 'ten'], spec)).toThrow(
      /--batch-size must be a non-negative integer/,
    );
  });
});
