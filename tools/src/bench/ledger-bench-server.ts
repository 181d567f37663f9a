// The ledger-api server of bench:ledger: the built app in a child process (with its inspector on
// loopback) and what it holds in memory (RSS, peak RSS, V8 heap and RSS after a full GC).
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { developmentAuthDefault } from '@canton-scan/domain';
import { freePort } from './bench-http';

/** USER_HZ of Linux, the unit of /proc/<pid>/stat times (100 on every mainstream architecture). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Resident set size of a process, now and at its peak (Linux /proc), and the V8 heap it still uses after a full
 * garbage collection (through its inspector, which tells memory that is retained from garbage not yet collected).
 */
export class ProcessMemory {
  private session?: Promise<WebSocket>;
  private nextId = 1;

  constructor(
    private readonly pid: number,
    private readonly inspectorUrl: Promise<string>,
  ) {}

  private read(field: 'VmRSS' | 'VmHWM'): number {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${this.pid}/status`, 'utf8'),
    );
    return m ? Number(m[1]) * 1024 : 0;
  }

  /** VmRSS in MiB. */
  rss(): number {
    return this.read('VmRSS') / 1024 / 1024;
  }

  /** CPU time the process has used so far (user + system, from /proc/<pid>/stat), in seconds. */
  cpuSeconds(): number {
    const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  }

  /** VmHWM in MiB. */
  peak(): number {
    return this.read('VmHWM') / 1024 / 1024;
  }

  private async call(method: string): Promise<Record<string, unknown>> {
    this.session ??= this.inspectorUrl.then(async (url) => {
      const ws = new WebSocket(url);
      await once(ws, 'open');
      return ws;
    });
    const ws = await this.session;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as {
          id?: number;
          result?: Record<string, unknown>;
          error?: { message: string };
        };
        if (message.id !== id) return;
        ws.off('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result ?? {});
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method }));
    });
  }

  /**
   * After a full garbage collection: the V8 heap still used and the resident set size, in MiB — what the process
   * retains, as opposed to the garbage it holds between collections (which the peak RSS includes).
   */
  async afterGc(): Promise<{ heap: number; rss: number }> {
    await this.call('HeapProfiler.collectGarbage');
    const usage = await this.call('Runtime.getHeapUsage');
    return { heap: Number(usage.usedSize) / 1024 / 1024, rss: this.rss() };
  }

  /** Ends the inspector session (else the server waits for it to disconnect before it exits). */
  async close(): Promise<void> {
    const ws = await this.session?.catch(() => undefined);
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    const closed = once(ws, 'close');
    ws.close();
    await closed;
  }
}

/**
 * The built ledger-api (`main`, by default the one built with this script) in a child process
 * against `databaseUrl`; resolves once it answers.
 */
export async function startServer(
  databaseUrl: string,
  token: string,
  main = join(__dirname, '../../../apps/ledger-api/src/main.js'),
): Promise<{ child: ChildProcess; base: string; inspectorUrl: Promise<string> }> {
  const port = await freePort();
  const child = fork(main, [], {
    // The inspector (loopback, a free port) lets the benchmark collect garbage before reading the heap.
    execArgv: ['--inspect=127.0.0.1:0'],
    // It applies pending migrations itself, in case dist was rebuilt with new ones meanwhile.
    env: {
      ...process.env,
      ...developmentAuthDefault(process.env),
      DATABASE_URL: databaseUrl,
      LEDGER_PORT: String(port),
      DB_MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const inspectorUrl = new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const lines = chunk.toString('utf8');
      text += lines;
      // The inspector's own notices are left out; the server's log goes on to this process's stderr.
      const rest = lines
        .split('\n')
        .filter(
          (l) => !/^(Debugger (listening|attached|ending)|For help, see|Waiting for the debugger)/.test(l),
        )
        .join('\n');
      if (rest.trim() !== '') process.stderr.write(rest.endsWith('\n') ? rest : `${rest}\n`);
      const m = /Debugger listening on (ws:\/\/\S+)/.exec(text);
      if (m) resolve(m[1]);
    });
    child.once('exit', () => reject(new Error('ledger-api exited before its inspector listened')));
  });
  inspectorUrl.catch(() => undefined);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  let last = 'no answer';
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`ledger-api exited with ${child.exitCode}`);
      const res = await fetch(`${base}/readyz`, { headers: { authorization: `Bearer ${token}` } }).catch(
        () => undefined,
      );
      if (res?.ok) return { child, base, inspectorUrl };
      if (res) last = `${res.status} ${await res.text()}`;
      if (Date.now() > deadline)
        throw new Error(`ledger-api did not become ready within 30 s (last answer: ${last})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stopServer(child);
    throw error;
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000); // e.g. waiting for a debugger
  await exited;
  clearTimeout(killer);
}
