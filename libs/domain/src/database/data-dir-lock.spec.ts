import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

describe('lockDataDir (one process owns an embedded data directory)', () => {
  let dir: string;
  const lockFile = () => join(dir, 'canton-scan-stack.pid');
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'css-lock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes a free directory and gives it back on release', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses a directory a live process holds, naming the process', () => {
    writeFileSync(lockFile(), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.ppid}`);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over the lock of a process that has died', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout;
    writeFileSync(lockFile(), dead);
    lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
  });
});
