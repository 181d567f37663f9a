import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Injection token of the app's BuildInfo, shown by `GET version`. */
export const BUILD_INFO = Symbol('BUILD_INFO');

/** What `GET /version` answers: the release version and the commit time of the sources. */
export interface BuildInfo {
  version: string;
  /** ISO-8601 UTC, whole seconds (`2026-01-09T11:35:30Z`). */
  commitTs: string;
}

/** When the commit time is known neither from the bundle nor from git. */
export const UNKNOWN_COMMIT_TS = '1970-01-01T00:00:00Z';

/** Seconds since the epoch as `/version` writes a commit time. */
export function commitTsOf(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The commit time of the sources the app runs from: `commitTime` (Unix seconds) of the nearest
 * package.json named `name` (written there by `npm run bundle`), else the last commit of the git
 * checkout `fromDir` is in; undefined when neither is known.
 */
export function readCommitTime(name: string, fromDir: string): number | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; commitTime?: unknown };
      if (manifest.name === name && typeof manifest.commitTime === 'number') return manifest.commitTime;
    }
    if (dirname(dir) === dir) break;
  }
  return gitCommitTime(fromDir);
}

/** Unix seconds of HEAD's commit in the checkout holding `dir`; undefined outside one (or without git). */
export function gitCommitTime(dir: string): number | undefined {
  try {
    const out = execFileSync('git', ['log', '-1', '--format=%ct', 'HEAD'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
    return /^\d+$/.test(out) ? Number(out) : undefined;
  } catch {
    return undefined;
  }
}
