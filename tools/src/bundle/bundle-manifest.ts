/** The parts of an npm lockfile (v3) the bundle reads. */
export interface Lockfile {
  name?: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockedPackage>;
}

export interface LockedPackage {
  name?: string;
  version?: string;
  license?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  engines?: Record<string, string>;
  [key: string]: unknown;
}

/**
 * Packages that third-party code loads by name, so no require of the app shows them: Nest
 * loads its HTTP adapter when the app is created, TypeORM the PostgreSQL driver when the
 * DataSource initializes.
 */
export const LOADED_BY_NAME: Readonly<Record<string, readonly string[]>> = {
  '@nestjs/core': ['@nestjs/platform-express'],
  typeorm: ['pg'],
};

/**
 * The bundle's runtime dependencies at the workspace's exact versions: the packages the app's
 * code requires, those loaded by name on their behalf, and the required (non-optional) peers of
 * all of them, which npm would otherwise pick on its own.
 */
export function runtimeDependencies(required: readonly string[], lock: Lockfile): Record<string, string> {
  const locked = (name: string) => lock.packages[`node_modules/${name}`];
  const chosen = new Map<string, string>();
  const pending = [...required];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (chosen.has(name)) continue;
    const entry = locked(name);
    if (!entry?.version) throw new Error(`${name} is required at run time but not in the workspace lockfile`);
    chosen.set(name, entry.version);
    pending.push(...(LOADED_BY_NAME[name] ?? []));
    for (const peer of Object.keys(entry.peerDependencies ?? {})) {
      if (!entry.peerDependenciesMeta?.[peer]?.optional) pending.push(peer);
    }
  }
  return Object.fromEntries([...chosen].sort(([a], [b]) => a.localeCompare(b)));
}

export interface BundlePackageJson {
  name: string;
  version: string;
  private: true;
  description: string;
  license?: string;
  main: 'main.js';
  scripts: { start: 'node main.js' };
  /** Unix seconds of the commit the bundle was built from (scan-api's `GET /version`). */
  commitTime?: number;
  engines?: Record<string, string>;
  dependencies: Record<string, string>;
}

/**
 * The bundle's lockfile, derived from the workspace's: its root is the bundle's package.json,
 * every other entry as the workspace locked it. `npm install --package-lock-only` then prunes
 * what the bundle does not need, keeping the workspace's versions of everything it does.
 */
export function bundleLockfileSeed(workspace: Lockfile, pkg: BundlePackageJson): Lockfile {
  const packages: Record<string, LockedPackage> = {
    '': {
      name: pkg.name,
      version: pkg.version,
      license: pkg.license,
      dependencies: pkg.dependencies,
      engines: pkg.engines,
    },
  };
  for (const [path, entry] of Object.entries(workspace.packages)) {
    // Workspace-local links (none today) would point outside the bundle.
    if (path !== '' && path.startsWith('node_modules/') && !entry.link) packages[path] = entry;
  }
  return {
    name: pkg.name,
    version: pkg.version,
    lockfileVersion: workspace.lockfileVersion,
    requires: true,
    packages,
  };
}
