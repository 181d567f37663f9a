import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The embedded data directory is already owned by a live process. */
export class DataDirInUseError extends Error {}

const LOCK_FILE = 'canton-scan-stack.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded data directory for this process: PGlite has no lock of its own, and two
 * processes opening one directory corrupt it. A lock file left by a dead process is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner))
      throw new DataDirInUseError(
        `the embedded database in ${dataDir} is in use by process ${owner} (one process owns an embedded ` +
          `data directory): stop that process, or reach its database through the DATABASE_URL it prints, ` +
          `or choose another directory with PGLITE_DATA_DIR`,
      );
    rmSync(file, { force: true });
  }
}
