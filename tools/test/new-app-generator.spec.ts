import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const ROOT = join(__dirname, '../..');
const SKIPPED = /^(dist|tmp|\.nx|node_modules)(\/|$)/;

/**
 * `npm run new-app -- --name demo` in a copy of the workspace (its tracked and unignored files,
 * node_modules linked), then what CI runs on every app: lint, typecheck and the tests.
 */
describe('the new-app generator (npm run new-app)', () => {
  let copy: string;
  // Nothing of an enclosing Nx run (npm test) may point the copy's Nx at this workspace.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('NX_')));
  const env = {
    ...inherited,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_SKIP_NX_CACHE: 'true',
    // The copy's test databases are its own (css_test_<run id>_<worker>).
    CSS_TEST_RUN_ID: `new_app_${process.pid}`,
  };
  const run = (command: string, args: string[]): SpawnSyncReturns<string> =>
    spawnSync(command, args, { cwd: copy, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const expectSuccess = (result: SpawnSyncReturns<string>) =>
    expect({
      status: result.status,
      output: result.status === 0 ? '' : result.stdout + result.stderr,
    }).toEqual({
      status: 0,
      output: '',
    });

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'new-app-'));
    const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .stdout.split('\0')
      .filter((f) => f !== '' && !SKIPPED.test(f));
    for (const file of files) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(ROOT, file), join(copy, file), { dereference: false });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('creates an app, its spec, contracts and client package that pass lint, typecheck and tests', () => {
    expectSuccess(run('npm', ['run', 'new-app', '--', '--name', 'demo']));
    const groups = JSON.parse(readFileSync(join(copy, 'tools/src/codegen/groups.json'), 'utf8'));
    expect(groups).toContainEqual({
      name: 'demo',
      spec: 'specs/demo.yaml',
      clientPackage: 'packages/demo-client',
    });
    expect(readFileSync(join(copy, 'libs/contracts/src/generated/index.ts'), 'utf8')).toContain(
      "export { createClient as createDemoClient } from './demo/client';",
    );
    expect(readFileSync(join(copy, 'packages/demo-client/src/sdk.gen.ts'), 'utf8')).toContain('getExample');
    expect(readFileSync(join(copy, 'README.md'), 'utf8')).toMatch(/^\| Demo +\| demo-api +\|/m);

    expectSuccess(run('npm', ['run', 'spec:lint']));
    expectSuccess(
      run('npx', [
        'nx',
        'run-many',
        '-t',
        'lint,typecheck,test',
        '-p',
        'demo-api,demo-client',
        '--outputStyle=static',
      ]),
    );
    const results = JSON.parse(readFileSync(join(copy, 'tmp/jest/demo-api.json'), 'utf8'));
    expect(results).toMatchObject({ success: true, numFailedTests: 0 });
    expect(results.numPassedTests).toBeGreaterThanOrEqual(4);
  }, 300_000);

  it('puts the generated app under the module-boundary rule', () => {
    const file = 'apps/demo-api/src/uses-simulator.ts';
    writeFileSync(
      join(copy, file),
      "import { simulateNetwork } from '@canton-scan/simulator';\n\nexport const simulate = simulateNetwork;\n",
    );
    const lint = run('npx', ['eslint', file]);
    expect(lint.status).toBe(1);
    expect(stripVTControlCharacters(lint.stdout)).toContain(
      'Import of project "simulator" from "demo-api" is forbidden: projects tagged "type:app" may not import projects tagged "scope:simulator"',
    );
  }, 120_000);
});
