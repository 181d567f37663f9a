import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import {
  createDataSource,
  Db,
  LedgerUsersRepository,
  LedgerUsersService,
  loadConfig,
  partyNamesOf,
} from '@canton-scan/domain';
import {
  openSimulatedNetwork,
  participantMemberId,
  STACK_NETWORK_EXTRAS,
  type LiveNetworkDriver,
} from '@canton-scan/simulator';
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

// Splice's published wallet SDK (@canton-network/wallet-sdk) against the three apps on one store,
// as an integrator points it at `npm start`: a live simulated network (laid out up to now, then
// a round every TICK_SECONDS, as `npm start` keeps it with SIMULATION_LIVE), the flows in their
// own Node process (wallet-sdk/sdk-read-flows.mjs, the SDK's own calls only), and every answer
// checked here against the store. On both backends (CI runs it on the embedded one as well).

const ROOT = join(__dirname, '../..');
// Five seconds: a round is open for two ticks (opensAt to targetClosesAt), and the SDK's tap needs
// one open at wall-clock now even when a loaded machine writes a tick's updates late.
const TICK_SECONDS = 5;
const FLOWS = join(__dirname, 'wallet-sdk/sdk-read-flows.mjs');

interface StepResult {
  step: string;
  ok: boolean;
  value?: unknown;
  error?: string;
}

let dataSource: DataSource;
let release: () => Promise<void> = async () => undefined;
let live: LiveNetworkDriver | undefined;
let dso = '';
/** The store's ledger end while the read flows ran (the network's clock had not started). */
let readEnd = 0;
/** The ledger node's participant, as a sequencer member (what the SDK asks traffic for). */
const member = participantMemberId(loadConfig({ AUTH_DEV_MODE: 'true' }).ledgerNode.participantId);
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

interface ActiveRow {
  contract_id: string;
  entity_name: string;
  payload: Record<string, unknown>;
  stakeholders: string[];
}

/**
 * The active contracts of the newest migration (the ledger's view: earlier migrations' rows stay
 * as they ended), taken when the read flows have run and before the network's clock starts.
 */
let frozen: ActiveRow[] = [];

function freezeActiveContracts(): Promise<ActiveRow[]> {
  return query(
    `SELECT contract_id, entity_name, payload_compact AS payload, ${partyNamesOf('stakeholders')} AS stakeholders FROM contracts
      WHERE archived_record_time IS NULL AND NOT in_flight
        AND migration_id = (SELECT max(migration_id) FROM updates)
      ORDER BY row_id`,
  );
}

/** The active contracts of one template (entity name) when the reads ran. */
function active(entity: string): ActiveRow[] {
  return frozen.filter((c) => c.entity_name === entity);
}

/** The step's value, failing with what the SDK threw when the step failed. */
function value<T>(name: string): T {
  const result = steps.get(name);
  if (!result) throw new Error(`the flows did not run "${name}":\n${flowsOutput}`);
  if (!result.ok) throw new Error(`"${name}" failed in the SDK: ${result.error}`);
  return result.value as T;
}

/** Runs the flows; `onLine` sees each line of their output as it comes (the child's stdin in hand). */
function runFlows(
  env: Record<string, string>,
  onLine: (line: string, stdin: NodeJS.WritableStream) => void,
): Promise<string> {
  // Node 20 has no global WebSocket (the SDK's update stream needs one); Node 22 has it by default.
  const flags =
    typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'function'
      ? []
      : ['--experimental-websocket'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, FLOWS], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let pending = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      pending += c.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) onLine(line, child.stdin);
    });
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
  const opening = await openSimulatedNetwork(dataSource, {
    options: {
      ...STACK_NETWORK_EXTRAS,
      rounds: 40,
      transferInstructionsPerRound: 1,
      tickSeconds: TICK_SECONDS,
      validatorParticipantIds: [member],
    },
    live: true,
    snapshotIntervalHours: 3,
  });
  if (opening.kind !== 'created') throw new Error(`expected a new network, got ${opening.kind}`);
  live = opening.driver;
  await live.catchUp(500);
  readEnd = Number(
    (await query<{ end: string }>('SELECT max(ledger_offset)::text AS end FROM updates'))[0].end,
  );

  // A wallet user reading as a party that has holdings and a pending transfer instruction.
  frozen = await freezeActiveContracts();
  const [pending] = active('AmuletTransferInstruction');
  party = (pending.payload.transfer as { receiver: string }).receiver;
  receiver = String(
    active('TransferPreapproval').find((p) => p.payload.receiver !== party)?.payload.receiver,
  );
  provider = String(active('FeaturedAppRight')[0].payload.provider);
  dso = String(active('DsoRules')[0].payload.dso);
  // The wallet reads as its party, and as the DSO for the update stream (a new round every tick).
  const users = new LedgerUsersService(new LedgerUsersRepository(Db.of(dataSource)));
  await users.addUser({
    userId: 'wallet-user',
    isAdmin: false,
    canReadAsAnyParty: false,
    readAs: [party, dso],
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

  flowsOutput = await runFlows(
    {
      ...urls,
      TOKEN: await ledgerTestToken('wallet-user'),
      PARTY: party,
      RECEIVER: receiver,
      PROVIDER: provider,
      INSTRUMENT: 'Amulet',
      STREAM_PARTY: dso,
      STREAM_TEMPLATE: '#splice-amulet:Splice.Round:OpenMiningRound',
      STREAM_TIMEOUT_MS: String(20 * TICK_SECONDS * 1000),
      PAUSE_BEFORE_LIVE: '1',
    },
    (line, stdin) => {
      // The reads are done on a store that stood still (what they are checked against is taken
      // now); then the network's clock starts. The rounds that fell due while the apps started
      // and the reads ran are written before the live flows go on: a wallet asking for the round
      // open at wall-clock now must not race the backlog (on a busy machine it is many rounds).
      if (!line.startsWith('{"step":"read flows done"')) return;
      void freezeActiveContracts()
        .then((rows) => (frozen = rows))
        .then(() => live?.catchUp(500))
        .finally(() => {
          void live?.run();
          stdin.write('go\n');
        });
    },
  );
  // The SDK's own loggers write to stdout too: the steps are the lines that name one.
  for (const line of flowsOutput.split('\n')) {
    if (!line.startsWith('{"step"')) continue;
    const result = JSON.parse(line) as StepResult;
    steps.set(result.step, result);
  }
}, 300_000);

