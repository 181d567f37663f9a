import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const ROOT = join(__dirname, '../..');
const RELEASED = [
  'scan-api',
  'registry-api',
  'ledger-api',
  'scan-mirror',
  'scan-client',
  'scan-proxy-client',
  'registry-client',
  'ledger-client',
];

/** The environment without the variables of an enclosing Nx run (npm test) or its colours. */
function outsideNx(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('NX_') && key !== 'FORCE_COLOR'),
  );
}

describe('nx release (npm run release -- --dry-run)', () => {
  it('versions each app and client package on its own, with a changelog each, and changes nothing', () => {
    const gitStatus = () =>
      spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: ROOT, encoding: 'utf8' })
        .stdout;
    const before = gitStatus();
    const run = spawnSync('npx', ['nx', 'release', '--skip-publish', '--dry-run'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...outsideNx(), NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '0' },
    });
    // Colours may still be forced by an enclosing run (npm test): read the plain text.
    const output = stripVTControlCharacters(run.stdout + run.stderr);
    expect({ status: run.status, output }).toEqual({ status: 0, output: expect.any(String) });
    for (const project of RELEASED) {
      expect(output).toContain(`Running release version for project: ${project}`);
      expect(output).toMatch(
        new RegExp(`New version \\S+ written to manifest: \\S+/${project}/package\\.json`),
      );
      expect(output).toMatch(new RegExp(`entry in \\S+/${project}/CHANGELOG\\.md for ${project}@`));
    }
    expect(output).toContain('NOTE: The "dryRun" flag means no changes were made.');
    expect(gitStatus()).toBe(before);
  }, 120_000);
});
