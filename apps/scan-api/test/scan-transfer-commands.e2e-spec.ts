import {
  createScanClient,
  createScanProxyClient,
  scanApi,
  scanProxyApi,
  scanProxySpec,
  scanSpec,
} from '@canton-scan/contracts';
import {
  SpliceChoices,
  SpliceTemplates,
  toCompact,
  TransferCommandsRepository,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryTransaction,
  type HistoryUpdate,
} from '@canton-scan/domain';
import {
  callChecked,
  loadSimulatedNetwork,
  replayAcs,
  signDevelopmentToken,
  startTestApp,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

describe('transfer commands of external parties (scan group and validator proxy)', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource);
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;
  let proxy: ReturnType<typeof createScanProxyClient>;
  let updates: HistoryUpdate[];

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
    const token = await signDevelopmentToken();
    proxy = createScanProxyClient({
      baseUrl: running.origin + running.config.scanApi.validatorPrefix,
      auth: () => token,
    });
  });
  afterAll(() => running.close());
  beforeEach(async () => {
    ({ updates } = await loadSimulatedNetwork(db.dataSource, { seed: 5, rounds: 24 }));
  });

  const counter = (party: string) =>
    callChecked(
      scanSpec,
      'lookupTransferCommandCounterByParty',
      scanApi.lookupTransferCommandCounterByParty({ client, path: { party } }),
    );
  const status = (sender: string, nonce: number) =>
    callChecked(
      scanSpec,
      'lookupTransferCommandStatus',
      scanApi.lookupTransferCommandStatus({ client, query: { sender, nonce } }),
    );

  /** The newest migration's transactions, as a client reads them from the updates. */
  function newestTransactions(): HistoryTransaction[] {
    const txs = updates.filter((u): u is HistoryTransaction => 'events_by_id' in u);
    const newest = Math.max(...txs.map((t) => t.migration_id));
    return txs.filter((t) => t.migration_id === newest);
  }

  /** External senders: the acting parties of the externally signed transfer command creations. */
  function commandsInUpdates() {
    const created: { sender: string; nonce: string; cid: string }[] = [];
    const outcomes = new Map<string, string>();
    for (const tx of updates.filter((u): u is HistoryTransaction => 'events_by_id' in u))
      for (const e of Object.values(tx.events_by_id)) {
        if (
          e.event_type === 'created_event' &&
          e.template_id === SpliceTemplates.TransferCommand.templateId
        ) {
          const p = toCompact((e as HistoryCreatedEvent).create_arguments) as {
            sender: string;
            nonce: string;
          };
          expect(tx.external_transaction_hash).toBeDefined();
          created.push({ sender: p.sender, nonce: p.nonce, cid: e.contract_id });
        }
        if (e.event_type === 'exercised_event' && e.choice === SpliceChoices.TransferCommandSend) {
          const r = toCompact((e as HistoryExercisedEvent).exercise_result) as { result: { tag: string } };
          outcomes.set(e.contract_id, r.result.tag === 'TransferCommandResultSuccess' ? 'sent' : 'failed');
        }
      }
    return { created, outcomes };
  }

  /** The TransferCommand_Send exercises of a sender in the whole history: each used one nonce. */
  function sentBy(sender: string): number {
    return updates
      .filter((u): u is HistoryTransaction => 'events_by_id' in u)
      .flatMap((tx) => Object.values(tx.events_by_id))
      .filter(
        (e) =>
          e.event_type === 'exercised_event' &&
          e.choice === SpliceChoices.TransferCommandSend &&
          (toCompact((e as HistoryExercisedEvent).exercise_result) as { sender: string }).sender === sender,
      ).length;
  }

  it('serves each external sender’s TransferCommandCounter as the ACS holds it', async () => {
    const { created } = commandsInUpdates();
    const senders = [...new Set(created.map((c) => c.sender))];
    expect(senders.length).toBeGreaterThan(0);
    const newest = newestTransactions()[0].migration_id;
    const acs = replayAcs(updates, newest, '9999-01-01T00:00:00.000000Z').filter(
      (e) => e.template_id === SpliceTemplates.TransferCommandCounter.templateId,
    );
    for (const sender of senders) {
      const expected = acs.find(
        (e) => (toCompact(e.create_arguments) as { sender: string }).sender === sender,
      );
      const res = await counter(sender);
      if (!expected) {
        expect(res.status).toBe(404);
        continue;
      }
      expect(res.status).toBe(200);
      const body = res.body as scanApi.LookupTransferCommandCounterByPartyResponse;
      expect(body.transfer_command_counter.contract).toMatchObject({
        contract_id: expected.contract_id,
        template_id: SpliceTemplates.TransferCommandCounter.templateId,
        payload: toCompact(expected.create_arguments),
      });
      const nextNonce = Number(
        (body.transfer_command_counter.contract.payload as { nextNonce: string }).nextNonce,
      );
      expect(nextNonce).toBe(sentBy(sender));
    }
  });

  it('gives each command, of every migration, the outcome its history records', async () => {
    const { created, outcomes } = commandsInUpdates();
    const statuses = new Set<string>();
    for (const c of created) {
      const res = await status(c.sender, Number(c.nonce));
      expect(res.status).toBe(200);
      const map = (res.body as scanApi.LookupTransferCommandStatusResponse).transfer_commands_by_contract_id;
      const expectedIds = created
        .filter((x) => x.sender === c.sender && x.nonce === c.nonce)
        .map((x) => x.cid);
      expect(Object.keys(map).sort()).toEqual(expectedIds.sort());
      const entry = map[c.cid];
      expect(entry.contract.template_id).toBe(SpliceTemplates.TransferCommand.templateId);
      expect(entry.status.status).toBe(outcomes.get(c.cid) ?? 'created');
      if (entry.status.status === 'failed')
        expect(entry.status).toMatchObject({
          failure_kind: 'failed',
          reason: expect.stringContaining('No TransferPreapproval for receiver'),
        });
      statuses.add(entry.status.status);
    }
    expect([...statuses].sort()).toEqual(['failed', 'sent']);
  });

  it('reads on the named partial indexes (EXPLAIN)', async () => {
    const explain = async (text: string, params: unknown[]) =>
      ((await db.dataSource.query(`EXPLAIN ${text}`, params)) as { 'QUERY PLAN': string }[])
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const party = `u::1220${'0'.repeat(64)}`;
    const c = await explain(TransferCommandsRepository.COUNTER, [party]);
    const s = await explain(TransferCommandsRepository.COMMANDS, [party, '0', 100]);
    for (const plan of [c, s]) {
      expect(plan).toMatch(
        /Index Scan using contracts_m\d+_(migration_id_)?expr\w*_idx\d* on contracts_m\d+/,
      );
      expect(plan).not.toMatch(/Seq Scan on contracts/);
    }
  });

  it('answers 404 and 400 in the scan error format', async () => {
    const stranger = `stranger::1220${'0'.repeat(64)}`;
    expect(await counter(stranger)).toMatchObject({
      status: 404,
      body: { error: expect.stringContaining(stranger) },
    });
    expect(await status(stranger, 0)).toMatchObject({
      status: 404,
      body: { error: expect.stringContaining(stranger) },
    });
    expect(await counter('not-a-party')).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    const base = `${running.origin}${running.config.scanApi.prefix}/v0/transfer-command/status`;
    for (const q of [
      '',
      `?sender=${encodeURIComponent(stranger)}`,
      `?sender=${encodeURIComponent(stranger)}&nonce=x`,
    ]) {
      const res = await fetch(base + q);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('answers the proxy forms exactly as the scan group', async () => {
    const { created } = commandsInUpdates();
    const c = created.at(-1)!;
    expect(
      await callChecked(
        scanProxySpec,
        'getProxyTransferCommandCounterByParty',
        scanProxyApi.getProxyTransferCommandCounterByParty({ client: proxy, path: { party: c.sender } }),
      ),
    ).toEqual(expect.objectContaining({ status: 200, body: (await counter(c.sender)).body }));
    expect(
      await callChecked(
        scanProxySpec,
        'getProxyTransferCommandStatus',
        scanProxyApi.getProxyTransferCommandStatus({
          client: proxy,
          query: { sender: c.sender, nonce: Number(c.nonce) },
        }),
      ),
    ).toEqual(expect.objectContaining({ status: 200, body: (await status(c.sender, Number(c.nonce))).body }));
    const stranger = `stranger::1220${'0'.repeat(64)}`;
    expect(
      await callChecked(
        scanProxySpec,
        'getProxyTransferCommandStatus',
        scanProxyApi.getProxyTransferCommandStatus({ client: proxy, query: { sender: stranger, nonce: 0 } }),
      ),
    ).toMatchObject({ status: 404, body: { error: expect.any(String) } });
    const anonymous = await fetch(
      `${running.origin}${running.config.scanApi.validatorPrefix}/v0/scan-proxy/transfer-command-counter/${encodeURIComponent(c.sender)}`,
    );
    expect(anonymous.status).toBe(401);
  });
});