afterAll(async () => {
  await live?.stop();
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
    const [dsoRules] = active('DsoRules');
    // A Daml Map in compact JSON: [key, value] pairs.
    const svs = (dsoRules.payload.svs as [string, unknown][]).map(([sv]) => sv);
    const party = value<string>('validator party');
    expect(svs).toContain(party);
  });

  it("lists the user's rights and the parties it may act for", () => {
    expect(value('rights')).toEqual(
      expect.arrayContaining([
        { kind: { CanReadAs: { value: { party } } } },
        { kind: { CanReadAs: { value: { party: dso } } } },
      ]),
    );
    expect(new Set(value<string[]>('parties'))).toEqual(new Set([party, dso]));
  });

  it('reads the ledger end the store had reached when the reads ran', async () => {
    expect(value('ledger end')).toBe(readEnd);
  });

  it("reads the party's active contracts at the ledger end", async () => {
    const expected = frozen.filter((c) => c.stakeholders.includes(party)).map((c) => c.contract_id);
    expect(new Set(value<string[]>('active contracts'))).toEqual(new Set(expected));
  });

  it("lists the party's holdings (Amulet and LockedAmulet through the Holding interface)", async () => {
    const amulets = active('Amulet').filter((a) => a.payload.owner === party);
    const locked = active('LockedAmulet').filter(
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
    const [rules] = active('DsoRules');
    const expected = { id: 'Amulet', admin: rules.payload.dso };
    expect(value('registry instruments')).toEqual([expect.objectContaining(expected)]);
    expect(value('find instrument')).toMatchObject(expected);
  });

  it('prepares a transfer through the registry transfer factory, disclosing contracts with their blobs', async () => {
    // Splice's transfer factory is the ExternalPartyAmuletRules contract; the AmuletRules is disclosed.
    const [factory] = active('ExternalPartyAmuletRules');
    const [rules] = active('AmuletRules');
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
    const instructions = active('AmuletTransferInstruction').filter((i) => {
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
    const right = active('FeaturedAppRight').find((r) => r.payload.provider === provider)!;
    expect(value('featured app right')).toMatchObject({ contractId: right.contract_id });
    const preapproval = active('TransferPreapproval').find((p) => p.payload.receiver === receiver)!;
    expect(value('transfer preapproval')).toMatchObject({ contractId: preapproval.contract_id });
  });

  it("reads its participant's traffic: what the store's MemberTraffic contracts purchased", () => {
    const purchased = active('MemberTraffic')
      .filter((t) => t.payload.memberId === member)
      .reduce((sum, t) => sum + Number(t.payload.totalPurchased), 0);
    expect(purchased).toBeGreaterThan(0);
    expect(value('traffic')).toEqual({
      actual: { total_consumed: 0, total_limit: purchased },
      target: { total_purchased: purchased },
    });
  });

  it('prepares a tap on the amulet rules and the round open at wall-clock now, while the network goes on', async () => {
    const tap = value<{ choice: string; amuletRules: string; openRound: string; disclosed: string[] }>(
      'tap (amulet rules and the open round; prepared, not submitted)',
    );
    expect(tap.choice).toBe('AmuletRules_DevNet_Tap');
    const [rules] = active('AmuletRules');
    expect(tap.amuletRules).toBe(rules.contract_id);
    // The round the SDK chose opened before the flows asked (the clock was running) and is an
    // OpenMiningRound of the store: the simulated rounds follow the wall clock.
    const [round] = await query<{ opens_at: string; entity_name: string }>(
      `SELECT payload_compact->>'opensAt' AS opens_at, entity_name FROM contracts WHERE contract_id = $1`,
      [tap.openRound],
    );
    expect(round.entity_name).toBe('OpenMiningRound');
    expect(Date.parse(round.opens_at)).toBeLessThanOrEqual(Date.now());
    // Disclosed: what the registry's transfer factory context discloses (the rules, the round it
    // deems usable, the factory), which the SDK reuses for the tap.
    const disclosed = await query<{ entity_name: string }>(
      'SELECT DISTINCT entity_name FROM contracts WHERE contract_id = ANY($1)',
      [tap.disclosed],
    );
    expect(disclosed.map((d) => d.entity_name)).toEqual(
      expect.arrayContaining(['AmuletRules', 'OpenMiningRound', 'ExternalPartyAmuletRules']),
    );
  });

  it('receives a new update on the update stream as the network goes on', async () => {
    const stream = value<{ begin: number; kind: string; value: { updateId: string; offset: number } }>(
      'update stream',
    );
    expect(stream.kind).toBe('Transaction');
    expect(stream.value.offset).toBeGreaterThan(stream.begin);
    expect(stream.value.offset).toBeGreaterThan(readEnd);
    const [row] = await query<{ offset: string }>(
      'SELECT ledger_offset::text AS offset FROM updates WHERE update_id = $1',
      [stream.value.updateId],
    );
    expect(Number(row.offset)).toBe(stream.value.offset);
  });
});
