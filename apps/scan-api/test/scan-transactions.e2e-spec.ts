import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  parseDamlDecimal,
  SpliceChoices,
  toCompact,
  TransactionLogRepository,
  type HistoryExercisedEvent,
  type HistoryTransaction,
  type HistoryUpdate,
  type TransferResult,
} from '@canton-scan/domain';
import {
  callChecked,
  loadSimulatedNetwork,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Item = scanApi.TransactionHistoryResponseItem;

describe('POST /v0/transactions (the amulet transaction log)', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;
  let updates: HistoryUpdate[];

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());
  beforeEach(async () => {
    ({ updates } = await loadSimulatedNetwork(db.dataSource, {
      seed: 11,
      rounds: 24,
      transferInstructionsPerRound: 1,
      transferCommandsPerRound: 1,
      allocationsPerRound: 0.5,
    }));
  });

  const page = (body: scanApi.TransactionHistoryRequest) =>
    callChecked(scanSpec, 'listTransactionHistory', scanApi.listTransactionHistory({ client, body }));

  /** Every item, walking pages of `size` in `order` until an empty page. */
  async function walk(order: 'asc' | 'desc', size: number): Promise<Item[]> {
    const items: Item[] = [];
    let end: string | undefined;
    for (;;) {
      const { status, body } = await page({ page_size: size, sort_order: order, page_end_event_id: end });
      expect(status).toBe(200);
      const { transactions } = body as scanApi.TransactionHistoryResponse;
      expect(transactions.length).toBeLessThanOrEqual(size);
      if (transactions.length === 0) return items;
      items.push(...transactions);
      end = transactions[transactions.length - 1].event_id;
    }
  }

  const transactions = () => updates.filter((u): u is HistoryTransaction => 'events_by_id' in u);

  /** The stored exercise an item's event id names. */
  function storedEvent(eventId: string): { tx: HistoryTransaction; event: HistoryExercisedEvent } {
    const [updateId, node] = eventId.slice(1).split(':');
    const tx = transactions().find((t) => t.update_id === updateId)!;
    const event = Object.values(tx.events_by_id).find(
      (e) => e.event_id === `${updateId}:${node}` || e.event_id === `#${updateId}:${node}`,
    );
    expect(event?.event_type).toBe('exercised_event');
    return { tx, event: event as HistoryExercisedEvent };
  }

  /** The AmuletRules_Transfer at or below an exercise (depth first). */
  function transferBelow(
    tx: HistoryTransaction,
    e: HistoryExercisedEvent,
  ): HistoryExercisedEvent | undefined {
    if (e.choice === SpliceChoices.AmuletRulesTransfer) return e;
    for (const child of e.child_event_ids) {
      const c = tx.events_by_id[child];
      if (c?.event_type !== 'exercised_event') continue;
      const found = transferBelow(tx, c);
      if (found) return found;
    }
    return undefined;
  }

  it('walks the log both ways: each item once, descending is ascending reversed, every type the network makes', async () => {
    const asc = await walk('asc', 7);
    const ids = asc.map((i) => i.event_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(asc.length).toBeGreaterThan(20);
    const desc = await walk('desc', 5);
    expect(desc.map((i) => i.event_id)).toEqual([...ids].reverse());
    expect(desc).toEqual([...asc].reverse());
    // One big page holds the same items as the walk.
    const whole = (await page({ page_size: 1000 })).body as scanApi.TransactionHistoryResponse;
    expect(whole.transactions).toEqual(asc);

    expect(new Set(asc.map((i) => i.transaction_type))).toEqual(
      new Set(['transfer', 'devnet_tap', 'abort_transfer_instruction']),
    );
    expect(
      new Set(asc.flatMap((i) => (i.transfer?.transfer_kind ? [i.transfer.transfer_kind] : []))),
    ).toEqual(new Set(['create_transfer_instruction', 'transfer_instruction_accept', 'preapproval_send']));
    expect(new Set(asc.map((i) => i.abort_transfer_instruction?.abort_kind).filter(Boolean))).toEqual(
      new Set(['withdraw', 'reject']),
    );
    // Ledger order: record times never go back.
    const dates = asc.map((i) => i.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('reads each transfer from its stored TransferResult, and the amounts add up', async () => {
    const items = (await page({ page_size: 1000 })).body as scanApi.TransactionHistoryResponse;
    const transfers = items.transactions.filter((i) => i.transaction_type === 'transfer');
    expect(transfers.length).toBeGreaterThan(10);
    for (const item of transfers) {
      const { tx, event } = storedEvent(item.event_id);
      expect(item.domain_id).toBe(tx.synchronizer_id);
      const node = transferBelow(tx, event)!;
      const result = toCompact(node.exercise_result) as unknown as TransferResult;
      const argument = toCompact(node.choice_argument) as {
        transfer: { sender: string; outputs: { receiver: string; amount: string }[] };
      };
      const { sender, receivers, balance_changes } = item.transfer!;
      expect(item.round).toBe(Number(result.round.number));
      expect(sender.party).toBe(argument.transfer.sender);
      expect(sender.input_amulet_amount).toBe(result.summary.inputAmuletAmount);
      expect(sender.sender_change_amount).toBe(result.summary.senderChangeAmount);
      expect(sender.holding_fees).toBe(result.summary.holdingFees);
      expect(balance_changes).toEqual([]);
      const d = (s: string | null | undefined) => parseDamlDecimal(s ?? '0');
      const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
      expect(sum(receivers.map((r) => d(r.amount)))).toBe(
        sum(argument.transfer.outputs.map((o) => d(o.amount))),
      );
      // TransferResult: inputs of every kind - fees - outputs = the sender's change.
      const inputs =
        d(sender.input_amulet_amount) +
        d(sender.input_app_reward_amount) +
        d(sender.input_validator_reward_amount) +
        d(sender.input_sv_reward_amount) +
        d(result.summary.inputDevelopmentFundAmount) +
        d(result.summary.inputUnclaimedActivityRecordAmount);
      const fees =
        d(sender.holding_fees) +
        d(sender.sender_change_fee) +
        d(sender.sender_fee) +
        sum(receivers.map((r) => d(r.receiver_fee)));
      expect(inputs - fees - sum(receivers.map((r) => d(r.amount)))).toBe(d(sender.sender_change_amount));
    }
  });

  it('lists every transfer and tap of the history once, none that upstream reads as something else', async () => {
    // Upstream does not read transfers below these (pre-approval fees, traffic purchases, unlocks).
    const notRead = new Set<string>([
      SpliceChoices.AmuletRulesCreateTransferPreapproval,
      SpliceChoices.AmuletRulesBuyMemberTraffic,
      SpliceChoices.LockedAmuletUnlock,
      SpliceChoices.LockedAmuletUnlockV2,
    ]);
    const expected = { transfers: [] as string[], taps: [] as string[] };
    const visit = (tx: HistoryTransaction, id: string, blocked: boolean): void => {
      const e = tx.events_by_id[id];
      if (e?.event_type !== 'exercised_event') return;
      if (!blocked && e.choice === SpliceChoices.AmuletRulesTransfer) expected.transfers.push(e.event_id);
      if (!blocked && e.choice === SpliceChoices.AmuletRulesDevNetTap) expected.taps.push(e.event_id);
      for (const c of e.child_event_ids) visit(tx, c, blocked || notRead.has(e.choice));
    };
    for (const tx of transactions()) for (const root of tx.root_event_ids) visit(tx, root, false);

    const items = ((await page({ page_size: 1000 })).body as scanApi.TransactionHistoryResponse).transactions;
    expect(items.length).toBeLessThan(1000); // the whole log
    const listed = items
      .filter((i) => i.transaction_type === 'transfer')
      .map((i) => {
        const { tx, event } = storedEvent(i.event_id);
        return transferBelow(tx, event)!.event_id;
      });
    expect(listed.length).toBeGreaterThan(0);
    expect([...listed].sort()).toEqual([...expected.transfers].sort());
    const taps = items
      .filter((i) => i.transaction_type === 'devnet_tap')
      .map((i) => storedEvent(i.event_id).event.event_id);
    expect(taps.length).toBeGreaterThan(0);
    expect([...taps].sort()).toEqual([...expected.taps].sort());
  });

  it('reads taps and aborted instructions from their exercises', async () => {
    const items = ((await page({ page_size: 1000 })).body as scanApi.TransactionHistoryResponse).transactions;
    for (const item of items.filter((i) => i.transaction_type === 'devnet_tap')) {
      const { event } = storedEvent(item.event_id);
      expect(event.choice).toBe(SpliceChoices.AmuletRulesDevNetTap);
      const argument = toCompact(event.choice_argument) as { receiver: string; amount: string };
      expect(item.tap).toEqual({ amulet_owner: argument.receiver, amulet_amount: argument.amount });
    }
    for (const item of items.filter((i) => i.transaction_type === 'abort_transfer_instruction')) {
      const { event } = storedEvent(item.event_id);
      expect(event.choice).toBe(
        item.abort_transfer_instruction!.abort_kind === 'withdraw'
          ? SpliceChoices.TransferInstructionWithdraw
          : SpliceChoices.TransferInstructionReject,
      );
      expect(item.abort_transfer_instruction!.transfer_instruction_cid).toBe(event.contract_id);
    }
  });

  it('pages on the partial index of the log exercises, both ways (EXPLAIN)', async () => {
    for (const [text, from] of [
      [TransactionLogRepository.UNITS_ASC, ['0', 0]],
      [TransactionLogRepository.UNITS_DESC, ['9223372036854775807', 2147483647]],
    ] as const) {
      const rows = (await db.dataSource.query(`EXPLAIN ${text}`, [...from, 11])) as {
        'QUERY PLAN': string;
      }[];
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      // The partition's copy of ix_events_transaction_log (named by PostgreSQL), read in order.
      expect(plan).toMatch(
        /Index (Only )?Scan( Backward)? using events_m\d+_update_row_id_node_id_idx on events_m\d+ e/,
      );
      expect(plan).not.toMatch(/Seq Scan on events/);
      // Partitions merged in index order (Merge Append), never sorted.
      expect(plan).not.toMatch(/(^|-> +)Sort +\(/m);
    }
  });

  it('refuses a malformed page end (400), an unknown one (404) and a page size out of bounds (400)', async () => {
    const malformed = await page({ page_size: 10, page_end_event_id: 'not-an-event-id' });
    expect(malformed.status).toBe(400);
    expect((malformed.body as { error: string }).error).toMatch(/page_end_event_id/);
    const unknown = await page({ page_size: 10, page_end_event_id: '#1220deadbeef:0' });
    expect(unknown.status).toBe(404);
    expect((unknown.body as { error: string }).error).toMatch(/#1220deadbeef:0/);
    for (const page_size of [0, 1001]) expect((await page({ page_size })).status).toBe(400);
    const noSize = await fetch(`${running.origin}${running.config.scanApi.prefix}/v0/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sort_order: 'sideways' }),
    });
    expect(noSize.status).toBe(400);
    expect(Object.keys(await noSize.json())).toEqual(['error']);
  });
});
