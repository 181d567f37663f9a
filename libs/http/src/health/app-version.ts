import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Injection token of the app's release version (`string | null`), shown by `GET livez`. */
export const APP_VERSION = Symbol('APP_VERSION');

/**
 * The version in the nearest package.json named `name` above `fromDir`: the app's own
 * (`apps/<app>/package.json`, versioned by `nx release`) when running from the sources, the
 * bundle's once bundled. Undefined when there is none (the plain build in dist/).
 */
export function readAppVersion(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === name && typeof manifest.version === 'string') return manifest.version;
    }
    if (dirname(dir) === dir) return undefined;
  }
}
