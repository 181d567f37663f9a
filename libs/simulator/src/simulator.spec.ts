import {
  type AmuletPayload,
  assertDamlValue,
  decodeScanOffset,
  fromCompact,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  IMPORT_RECORD_TIME,
  isTransaction,
  type LockedAmuletPayload,
  lookupSpliceTemplate,
  type OpenMiningRoundPayload,
  type IssuingMiningRoundPayload,
  parseDamlDecimal,
  SpliceChoices,
  SpliceTemplates,
  type SvNodeStatePayload,
  toCompact,
  type TransferResult,
} from '@canton-scan/domain';
import { configuredOutputFee, feesInAmulet, transferFeesOf } from './amulet-arithmetic';
import { parseMicros } from './sim-clock';
import { simulateNetwork } from './simulator';
import { defaultSvScanUrl } from './simulator.options';
import {
  PARTY,
  CONTRACT_ID,
  UPDATE_ID,
  TEMPLATE_ID,
  TIMESTAMP,
  OFFSET,
  DECIMAL_10,
  SYNCHRONIZER,
  run,
  SMALL,
  SMALL_BATCHED,
  small,
  templateName,
  replay,
  walkValues,
  numericsOf,
  digest,
  transactions,
  compactOf,
} from './simulator.fixture';

describe.each([
  ['the default network', small],
  ['a network with batch payouts', run(SMALL_BATCHED)],
])('simulateNetwork over %s', (_name, sim) => {
  const history = replay(sim.updates);

  describe('well-formedness', () => {
    it('uses well-formed update, contract, party, template and synchronizer ids', () => {
      for (const u of sim.updates) {
        if (isTransaction(u)) {
          expect(u.update_id).toMatch(u.offset === '' ? CONTRACT_ID : UPDATE_ID);
          expect(u.synchronizer_id).toMatch(SYNCHRONIZER);
          expect(typeof u.command_id).toBe('string');
          if (u.external_transaction_hash !== undefined)
            expect(u.external_transaction_hash).toMatch(/^[0-9a-f]{64}$/);
          for (const e of Object.values(u.events_by_id)) {
            expect(e.contract_id).toMatch(CONTRACT_ID);
            expect(e.template_id).toMatch(TEMPLATE_ID);
            expect(lookupSpliceTemplate(e.template_id)?.packageName).toBe(e.package_name);
            if (e.event_type === 'created_event') {
              [...e.signatories, ...e.observers].forEach((p) => expect(p).toMatch(PARTY));
            } else {
              e.acting_parties.forEach((p) => expect(p).toMatch(PARTY));
            }
          }
        } else {
          expect(u.update_id).toMatch(UPDATE_ID);
          expect(u.event.unassign_id).toMatch(UPDATE_ID);
          expect(u.event.submitter).toMatch(PARTY);
          expect(u.event.source_synchronizer).toMatch(SYNCHRONIZER);
          expect(u.event.target_synchronizer).toMatch(SYNCHRONIZER);
          expect(u.event.source_synchronizer).not.toBe(u.event.target_synchronizer);
        }
      }
    });

    it('writes microsecond times, effective times at or before record times, created_at equal to the effective time', () => {
      for (const u of sim.updates) {
        if (isTransaction(u) && u.offset === '') {
          expect(u.record_time).toBe(IMPORT_RECORD_TIME);
          continue;
        }
        expect(u.record_time).toMatch(TIMESTAMP);
        if (!isTransaction(u)) continue;
        expect(u.effective_at).toMatch(TIMESTAMP);
        expect(parseMicros(u.effective_at)).toBeLessThanOrEqual(parseMicros(u.record_time));
        for (const e of Object.values(u.events_by_id))
          if (e.event_type === 'created_event') expect(e.created_at).toBe(u.effective_at);
      }
    });

    it('encodes strictly increasing scan offsets over the whole history', () => {
      let last = 0n;
      for (const u of sim.updates) {
        if (u.offset === '') continue;
        expect(u.offset).toMatch(OFFSET);
        const offset = decodeScanOffset(u.offset);
        expect(offset).toBeGreaterThan(last);
        last = offset;
      }
      expect(sim.summary.stats.lastOffset).toBe(sim.updates.filter((u) => u.offset !== '').at(-1)?.offset);
    });

    it('increases record times strictly within a migration and past the previous migration', () => {
      let last = -Infinity;
      for (const u of sim.updates) {
        if (u.offset === '') continue;
        const t = parseMicros(u.record_time);
        expect(t).toBeGreaterThan(last);
        last = t;
      }
    });

    it('writes every value as a valid lossless Daml value with 10-digit decimals', () => {
      for (const u of sim.updates) {
        walkValues(u, (value, path) => {
          assertDamlValue(value, path);
          for (const n of numericsOf(value)) expect(n).toMatch(DECIMAL_10);
        });
      }
    });

    it('writes payloads that fit the declared Daml type of their template', () => {
      for (const { event } of history.created) {
        const template = lookupSpliceTemplate(event.template_id)!;
        expect(fromCompact(template.payloadType, toCompact(event.create_arguments))).toEqual(
          event.create_arguments,
        );
      }
    });

    it('sets workflow ids on some transactions and leaves them empty on others', () => {
      const workflows = transactions(sim.updates)
        .filter((t) => t.offset !== '')
        .map((t) => t.workflow_id);
      expect(workflows).toContain('');
      expect(workflows.filter((w) => w !== '').length).toBeGreaterThan(10);
    });
  });

  describe('event trees', () => {
    it('numbers nodes in pre-order from 0 and links every node exactly once', () => {
      for (const tx of transactions(sim.updates)) {
        const order: string[] = [];
        const visit = (id: string): void => {
          const event = tx.events_by_id[id];
          expect(event).toBeDefined();
          expect(event.event_id).toBe(id);
          order.push(id);
          if (event.event_type === 'exercised_event') event.child_event_ids.forEach(visit);
        };
        tx.root_event_ids.forEach(visit);
        expect(order).toEqual(order.map((_, i) => `${tx.update_id}:${i}`));
        expect(Object.keys(tx.events_by_id)).toEqual(order);
      }
    });

    it('replays without touching an unknown, archived or travelling contract', () => {
      expect(history.created.length).toBeGreaterThan(1000);
      expect(history.exercised.filter((x) => x.event.consuming).length).toBe(
        sim.summary.stats.contractsArchived,
      );
    });
  });

  describe('amulet accounting', () => {
    it('balances every AmuletRules_Transfer: inputs = outputs + change + fees, at the fees of its round', () => {
      const transfers = history.exercised.filter((x) => x.event.choice === SpliceChoices.AmuletRulesTransfer);
      expect(transfers.length).toBeGreaterThan(100);
      const openRounds = new Map(
        history.created
          .filter(({ event }) => event.template_id === SpliceTemplates.OpenMiningRound.templateId)
          .map(({ event }) => [event.contract_id, compactOf<OpenMiningRoundPayload>(event)]),
      );
      const issuingRounds = new Map(
        history.created
          .filter(({ event }) => event.template_id === SpliceTemplates.IssuingMiningRound.templateId)
          .map(({ event }) => [event.contract_id, compactOf<IssuingMiningRoundPayload>(event)]),
      );
      // An ExpiringAmount as of round zero (what BalanceChange normalises to).
      const asOfRoundZero = (a: AmuletPayload): bigint =>
        parseDamlDecimal(a.amount.initialAmount) +
        BigInt(a.amount.createdAt.number) * parseDamlDecimal(a.amount.ratePerRound.rate);
      for (const { event, tx } of transfers) {
        const argument = toCompact(event.choice_argument) as unknown as {
          transfer: {
            sender: string;
            outputs: { receiver: string; amount: string; lock: { holders: string[] } | null }[];
          };
          context: {
            openMiningRound: string;
            issuingMiningRounds: [{ number: string }, string][];
            featuredAppRight: string | null;
          };
        };
        const round = openRounds.get(argument.context.openMiningRound)!;
        const fees = feesInAmulet(
          transferFeesOf(round.transferConfigUsd),
          parseDamlDecimal(round.amuletPrice),
        );
        const children = event.child_event_ids.map((id) => tx.events_by_id[id]);
        const archived = children.filter(
          (c): c is HistoryExercisedEvent => c.event_type === 'exercised_event',
        );
        const createdChildren = children.filter(
          (c): c is HistoryCreatedEvent => c.event_type === 'created_event',
        );
        const markers = createdChildren.filter(
          (c) => c.template_id === SpliceTemplates.FeaturedAppActivityMarker.templateId,
        );
        expect(markers).toHaveLength(argument.context.featuredAppRight === null ? 0 : 1);
        const holdings = createdChildren.filter((c) => !markers.includes(c));
        const result = toCompact(event.exercise_result) as unknown as TransferResult;
        const s = result.summary;
        const balance = new Map<string, bigint>();
        const move = (party: string, amount: bigint): void => {
          balance.set(party, (balance.get(party) ?? 0n) + amount);
        };
        let amuletIn = 0n;
        let developmentFundIn = 0n;
        let faucetIn = 0n;
        for (const a of archived) {
          expect(a.consuming).toBe(true);
          const source = history.exercised.find((x) => x.event === a)!.target;
          const payload = source.payload as unknown as { amount: string; round: { number: string } };
          if (source.templateName === 'DevelopmentFundCoupon') {
            developmentFundIn += parseDamlDecimal(payload.amount);
            continue;
          }
          if (a.template_id.endsWith(':Splice.ValidatorLicense:ValidatorLivenessActivityRecord')) {
            // Worth the faucet issuance of its round's IssuingMiningRound, which the context names.
            const [, issuingCid] = argument.context.issuingMiningRounds.find(
              ([r]) => r.number === payload.round.number,
            )!;
            faucetIn += parseDamlDecimal(
              issuingRounds.get(issuingCid)!.optIssuancePerValidatorFaucetCoupon ?? '0',
            );
            continue;
          }
          expect(source.templateName).toBe('Amulet');
          const amulet = source.payload as unknown as AmuletPayload;
          amuletIn += parseDamlDecimal(amulet.amount.initialAmount);
          move(amulet.owner, -asOfRoundZero(amulet));
        }
        expect(amuletIn).toBe(parseDamlDecimal(s.inputAmuletAmount));
        expect(developmentFundIn).toBe(parseDamlDecimal(s.inputDevelopmentFundAmount ?? '0'));
        expect(faucetIn).toBe(parseDamlDecimal(s.inputValidatorFaucetAmount ?? '0'));
        expect(parseDamlDecimal(s.inputValidatorRewardAmount)).toBe(faucetIn);
        const outputs = holdings.map((c) => {
          const amulet =
            templateName(c.template_id) === 'LockedAmulet'
              ? compactOf<LockedAmuletPayload>(c).amulet
              : compactOf<AmuletPayload>(c);
          move(amulet.owner, asOfRoundZero(amulet));
          // Created in the open round, at its holding fee rate in amulet (USD rate / amuletPrice).
          expect(amulet.amount.createdAt).toEqual(result.round);
          expect(parseDamlDecimal(amulet.amount.ratePerRound.rate)).toBe(fees.holdingFeeRate);
          return parseDamlDecimal(amulet.amount.initialAmount);
        });
        const change = result.senderChangeAmulet === null ? 0n : outputs.pop()!;
        expect(change).toBe(parseDamlDecimal(s.senderChangeAmount));
        // Each output fee is what the round's configuration prices it at (zero in 0.1.22).
        expect(s.outputFees.map(parseDamlDecimal)).toEqual(
          argument.transfer.outputs.map((o) =>
            configuredOutputFee(fees, {
              toSender: o.receiver === argument.transfer.sender,
              amount: parseDamlDecimal(o.amount),
              lockHolders: o.lock?.holders.length ?? 0,
            }),
          ),
        );
        expect(parseDamlDecimal(s.holdingFees)).toBe(0n);
        expect(parseDamlDecimal(s.senderChangeFee)).toBe(0n);
        const outputFees = s.outputFees.reduce((x, f) => x + parseDamlDecimal(f), 0n);
        expect(amuletIn + developmentFundIn + faucetIn).toBe(
          outputs.reduce((x, y) => x + y, 0n) + change + outputFees,
        );
        // Each party's balance change is what the created and archived holdings add up to.
        expect(
          s.balanceChanges.map(([party, c]) => [
            party,
            parseDamlDecimal(c.changeToInitialAmountAsOfRoundZero),
          ]),
        ).toEqual([...balance.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
        expect(result.createdAmulets.map((c) => c.value)).toEqual(
          holdings.slice(0, outputs.length).map((c) => c.contract_id),
        );
      }
    });

    it('unlocks a LockedAmulet into the very amulet it held', () => {
      const unlocks = history.exercised.filter((x) => x.event.choice === SpliceChoices.LockedAmuletUnlock);
      expect(unlocks.length).toBeGreaterThan(0);
      for (const { event, tx, target } of unlocks) {
        const child = tx.events_by_id[event.child_event_ids[0]] as HistoryCreatedEvent;
        expect(toCompact(child.create_arguments)).toEqual(
          (target.payload as unknown as LockedAmuletPayload).amulet,
        );
      }
    });
  });
});

describe('simulateNetwork', () => {
  describe('determinism', () => {
    it('generates byte-identical histories for the same seed and options', () => {
      expect(digest(run(SMALL).updates)).toBe(digest(small.updates));
    });

    it('generates a different history for a different seed', () => {
      expect(digest(run({ ...SMALL, seed: 2 }).updates)).not.toBe(digest(small.updates));
    });
  });

  it('grows the active set with the scale knobs', () => {
    const bigger = run({ rounds: 40, transfersPerRound: 12, outputsPerTransfer: 5, tapsPerRound: 6 }).summary
      .stats.activeAtEnd;
    expect(bigger).toBeGreaterThan(3 * small.summary.stats.activeAtEnd);
  });

  it('rejects bad options naming each of them', () => {
    expect(() => run({ rounds: 3, partyCount: 1 })).toThrow(/partyCount must be .*rounds must be/);
    expect(() => run({ startTime: '2026-01-05 00:00' })).toThrow(/startTime/);
    expect(() => run({ svScanUrls: ['scan.example.com'] })).toThrow(/svScanUrls: "scan.example.com"/);
    expect(() => run({ svCount: 1, svScanUrls: ['http://a', 'http://b', 'http://c'] })).toThrow(
      /svScanUrls: at most svCount \+ 1 = 2 URLs, got 3/,
    );
  });

  it('gives the first SVs the scan URLs of svScanUrls (without a trailing slash), the others the default', () => {
    // SV1's node state comes with the genesis; each other SV publishes its nodes after joining.
    const scanUrls = new Map<string, string>();
    for (const update of simulateNetwork({
      rounds: 24,
      svCount: 3,
      svScanUrls: ['http://localhost:5012/'],
    })) {
      if (!isTransaction(update)) continue;
      for (const event of Object.values(update.events_by_id)) {
        if (
          event.event_type !== 'created_event' ||
          event.template_id !== SpliceTemplates.SvNodeState.templateId
        )
          continue;
        const payload = toCompact(event.create_arguments) as unknown as SvNodeStatePayload;
        if (payload.state.synchronizerNodes.length === 0) continue;
        scanUrls.set(payload.svName, payload.state.synchronizerNodes[0][1].scan!.publicUrl);
      }
      if (scanUrls.size === 4) break;
    }
    expect([...scanUrls.values()]).toEqual([
      'http://localhost:5012',
      defaultSvScanUrl(1),
      defaultSvScanUrl(2),
      defaultSvScanUrl(3),
    ]);
  });
});
