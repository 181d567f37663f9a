/** The soak's stack: a scratch database with a simulated network, and the three apps from dist. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import {
  Db,
  DEVELOPMENT_ADMIN_USER,
  ensureDevelopmentAdmin,
  LedgerUsersRepository,
  LedgerUsersService,
  LedgerWriter,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { simulateNetwork, type SimulationSummary } from '@canton-scan/simulator';
import { ledgerTestToken } from '@canton-scan/testing';
import { freePort } from '../bench/bench-http';

export const PROXY_USER = 'soak-wallet-user';

/** Loads a simulated network (in batches of 2,000) and the ledger users the load calls as. */
export async function loadNetwork(dataSource: DataSource, rounds: number): Promise<SimulationSummary> {
  const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
  const generator = simulateNetwork({ rounds });
  let batch: HistoryUpdate[] = [];
  for (;;) {
    const next = generator.next();
    if (!next.done) batch.push(next.value);
    if (batch.length === 2000 || (next.done && batch.length > 0)) {
      await writer.append(batch);
      batch = [];
    }
    if (next.done) {
      await ensureDevelopmentAdmin(dataSource);
      const users = new LedgerUsersService(new LedgerUsersRepository(Db.of(dataSource)));
      await users.addUser({ userId: PROXY_USER, isAdmin: false, canReadAsAnyParty: false, readAs: [] });
      return next.value;
    }
  }
}

export interface RunningApp {
  readonly name: string;
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
}

const APPS = [
  { name: 'scan-api', portVariable: 'SCAN_PORT', ready: '/api/scan/readyz' },
  { name: 'registry-api', portVariable: 'REGISTRY_PORT', ready: '/api/scan/readyz' },
  { name: 'ledger-api', portVariable: 'LEDGER_PORT', ready: '/readyz' },
] as const;

/**
 * Starts scan-api, registry-api and ledger-api from dist against `databaseUrl` into `running`
 * (filled as each starts, so the caller stops what started even when a later one fails).
 * `ledgerHeaders` authorize the ledger node's readiness check.
 */
export async function startApps(
  databaseUrl: string,
  ledgerHeaders: Record<string, string>,
  running: RunningApp[],
): Promise<void> {
  for (const app of APPS) {
    const port = await freePort();
    const child = spawn(process.execPath, [join(__dirname, `../../../apps/${app.name}/src/main.js`)], {
      env: {
        ...process.env,
        AUTH_DEV_MODE: 'true',
        DATABASE_URL: databaseUrl,
        [app.portVariable]: String(port),
        LOG_LEVEL: 'warn',
        DB_MIGRATE_ON_START: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    running.push({ name: app.name, child, origin: `http://127.0.0.1:${port}` });
    await waitReady(`http://127.0.0.1:${port}${app.ready}`, child, app.name, ledgerHeaders);
  }
}

async function waitReady(
  url: string,
  child: ChildProcess,
  name: string,
  headers: Record<string, string>,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    const res = await fetch(url, { headers }).catch(() => undefined);
    if (res?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} not ready after 30 s`);
}

/** Resident set size of a process, in KiB (VmRSS of /proc/<pid>/status). */
export function rssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

/** Bearer headers: the development admin (reads as any party) and a known proxy user. */
export async function soakTokens(): Promise<{
  ledger: Record<string, string>;
  proxy: Record<string, string>;
}> {
  const lifetime = { expiresIn: 24 * 3600 };
  return {
    ledger: { authorization: `Bearer ${await ledgerTestToken(DEVELOPMENT_ADMIN_USER, lifetime)}` },
    proxy: { authorization: `Bearer ${await ledgerTestToken(PROXY_USER, lifetime)}` },
  };
}
