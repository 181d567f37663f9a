import { ConfigError, DomainError, SchemaMismatchError } from '@canton-scan/domain';

/** A command line the CLI cannot run; the message says what is wrong. */
export class UsageError extends Error {}

export interface ParsedCommandLine {
  positional: string[];
  flags: Set<string>;
  /** Repeatable `--name value` options, in order. */
  values: Map<string, string[]>;
}

/**
 * Parses `command ARG --flag --name value --name=value ...` against the allowed flags and
 * valued options (valued options may repeat).
 */
export function parseCommandLine(
  argv: readonly string[],
  allowed: { flags: readonly string[]; values: readonly string[] },
): ParsedCommandLine {
  const parsed: ParsedCommandLine = { positional: [], flags: new Set(), values: new Map() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/.exec(arg);
    if (!m) {
      if (arg.startsWith('-')) throw new UsageError(`unknown option "${arg}"`);
      parsed.positional.push(arg);
      continue;
    }
    const [, name, inline] = m;
    if (allowed.flags.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      parsed.flags.add(name);
    } else if (allowed.values.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      parsed.values.set(name, [...(parsed.values.get(name) ?? []), value]);
    } else {
      throw new UsageError(`unknown option "--${name}"`);
    }
  }
  return parsed;
}

/** A non-negative integer option (undefined when absent). */
export function integerOption(parsed: ParsedCommandLine, name: string): number | undefined {
  const values = parsed.values.get(name);
  if (!values) return undefined;
  if (values.length > 1) throw new UsageError(`--${name} may be given once`);
  if (!/^\d+$/.test(values[0]) || !Number.isSafeInteger(Number(values[0])))
    throw new UsageError(`--${name} must be a non-negative integer, got "${values[0]}"`);
  return Number(values[0]);
}

/**
 * Runs a ledger CLI's `main` and exits with its code: usage errors print the usage and exit 2,
 * configuration and domain errors print their message alone, anything else its stack.
 */
export function runLedgerCli(main: () => Promise<number>, usage: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
      else if (
        error instanceof ConfigError ||
        error instanceof DomainError ||
        error instanceof SchemaMismatchError
      )
        console.error(error.message);
      else console.error(error);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
