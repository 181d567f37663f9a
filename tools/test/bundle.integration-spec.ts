import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestDatabase } from '@canton-scan/testing';
import { bundleApp } from '../src/bundle/bundle';
import type { Lockfile } from '../src/bundle/bundle-manifest';

const ROOT = join(__dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 150_000 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`,
    );
}

describe('the scan-api bundle', () => {
  const db = useTestDatabase();
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'css-bundle-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('installs with npm outside the workspace and serves /readyz and the explorer UI with only DATABASE_URL and an AUTH key set', async () => {
    // The build's own command (targetDefaults.build), into a directory of the test's.
    const compiled = join(work, 'dist');
    run(
      join(ROOT, 'node_modules/.bin/swc'),
      [
        'apps/scan-api/src',
        'libs',
        '-d',
        compiled,
        '--config-file',
        '.swcrc',
        '--ignore',
        '**/*.spec.ts',
        '--quiet',
      ],
      ROOT,
    );
    // A stand-in for the explorer UI's build (dist/apps/scan-ui), which the bundle carries.
    const ui = join(compiled, 'apps/scan-ui');
    mkdirSync(join(ui, 'assets'), { recursive: true });
    mkdirSync(join(ui, '.vite'));
    writeFileSync(join(ui, 'index.html'), '<!doctype html><title>bundled explorer</title>');
    writeFileSync(join(ui, 'assets/index-Zz99.js'), '');
    writeFileSync(join(ui, '.vite/manifest.json'), '{}');
    const bundle = bundleApp({
      app: 'scan-api',
      workspaceRoot: ROOT,
      compiledRoot: compiled,
      outDir: join(work, 'bundle'),
    });

    // Its dependencies: the third-party packages it runs, each at the workspace's locked version.
    const workspaceLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
    const deps = bundle.packageJson.dependencies;
    expect(Object.keys(deps)).toEqual(
      expect.arrayContaining([
        '@nestjs/core',
        '@nestjs/platform-express',
        'pg',
        'typeorm',
        'prom-client',
        'pino',
      ]),
    );
    for (const name of ['jest', 'nx', 'typescript', '@swc/core', 'supertest', '@nestjs/testing'])
      expect(deps).not.toHaveProperty(name);
    for (const [name, version] of Object.entries(deps))
      expect(`${name}@${workspaceLock.packages[`node_modules/${name}`]?.version}`).toBe(`${name}@${version}`);
    expect(bundle.packageJson.version).toMatch(/^\d+\.\d+\.\d+/);
    const lock = JSON.parse(readFileSync(join(bundle.dir, 'package-lock.json'), 'utf8')) as Lockfile;
    expect(lock.packages[''].dependencies).toEqual(deps);
    expect(lock.packages['node_modules/typeorm'].version).toBe(deps.typeorm);
    // Only what the app runs: no test harness, no simulator.
    expect(bundle.files).toContain('apps/scan-api/src/main.js');
    expect(bundle.files.some((f) => f.startsWith('libs/testing/') || f.startsWith('libs/simulator/'))).toBe(
      false,
    );

    // Deployed: copied elsewhere, installed from its own lockfile, started with node main.js.
    const deployed = join(work, 'deployed');
    cpSync(bundle.dir, deployed, { recursive: true });
    run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], deployed);
    expect(existsSync(join(deployed, 'node_modules/@nestjs/core/package.json'))).toBe(true);
    const port = await freePort();
    const app = spawn(process.execPath, ['main.js'], {
      cwd: deployed,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: db.url,
        AUTH_HS256_SECRET: 'a-bundle-test-secret-of-at-least-32-chars',
        SCAN_PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    app.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    app.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => app.once('exit', resolve));
    try {
      const deadline = Date.now() + 30_000;
      let status = 0;
      while (status !== 200) {
        if (app.exitCode !== null || Date.now() > deadline)
          throw new Error(`the bundled app did not become ready (last status ${status}):\n${output}`);
        status = await fetch(`http://127.0.0.1:${port}/api/scan/readyz`).then(
          (res) => res.status,
          () => 0,
        );
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
      // The explorer UI it carries, at / and for deep links.
      for (const path of ['/', '/updates/1220ab'])
        expect(await fetch(`http://127.0.0.1:${port}${path}`).then((res) => res.text())).toContain(
          'bundled explorer',
        );
      // JSON logs by default, the base URLs among them.
      expect(output.split('\n').some((line) => line.includes('"msg":"scan group: http://localhost:'))).toBe(
        true,
      );
    } finally {
      app.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});
