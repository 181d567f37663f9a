import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Holds the spare embedded database for this process (a lock file naming its pid), waiting while
 * another jest worker holds it; a lock left by a dead process is taken over. Returns the release.
 */
export async function lockSpare(url: string): Promise<() => void> {
  const file = join(tmpdir(), `css-spare-${new URL(url).port}.lock`);
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: number;
      try {
        holder = Number(readFileSync(file, 'utf8'));
      } catch {
        continue; // released meanwhile
      }
      // Files of one worker run one after another: a lock of this very process was never released.
      if (holder === process.pid)
        throw new Error(
          `the spare embedded database is still held by this process (${file}): a test file did not close it`,
          { cause: error },
        );
      if (Number.isInteger(holder) && holder > 0 && !alive(holder)) rmSync(file, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
