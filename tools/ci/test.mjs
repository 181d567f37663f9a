// npm test: every project's tests through Nx (cached), then one closing summary line over all
// of them: "Tests: N passed, N failed" (plus skipped when any).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const resultsDir = join(root, 'tmp/jest');
rmSync(resultsDir, { recursive: true, force: true });

const run = spawnSync(
  'npx',
  ['nx', 'run-many', '-t', 'test', '--parallel=1', '--outputStyle=stream', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  },
);

const projects = JSON.parse(
  spawnSync('npx', ['nx', 'show', 'projects', '--with-target', 'test', '--json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  }).stdout,
);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
const failures = [];
for (const project of projects) {
  const file = join(resultsDir, `${project}.json`);
  if (!existsSync(file)) {
    missing.push(project);
    continue;
  }
  const result = JSON.parse(readFileSync(file, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  skipped += result.numPendingTests + (result.numTodoTests ?? 0);
  // A suite that fails to load counts no test but must fail the run.
  failed += result.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
  for (const suite of result.testResults) {
    const where = suite.name.startsWith(root) ? suite.name.slice(root.length) : suite.name;
    if (suite.status === 'failed' && suite.assertionResults.length === 0)
      failures.push(`${where}: did not run`);
    for (const test of suite.assertionResults)
      if (test.status === 'failed') failures.push(`${where}: ${test.fullName}`);
  }
}
// The failed tests by name, last, where a log's tail shows them (with the summary line after).
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (missing.length > 0) console.log(`no test results from: ${missing.join(', ')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status !== 0 || failed > 0 || missing.length > 0 || passed === 0 ? 1 : 0);
