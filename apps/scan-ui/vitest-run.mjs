// The scan-ui `test` target: the component tests under Vitest, their results written in jest's
// JSON format to tmp/jest/scan-ui.json (what `npm test` sums). Jest-style arguments that
// `npm test -- ...` passes to every project are translated: --testPathPatterns=X filters the
// test files, --passWithNoTests passes through; others are ignored.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

const root = new URL('../..', import.meta.url).pathname;
const filters = [];
const extra = [];
for (const arg of process.argv.slice(2)) {
  const m = /^--testPathPatterns?=(.*)$/.exec(arg);
  if (m) filters.push(m[1]);
  else if (arg === '--passWithNoTests') extra.push(arg);
}
mkdirSync(`${root}tmp/jest`, { recursive: true });
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--config',
    'apps/scan-ui/vitest.config.mts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${root}tmp/jest/scan-ui.json`,
    ...extra,
    ...filters,
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
