import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import {
  createDataSource,
  ingestUpdates,
  LedgerUsersRepository,
  LedgerUsersService,
  LedgerWriter,
  Db,
} from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  createScratchDatabase,
  detectBackend,
  freePort,
  ledgerTestToken,
  openSpareEmbeddedDatabase,
  spawnTsScript,
  waitForHttp,
  type TsProcess,
} from '@canton-scan/testing';
import { STACK_NETWORK_EXTRAS } from '../src/stack/stack-network';

// Splice's published wallet SDK (@canton-network/wallet-sdk) against the three apps on one store,
// as an integrator points it at `npm start`: the flows run in their own Node process
// (wallet-sdk/sdk-read-flows.mjs, the SDK's own calls only) and every answer is checked here
// against the store. On both backends (CI runs it on the embedded one as well).

const ROOT = join(__dirname, '../..');
const FLOWS = join(__dirname, 'wallet-sdk/sdk-read-flows.mjs');

interface StepResult {
  step: string;
  ok: boolean;
  value?: unknown;
  error?: string;
}

let dataSource: DataSource;
let release: () => Promise<void> = async () => undefined;
const apps: TsProcess[] = [];
const steps = new Map<string, StepResult>();
let flowsOutput = '';
let party = '';
let receiver = '';
let provider = '';

/** Rows of one SQL query on the store. */
function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return dataSource.query(sql, params);
}

/** Active in the newest migration (the ledger's view: earlier migrations' rows stay as they ended). */
const ACTIVE = `archived_record_time IS NULL AND NOT in_flight
  AND migration_id = (SELECT max(migration_id) FROM updates)`;

/** The active contracts of one template (entity name), with their compact payloads. */
function active(entity: string): Promise<{ contract_id: string; payload: Record<string, unknown> }[]> {
  return query(
    `SELECT contract_id, payload_compact AS payload FROM contracts WHERE entity_name = $1 AND ${ACTIVE} ORDER BY row_id`,
    [entity],
  );
}

/** The step's value, failing with what the SDK threw when the step failed. */
function value<T>(name: string): T {
  const result = steps.get(name);
  if (!result) throw new Error(`the flows did not run "${name}":\n${flowsOutput}`);
  if (!result.ok) throw new Error(`"${name}" failed in the SDK: ${result.error}`);
  return result.value as T;
}

function runFlows(env: Record<string, string>): Promise<string> {
  // Node 20 has no global WebSocket (the SDK's update stream needs one); Node 22 has it by default.
  const flags =
    typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'function'
      ? []
      : ['--experimental-websocket'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, FLOWS], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`the SDK flows exited with ${code}:\n${out}\n${err}`)),
    );
  });
}

