import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { realServerUrl } from './backend-detect';

const run = promisify(execFile);

/** A hot standby of the test server, streaming from it (`startHotStandby`). */
export interface HotStandby {
  readonly port: number;
  /** The URL of `database` (the primary URL's database by default) on the standby. */
  url(database?: string): string;
  /** Resolves once the standby has replayed everything the primary had written when called. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Runs a statement on the standby (as the superuser, on `database`). */
  query<T>(sql: string, database?: string): Promise<T[]>;
  /** Stops the server (`pg_ctl -m fast`) and removes its directory. */
  stop(): Promise<void>;
}

/** Settings a hot standby must hold at least at the primary's values, or it refuses to start. */
const AT_LEAST_PRIMARY = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

/**
 * Takes a hot standby of the local real PostgreSQL the tests run on: `pg_basebackup -R -X stream`
 * into a temporary directory (the whole cluster: every database, the test ones included), then
 * `postgres -D` on a free loopback port, as the server's own user when the tests run as root
 * (postgres refuses root). Resolves once it accepts connections in recovery. Needs replication
 * connections from 127.0.0.1 allowed in the primary's pg_hba.conf (`.ci/run` adds
 * `host replication all 127.0.0.1/32 trust`); throws, saying so, when they are not.
 */
export async function startHotStandby(primaryUrl = realServerUrl()): Promise<HotStandby> {
  const primary = new URL(primaryUrl);
  const bindir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? serverOwner() : undefined;
  const as = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

  const settings = await primarySettings(primaryUrl);
  const home = mkdtempSync(join(tmpdir(), 'css-standby-'));
  if (owner) chownSync(home, owner.uid, owner.gid);
  const data = join(home, 'data');
  let server: ChildProcess | undefined;
  const removeHome = () => rmSync(home, { recursive: true, force: true });
  try {
    const [cmd, args] = as(join(bindir, 'pg_basebackup'), [
      ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', decodeURIComponent(primary.username)],
      ...['-D', data, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'],
    ]);
    await run(cmd, args, { maxBuffer: 16 * 1024 * 1024 }).catch((error: { stderr?: string }) => {
      throw new Error(
        `pg_basebackup of ${primary.host} failed (is "host replication all 127.0.0.1/32 trust" in its pg_hba.conf, then SELECT pg_reload_conf()?): ${error.stderr ?? String(error)}`,
      );
    });
    const port = await freePort();
    writeOwned(
      join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${home}'`,
        'hot_standby = on',
        'hot_standby_feedback = on',
        'fsync = off',
        "shared_buffers = '32MB'",
        ...AT_LEAST_PRIMARY.map((name) => `${name} = ${settings.get(name)}`),
      ].join('\n') + '\n',
      owner,
    );
    writeOwned(
      join(data, 'pg_hba.conf'),
      'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
      owner,
    );
    const log = openSync(join(home, 'server.log'), 'a');
    if (owner) chownSync(join(home, 'server.log'), owner.uid, owner.gid);
    const [postgres, postgresArgs] = as(join(bindir, 'postgres'), ['-D', data]);
    server = spawn(postgres, postgresArgs, { stdio: ['ignore', log, log] });
    const url = (database = primary.pathname.slice(1) || 'postgres') => {
      const u = new URL(primaryUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      u.pathname = `/${database}`;
      return u.toString();
    };
    await waitInRecovery(url('postgres'), server, () => readFileSync(join(home, 'server.log'), 'utf8'));
    const query = async <T>(sql: string, database?: string): Promise<T[]> => {
      const client = new Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query(sql)).rows as T[];
      } finally {
        await client.end();
      }
    };
    const started = server;
    return {
      port,
      url,
      query,
      async caughtUp(timeoutMs = 30_000) {
        const client = new Client({ connectionString: primaryUrl });
        await client.connect();
        const [{ lsn }] = (await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'))
          .rows;
        await client.end();
        const until = Date.now() + timeoutMs;
        for (;;) {
          const [{ done }] = await query<{ done: boolean }>(
            `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`,
          );
          if (done) return;
          if (Date.now() > until)
            throw new Error(`the standby did not replay up to ${lsn} in ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      async stop() {
        const [ctl, ctlArgs] = as(join(bindir, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
        await run(ctl, ctlArgs).catch(() => {
          started.kill('SIGKILL');
        });
        removeHome();
      },
    };
  } catch (error) {
    server?.kill('SIGKILL');
    removeHome();
    throw error;
  }
}

async function primarySettings(primaryUrl: string): Promise<Map<string, string>> {
  const client = new Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      'SELECT name, setting FROM pg_settings WHERE name = ANY($1::text[])',
      [AT_LEAST_PRIMARY],
    );
    return new Map(rows.map((r) => [r.name, r.setting]));
  } finally {
    await client.end();
  }
}

async function waitInRecovery(url: string, server: ChildProcess, log: () => string): Promise<void> {
  let exited = false;
  server.once('exit', () => (exited = true));
  const until = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the standby exited at start:\n${log()}`);
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      const [{ standby }] = (
        await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby')
      ).rows;
      if (!standby) throw new Error('the standby is not in recovery');
      return;
    } catch (error) {
      if (error instanceof Error && error.message === 'the standby is not in recovery') throw error;
      if (Date.now() > until)
        throw new Error(`the standby did not accept connections in 120 s:\n${log()}`, { cause: error });
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function serverOwner(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function writeOwned(path: string, text: string, owner?: { uid: number; gid: number }): void {
  writeFileSync(path, text, { mode: 0o600 });
  if (owner) chownSync(path, owner.uid, owner.gid);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
