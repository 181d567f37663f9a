/**
 * Minimal `--name value` / `--flag` argument parsing for the tools' CLIs. A `strings` argument
 * may repeat; its values are collected in order.
 */
export function parseArgs(
  argv: string[],
  spec: Record<string, 'string' | 'strings' | 'int' | 'flag'>,
): Record<string, string | string[] | number | boolean> {
  const out: Record<string, string | string[] | number | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/.exec(arg);
    if (!m || !(m[1] in spec))
      throw new Error(
        `unknown argument "${arg}" (expected ${Object.keys(spec)
          .map((k) => `--${k}`)
          .join(', ')})`,
      );
    const [, name, inline] = m;
    if (spec[name] === 'flag') {
      out[name] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    if (spec[name] === 'int') {
      if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a non-negative integer, got "${value}"`);
      out[name] = Number(value);
    } else if (spec[name] === 'strings') {
      out[name] = [...((out[name] as string[] | undefined) ?? []), value];
    } else {
      out[name] = value;
    }
  }
  return out;
}
