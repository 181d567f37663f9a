import { existsSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

/** What a compiled entry point needs at run time. */
export interface RuntimeGraph {
  /** Compiled files reached from the entry (relative to the compiled root, `/`-separated). */
  files: string[];
  /** Third-party packages the reached files require. */
  packages: string[];
}

// swc emits CommonJS: every import, static or dynamic (`await import('x')`), is `require("x")`.
const REQUIRE = /\brequire\((["'])([^"']+)\1\)/g;

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.js`, `${base}.json`, join(base, 'index.js')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${from} requires ${specifier}, which was not compiled (run the build first)`);
}

/**
 * Walks the requires of compiled CommonJS from `entry` (a file under `compiledRoot`): the
 * workspace files the app runs (its own and its libs', whose path aliases the compiler rewrote
 * to relative paths) and the third-party packages they require.
 */
export function runtimeGraph(compiledRoot: string, entry: string): RuntimeGraph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [resolve(compiledRoot, entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith('.js')) continue;
    for (const [, , specifier] of readFileSync(file, 'utf8').matchAll(REQUIRE)) {
      if (specifier.startsWith('.')) pending.push(resolveRelative(file, specifier));
      else if (!isBuiltin(specifier)) packages.add(packageOf(specifier));
    }
  }
  return {
    files: [...files].map((f) => relative(compiledRoot, f).split('\\').join('/')).sort(),
    packages: [...packages].sort(),
  };
}
