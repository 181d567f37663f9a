import { spawnSync } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  bundleLockfileSeed,
  runtimeDependencies,
  type BundlePackageJson,
  type Lockfile,
} from './bundle-manifest';
import { runtimeGraph } from './runtime-graph';

export interface BundleOptions {
  /** The app's project name (`scan-api`); its compiled entry is `apps/<app>/src/main.js`. */
  app: string;
  workspaceRoot: string;
  /** Where the build put the compiled workspace (default `<workspaceRoot>/dist`). */
  compiledRoot?: string;
  /** Default `<workspaceRoot>/dist/bundles/<app>`; emptied first. */
  outDir?: string;
  /** Write `package-lock.json` (npm prunes the workspace's lockfile; needs the registry). Default true. */
  lockfile?: boolean;
}

/**
 * Built static files an app serves, copied into its bundle at their workspace paths (scan-api
 * finds its UI at `apps/scan-ui` beside its compiled `apps/scan-api`).
 */
export const BUNDLED_STATIC: Readonly<Record<string, readonly string[]>> = { 'scan-api': ['apps/scan-ui'] };

export interface Bundle {
  dir: string;
  packageJson: BundlePackageJson;
  /** Compiled workspace files copied, relative to the bundle. */
  files: string[];
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** The app's version: its own package.json's or project.json's when it has one, else the workspace's. */
function appVersion(root: string, app: string): string {
  for (const file of [join(root, 'apps', app, 'package.json'), join(root, 'apps', app, 'project.json')]) {
    const version = existsSync(file) ? readJson<{ version?: string }>(file).version : undefined;
    if (version) return version;
  }
  return readJson<{ version: string }>(join(root, 'package.json')).version;
}

/**
 * A deployable bundle of one app (`dist/bundles/<app>`): the compiled app and the compiled
 * workspace files it runs (libs included, at their workspace paths so the compiler's relative
 * requires hold), `main.js` at its root, a package.json listing exactly its runtime third-party
 * dependencies at the workspace's versions, and its package-lock.json. It runs anywhere with
 * `npm ci --omit=dev && node main.js`.
 */
export function bundleApp(options: BundleOptions): Bundle {
  const root = options.workspaceRoot;
  const compiledRoot = options.compiledRoot ?? join(root, 'dist');
  const dir = options.outDir ?? join(root, 'dist/bundles', options.app);
  const entry = `apps/${options.app}/src/main.js`;
  if (!existsSync(join(compiledRoot, entry)))
    throw new Error(`${join(compiledRoot, entry)} does not exist: build ${options.app} first`);

  const graph = runtimeGraph(compiledRoot, entry);
  const workspacePackage = readJson<{ license?: string; engines?: Record<string, string> }>(
    join(root, 'package.json'),
  );
  const workspaceLock = readJson<Lockfile>(join(root, 'package-lock.json'));
  const packageJson: BundlePackageJson = {
    name: `@canton-scan/${options.app}`,
    version: appVersion(root, options.app),
    private: true,
    description: `canton-scan-stack ${options.app}, bundled to run on its own (node main.js)`,
    license: workspacePackage.license,
    main: 'main.js',
    scripts: { start: 'node main.js' },
    engines: workspacePackage.engines,
    dependencies: runtimeDependencies(graph.packages, workspaceLock),
  };
  const commitTime = headCommitTime(root);
  if (commitTime !== undefined) packageJson.commitTime = commitTime;

  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of graph.files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(compiledRoot, file), join(dir, file));
  }
  for (const folder of BUNDLED_STATIC[options.app] ?? []) {
    if (!existsSync(join(compiledRoot, folder, 'index.html')))
      throw new Error(`${join(compiledRoot, folder)} holds no build: build ${folder.split('/').pop()} first`);
    cpSync(join(compiledRoot, folder), join(dir, folder), { recursive: true });
  }
  writeFileSync(
    join(dir, 'main.js'),
    `// ${packageJson.name} ${packageJson.version}: configured by the environment (see the README's Configuration).\n` +
      `require('./${entry}');\n`,
  );
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
  if (options.lockfile !== false) writeLockfile(dir, workspaceLock, packageJson);
  return { dir, packageJson, files: graph.files };
}

function writeLockfile(dir: string, workspaceLock: Lockfile, packageJson: BundlePackageJson): void {
  const file = join(dir, 'package-lock.json');
  writeFileSync(file, `${JSON.stringify(bundleLockfileSeed(workspaceLock, packageJson), null, 2)}\n`);
  const npm = spawnSync(
    'npm',
    [
      'install',
      '--package-lock-only',
      '--omit=dev',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  if (npm.status !== 0) {
    rmSync(file, { force: true });
    throw new Error(`npm could not lock the bundle's dependencies:\n${npm.stdout}${npm.stderr}`);
  }
}

/** Unix seconds of the workspace's HEAD commit (what `GET /version` shows as `commit_ts`); undefined outside git. */
function headCommitTime(root: string): number | undefined {
  try {
    const out = execFileSync('git', ['log', '-1', '--format=%ct', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^\d+$/.test(out) ? Number(out) : undefined;
  } catch {
    return undefined;
  }
}
