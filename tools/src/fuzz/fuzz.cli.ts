// npm run fuzz -- --requests N --seed S [--rounds R]: a longer fuzz campaign than the one the
// tests run (README "Fuzzing"). On a scratch database (the real PostgreSQL when one is
// reachable, else an in-memory embedded PGlite; the first line says which) holding a simulated
// network, it starts scan-api, registry-api and ledger-api from dist as child processes, sends N
// generated requests round-robin over every operation of the four specs and prints the counts
// per status, per group and per kind, then every violation (5xx, wrong error format, an answer
// the spec does not declare, a store change) with its request. Exit code 1 on any violation.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { registrySpec, scanProxySpec, scanSpec, ledgerSpec } from '@canton-scan/contracts';
import {
  createDataSource,
  Db,
  developmentAuthDefault,
  LedgerUsersRepository,
  LedgerUsersService,
} from '@canton-scan/domain';
import {
  createScratchDatabase,
  formatFuzzReport,
  fuzzOperations,
  fuzzTokens,
  ledgerValidBodies,
  loadSimulatedNetwork,
  registryValidBodies,
  scanValidBodies,
  runFuzzCampaign,
  sampleStore,
  storeContentHashes,
  type FuzzGroup,
} from '@canton-scan/testing';
import { freePort } from '../bench/bench-http';
import { parseArgs } from '../ingest/cli-args';

const ADMIN = 'participant_admin';
const WALLET = 'fuzz-wallet';

/** Starts an app from dist on a free port; resolves once it answers HTTP at all. */
async function startApp(app: string, portVariable: string, env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, `../../../apps/${app}/src/main.js`)], {
    env: { ...process.env, ...developmentAuthDefault(process.env), ...env, [portVariable]: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${app} exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${app} did not answer within 60 s`);
    try {
      await fetch(`${origin}/livez`);
      return { child, origin };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), { requests: 'int', seed: 'int', rounds: 'int' });
  const requests = (args.requests as number | undefined) ?? 20_000;
  const seed = (args.seed as number | undefined) ?? 1;
  const scratch = await createScratchDatabase(`css_fuzz_${process.pid}`);
  console.log(
    `database: ${scratch.backend === 'postgres' ? 'real PostgreSQL (scratch database)' : 'embedded PGlite (no PostgreSQL reachable)'}`,
  );
  const dataSource = createDataSource(scratch.url, {
    poolSize: 2,
    connectTimeoutMs: 5000,
    statementTimeoutMs: 0,
  });
  const children: ChildProcess[] = [];
  let failed: boolean | undefined;
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    await loadSimulatedNetwork(dataSource, {
      seed,
      rounds: (args.rounds as number | undefined) ?? 48,
      allocationsPerRound: 0.5,
      transferPreapprovalParties: 2,
      transferInstructionsPerRound: 0.5,
    });
    const users = new LedgerUsersService(new LedgerUsersRepository(Db.of(dataSource)));
    await users.ensureDevelopmentAdmin(ADMIN);
    await users.addUser({ userId: WALLET, isAdmin: false, canReadAsAnyParty: false, readAs: [] });
    const samples = await sampleStore((sql) => dataSource.query(sql));
    const env = {
      DATABASE_URL: scratch.url,
      LOG_LEVEL: 'error',
      DB_MIGRATE_ON_START: 'false',
      DB_POOL_SIZE: scratch.backend === 'postgres' ? '5' : '2',
      LEDGER_STREAM_IDLE_TIMEOUT_MS: '20',
    };
    const [scan, registry, ledger] = await Promise.all([
      startApp('scan-api', 'SCAN_PORT', env),
      startApp('registry-api', 'REGISTRY_PORT', env),
      startApp('ledger-api', 'LEDGER_PORT', env),
    ]);
    children.push(scan.child, registry.child, ledger.child);
    const proxy = { name: 'scan-proxy', spec: scanProxySpec };
    const reg = { name: 'registry', spec: registrySpec };
    const groups: FuzzGroup[] = [
      {
        name: 'scan',
        spec: scanSpec,
        base: `${scan.origin}/api/scan`,
        errorFormat: 'json',
        validBodies: scanValidBodies(samples),
      },
      {
        ...proxy,
        base: `${scan.origin}/api/validator`,
        errorFormat: 'json',
        tokens: await fuzzTokens(WALLET),
        validBodies: registryValidBodies(
          samples,
          fuzzOperations(proxy).map((o) => o.operationId),
        ),
      },
      {
        ...reg,
        base: `${registry.origin}/api/scan`,
        errorFormat: 'json',
        validBodies: registryValidBodies(
          samples,
          fuzzOperations(reg).map((o) => o.operationId),
        ),
      },
      {
        name: 'ledger',
        spec: ledgerSpec,
        base: ledger.origin,
        errorFormat: 'ledger',
        tokens: await fuzzTokens(ADMIN),
        validBodies: ledgerValidBodies(samples),
      },
    ];
    const report = await runFuzzCampaign({
      groups,
      samples,
      requests,
      seed,
      storeHashes: () => storeContentHashes(dataSource),
    });
    console.log(`seed ${seed}`);
    console.log(formatFuzzReport(report));
    failed = report.violations.length > 0 || report.storeChanges.length > 0;
  } finally {
    for (const child of children) child.kill();
    await dataSource.destroy().catch(() => undefined);
    await scratch.drop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