beforeAll(async () => {
  // The apps and this file share one store: a fresh database of its own on the real server; on
  // the embedded one, the run's spare server (PGlite cannot start inside jest's module sandbox).
  let url: string;
  if ((await detectBackend()) === 'postgres') {
    const database = await createScratchDatabase(`css_wallet_sdk_${process.pid}`, 'postgres');
    url = database.url;
    dataSource = createDataSource(url, { poolSize: 4, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    release = async () => {
      await dataSource.destroy();
      await database.drop();
    };
  } else {
    const spare = await openSpareEmbeddedDatabase();
    url = spare.url;
    dataSource = spare.dataSource;
    release = () => spare.close();
  }
  const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
  await ingestUpdates(
    writer,
    simulateNetwork({ ...STACK_NETWORK_EXTRAS, rounds: 40, transferInstructionsPerRound: 1 }),
    {
      batchSize: 500,
    },
  );

  // A wallet user reading as a party that has holdings and a pending transfer instruction.
  const [pending] = await active('AmuletTransferInstruction');
  party = (pending.payload.transfer as { receiver: string }).receiver;
  receiver = String(
    (await active('TransferPreapproval')).find((p) => p.payload.receiver !== party)?.payload.receiver,
  );
  provider = String((await active('FeaturedAppRight'))[0].payload.provider);
  const users = new LedgerUsersService(new LedgerUsersRepository(Db.of(dataSource)));
  await users.addUser({
    userId: 'wallet-user',
    isAdmin: false,
    canReadAsAnyParty: false,
    readAs: [party],
    primaryParty: party,
  });

  const [scanPort, registryPort, ledgerPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const env = {
    DATABASE_URL: url,
    DB_MIGRATE_ON_START: 'false',
    DB_POOL_SIZE: '3',
    AUTH_DEV_MODE: 'true',
    LOG_LEVEL: 'warn',
    SCAN_PORT: String(scanPort),
    REGISTRY_PORT: String(registryPort),
    LEDGER_PORT: String(ledgerPort),
  };
  const urls = {
    SCAN_URL: `http://127.0.0.1:${scanPort}/api/scan`,
    VALIDATOR_URL: `http://127.0.0.1:${scanPort}/api/validator`,
    REGISTRY_URL: `http://127.0.0.1:${registryPort}/api/scan`,
    LEDGER_URL: `http://127.0.0.1:${ledgerPort}`,
  };
  const started = (
    [
      ['apps/scan-api/src/main.ts', `${urls.SCAN_URL}/livez`],
      ['apps/registry-api/src/main.ts', `${urls.REGISTRY_URL}/livez`],
      ['apps/ledger-api/src/main.ts', `${urls.LEDGER_URL}/livez`],
    ] as const
  ).map(([entry, probe]) => {
    const app = spawnTsScript(entry, [], env);
    apps.push(app);
    return waitForHttp(probe, app);
  });
  await Promise.all(started);

  flowsOutput = await runFlows({
    ...urls,
    TOKEN: await ledgerTestToken('wallet-user'),
    PARTY: party,
    RECEIVER: receiver,
    PROVIDER: provider,
    INSTRUMENT: 'Amulet',
  });
  // The SDK's own loggers write to stdout too: the steps are the lines that name one.
  for (const line of flowsOutput.split('\n')) {
    if (!line.startsWith('{"step"')) continue;
    const result = JSON.parse(line) as StepResult;
    steps.set(result.step, result);
  }
}, 300_000);

afterAll(async () => {
  for (const app of apps) {
    app.child.kill('SIGTERM');
    await app.exited;
  }
  await release();
});

describe('the wallet SDK on the stack', () => {
  it('connects (version, user, synchronizers) and extends with amulet, token, asset and events', () => {
    expect(value('connect')).toEqual(
      expect.arrayContaining(['amulet', 'asset', 'events', 'ledger', 'token']),
    );
  });

  it("finds the validator's operator party (the operating SV's, without VALIDATOR_PARTY_ID)", async () => {
    const [dsoRules] = await active('DsoRules');
    // A Daml Map in compact JSON: [key, value] pairs.
    const svs = (dsoRules.payload.svs as [string, unknown][]).map(([sv]) => sv);
    const party = value<string>('validator party');
    expect(svs).toContain(party);
  });

  it("lists the user's rights and the parties it may act for", () => {
    expect(value('rights')).toEqual([{ kind: { CanReadAs: { value: { party } } } }]);
    expect(value('parties')).toEqual([party]);
  });

  it('reads the ledger end the store has reached', async () => {
    const [{ end }] = await query<{ end: string }>('SELECT max(ledger_offset)::text AS end FROM updates');
    expect(value('ledger end')).toBe(Number(end));
  });

  it("reads the party's active contracts at the ledger end", async () => {
    const expected = await query<{ contract_id: string }>(
      `SELECT contract_id FROM contracts WHERE $1 = ANY(stakeholders) AND ${ACTIVE}`,
      [party],
    );
    expect(new Set(value<string[]>('active contracts'))).toEqual(new Set(expected.map((c) => c.contract_id)));
  });

  it("lists the party's holdings (Amulet and LockedAmulet through the Holding interface)", async () => {
    const amulets = (await active('Amulet')).filter((a) => a.payload.owner === party);
    const locked = (await active('LockedAmulet')).filter(
      (a) => (a.payload.amulet as { owner: string }).owner === party,
    );
    const amountOf = (p: Record<string, unknown>) => (p.amount as { initialAmount: string }).initialAmount;
    const expected = [
      ...amulets.map((a) => ({
        contractId: a.contract_id,
        amount: amountOf(a.payload),
        owner: party,
        locked: false,
      })),
      ...locked.map((a) => ({
        contractId: a.contract_id,
        amount: amountOf(a.payload.amulet as Record<string, unknown>),
        owner: party,
        locked: true,
      })),
    ];
    expect(expected.length).toBeGreaterThan(0);
    const holdings = value<{ contractId: string }[]>('holdings');
    const byId = (a: { contractId: string }, b: { contractId: string }) =>
      a.contractId < b.contractId ? -1 : 1;
    expect([...holdings].sort(byId)).toEqual([...expected].sort(byId));
  });

  it("reads the party's holding transactions in an offset window, and one of them by id", async () => {
    const history = value<{ updateId: string; offset: number }[]>('holding transactions');
    expect(history.length).toBeGreaterThan(0);
    const rows = await query<{ update_id: string; offset: string; record_time: string }>(
      `SELECT update_id, ledger_offset::text AS offset,
              to_char(record_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS record_time
         FROM updates WHERE update_id = ANY($1)`,
      [history.map((h) => h.updateId)],
    );
    const offsets = new Map(rows.map((r) => [r.update_id, Number(r.offset)]));
    for (const h of history) expect(offsets.get(h.updateId)).toBe(h.offset);
    const last = history[history.length - 1];
    const row = rows.find((r) => r.update_id === last.updateId)!;
    expect(value('transaction by id')).toMatchObject({
      updateId: last.updateId,
      offset: Number(row.offset),
      recordTime: row.record_time,
    });
  });

  it('finds the Amulet instrument in the registry, administered by the DSO', async () => {
    const [rules] = await active('DsoRules');
    const expected = { id: 'Amulet', admin: rules.payload.dso };
    expect(value('registry instruments')).toEqual([expect.objectContaining(expected)]);
    expect(value('find instrument')).toMatchObject(expected);
  });

  it('prepares a transfer through the registry transfer factory, disclosing contracts with their blobs', async () => {
    // Splice's transfer factory is the ExternalPartyAmuletRules contract; the AmuletRules is disclosed.
    const [factory] = await active('ExternalPartyAmuletRules');
    const [rules] = await active('AmuletRules');
    const prepared = value<{
      choice: string;
      factory: string;
      disclosed: { contractId: string; blob: boolean }[];
    }>('transfer factory (prepared, not submitted)');
    expect(prepared.choice).toBe('TransferFactory_Transfer');
    expect(prepared.factory).toBe(factory.contract_id);
    expect(prepared.disclosed.map((d) => d.contractId)).toEqual(
      expect.arrayContaining([factory.contract_id, rules.contract_id]),
    );
    expect(prepared.disclosed.every((d) => d.blob)).toBe(true);
  });

  it("lists the party's pending transfer instructions and prepares accept, reject and withdraw", async () => {
    const instructions = (await active('AmuletTransferInstruction')).filter((i) => {
      const transfer = i.payload.transfer as { sender: string; receiver: string };
      return transfer.receiver === party || transfer.sender === party;
    });
    const pending = value<string[]>('pending transfer instructions');
    expect(new Set(pending)).toEqual(new Set(instructions.map((i) => i.contract_id)));
    for (const choice of ['Accept', 'Reject', 'Withdraw'])
      expect(value(`transfer instruction ${choice.toLowerCase()} (prepared, not submitted)`)).toMatchObject({
        choice: `TransferInstruction_${choice}`,
        contractId: pending[0],
      });
  });

  it("finds the provider's featured app right and the receiver's transfer preapproval", async () => {
    const right = (await active('FeaturedAppRight')).find((r) => r.payload.provider === provider)!;
    expect(value('featured app right')).toMatchObject({ contractId: right.contract_id });
    const preapproval = (await active('TransferPreapproval')).find((p) => p.payload.receiver === receiver)!;
    expect(value('transfer preapproval')).toMatchObject({ contractId: preapproval.contract_id });
  });
});
