import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LedgerWriter } from '@canton-scan/domain';
import {
  freePort,
  signDevelopmentToken,
  spawnTsScript,
  TokenNetworkFixture,
  useKnownLedgerUser,
  useTestDatabase,
  waitForHttp,
  type TsProcess,
} from '@canton-scan/testing';

const ROOT = join(__dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/**
 * What a user of the published packages writes: one client per package, created with a base
 * URL (and a token where the group needs one), one call each, errors handled as data. Compiled
 * by plain `tsc` (strict, nodenext, no @types/node) against the installed tarballs.
 */
const consumerSource = (config: object) => `
import { createClient as createScanClient, getDsoInfo, getUpdateByIdV2, isLive } from '@canton-scan/scan-client';
import { createClient as createProxyClient, getProxyDsoInfo } from '@canton-scan/scan-proxy-client';
import { createClient as createRegistryClient, getAllocationWithdrawContextV1 } from '@canton-scan/registry-client';
import { createClient as createLedgerClient, getParticipantId, type GetParticipantIdResponse } from '@canton-scan/ledger-client';

const config = ${JSON.stringify(config)};

const scan = createScanClient({ baseUrl: config.scan });
const live = await isLive({ client: scan });
const dso = await getDsoInfo({ client: scan });
const missing = await getUpdateByIdV2({ client: scan, path: { update_id: 'abcd' } });

const proxy = createProxyClient({ baseUrl: config.proxy, auth: () => config.token });
const proxyDso = await getProxyDsoInfo({ client: proxy });
const anonymous = await getProxyDsoInfo({ client: createProxyClient({ baseUrl: config.proxy }) });

const registry = createRegistryClient({ baseUrl: config.registry });
const withdraw = await getAllocationWithdrawContextV1({ client: registry, path: { allocationId: '00ab' }, body: {} });

const ledger = createLedgerClient({ baseUrl: config.ledger, auth: config.token });
const participant = await getParticipantId({ client: ledger });
const participantId: GetParticipantIdResponse['participantId'] | undefined = participant.data?.participantId;

console.log(JSON.stringify({
  scanLivez: live.data?.status,
  scanDso: dso.data?.dso_party_id,
  scanMissingUpdate: { status: missing.response.status, error: missing.error?.error },
  proxyDso: proxyDso.data?.dso_party_id,
  proxyWithoutToken: anonymous.response.status,
  registryUnknownAllocation: { status: withdraw.response.status, error: withdraw.error?.error },
  ledgerParticipantId: participantId,
}));
`;

describe('the published client packages', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource);
  const apps: TsProcess[] = [];
  const urls = { scan: '', proxy: '', registry: '', ledger: '' };
  let consumer: string;

  beforeAll(async () => {
    consumer = mkdtempSync(join(tmpdir(), 'client-consumer-'));
    const tarballs = join(consumer, 'tarballs');
    execFileSync(
      process.execPath,
      [join(ROOT, 'tools/ci/pack-clients.mjs'), '--pack-destination', tarballs],
      {
        cwd: ROOT,
        stdio: 'pipe',
      },
    );
    writeFileSync(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'client-consumer', private: true, type: 'module' }),
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          types: [],
          outDir: 'out',
        },
        files: ['main.ts'],
      }),
    );
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', ...readdirSync(tarballs).map((t) => join(tarballs, t))],
      { cwd: consumer, stdio: 'pipe' },
    );

    const [scanPort, registryPort, ledgerPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const env = {
      DATABASE_URL: db.url,
      AUTH_DEV_MODE: 'true',
      LOG_LEVEL: 'warn',
      SCAN_PORT: String(scanPort),
      REGISTRY_PORT: String(registryPort),
      LEDGER_PORT: String(ledgerPort),
    };
    urls.scan = `http://127.0.0.1:${scanPort}/api/scan`;
    urls.proxy = `http://127.0.0.1:${scanPort}/api/validator`;
    urls.registry = `http://127.0.0.1:${registryPort}/api/scan`;
    urls.ledger = `http://127.0.0.1:${ledgerPort}`;
    for (const [entry, probe] of [
      ['apps/scan-api/src/main.ts', `${urls.scan}/livez`],
      ['apps/registry-api/src/main.ts', `${urls.registry}/livez`],
      ['apps/ledger-api/src/main.ts', `${urls.ledger}/livez`],
    ] as const) {
      const app = spawnTsScript(entry, [], env);
      apps.push(app);
      await waitForHttp(probe, app);
    }
  }, 240_000);

  afterAll(async () => {
    for (const app of apps) {
      app.child.kill('SIGTERM');
      await app.exited;
    }
    rmSync(consumer, { recursive: true, force: true });
  });

  it('install from their tarballs, compile with plain tsc and call each running app', async () => {
    await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append([
      new TokenNetworkFixture().genesis(),
    ]);
    writeFileSync(
      join(consumer, 'main.ts'),
      consumerSource({ ...urls, token: await signDevelopmentToken() }),
    );
    execFileSync(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: consumer, stdio: 'pipe' });
    const output = JSON.parse(
      execFileSync(process.execPath, ['out/main.js'], { cwd: consumer, encoding: 'utf8' }),
    );

    expect(output).toEqual({
      scanLivez: 'ok',
      scanDso: expect.stringMatching(/^DSO::/),
      scanMissingUpdate: { status: 404, error: expect.stringContaining('abcd') },
      proxyDso: output.scanDso,
      proxyWithoutToken: 401,
      registryUnknownAllocation: { status: 404, error: expect.stringContaining('00ab') },
      ledgerParticipantId: expect.stringMatching(/^PAR::/),
    });
  }, 120_000);
});
