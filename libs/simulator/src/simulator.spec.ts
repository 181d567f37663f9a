import { createHash } from 'node:crypto';
import {
  type AmuletPayload,
  type AmuletRulesPayload,
  assertDamlValue,
  type CloseVoteRequestResult,
  type CompactValue,
  type DamlValue,
  decodeScanOffset,
  type DsoRulesPayload,
  fromCompact,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryReassignment,
  type HistoryTransaction,
  type HistoryUpdate,
  IMPORT_RECORD_TIME,
  isAssignment,
  isTransaction,
  type LockedAmuletPayload,
  lookupSpliceTemplate,
  type OpenMiningRoundPayload,
  parseDamlDecimal,
  SpliceChoices,
  SpliceInterfaces,
  type SpliceTemplateName,
  SpliceTemplates,
  type SvNodeStatePayload,
  toCompact,
  type TransferResult,
  type ValidatorLicensePayload,
} from '@canton-scan/domain';
import { parseMicros } from './sim-clock';
import { simulateNetwork, type SimulationSummary } from './simulator';
import type { SimulationOptions } from './simulator.options';

const PARTY = /^[A-Za-z0-9_-]+::1220[0-9a-f]{64}$/;
const CONTRACT_ID = /^00[0-9a-f]{136}$/;
const UPDATE_ID = /^1220[0-9a-f]{64}$/;
const TEMPLATE_ID = /^[0-9a-f]{64}:[A-Z][A-Za-z.]*:[A-Za-z]+$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const OFFSET = /^00[0-9a-f]{16}$/;
const DECIMAL_10 = /^-?\d+\.\d{10}$/;
const SYNCHRONIZER = /^[a-z-]+::1220[0-9a-f]{64}$/;

interface Run {
  updates: HistoryUpdate[];
  summary: SimulationSummary;
}

function run(options: SimulationOptions): Run {
  const updates: HistoryUpdate[] = [];
  const it = simulateNetwork(options);
  for (;;) {
    const next = it.next();
    if (next.done) return { updates, summary: next.value };
    updates.push(next.value);
  }
}

const SMALL: SimulationOptions = { rounds: 40 };
const small = run(SMALL);

interface ActiveContract {
  templateName: string;
  payload: CompactValue;
  synchronizer: string;
  createdAt: string;
}

interface Replay {
  /** Active contracts at the end of each migration (in flight excluded). */
  activeAtEnd: Map<number, Map<string, ActiveContract>>;
  /** Import update contract ids per migration. */
  imported: Map<number, string[]>;
  inFlight: Set<string>;
  created: { event: HistoryCreatedEvent; tx: HistoryTransaction }[];
  exercised: { event: HistoryExercisedEvent; tx: HistoryTransaction; target: ActiveContract }[];
}

function templateName(templateId: string): SpliceTemplateName {
  const template = lookupSpliceTemplate(templateId);
  if (!template) throw new Error(`unknown template ${templateId}`);
  return template.entityName as SpliceTemplateName;
}

/** Replays the history the way the write path must accept it, failing on the first violation. */
function replay(updates: readonly HistoryUpdate[]): Replay {
  const activeAtEnd = new Map<number, Map<string, ActiveContract>>();
  const imported = new Map<number, string[]>();
  const inFlight = new Map<string, ActiveContract & { target: string; counter: number }>();
  const counters = new Map<string, number>();
  const created: Replay['created'] = [];
  const exercised: Replay['exercised'] = [];
  let migration = 0;
  let active = new Map<string, ActiveContract>();
  let previous: Map<string, ActiveContract> | undefined;

  for (const update of updates) {
    if (isTransaction(update)) {
      if (update.migration_id !== migration) {
        expect(update.migration_id).toBe(migration + 1);
        activeAtEnd.set(migration, active);
        previous = active;
        active = new Map();
        migration = update.migration_id;
        inFlight.clear();
      }
      const isImport = update.offset === '';
      if (isImport) {
        expect(update.update_id).toBe(update.root_event_ids[0].split(':')[0]);
        const list = imported.get(migration) ?? [];
        list.push(update.update_id);
        imported.set(migration, list);
        const event = update.events_by_id[update.root_event_ids[0]] as HistoryCreatedEvent;
        const before = previous?.get(event.contract_id);
        if (!before)
          throw new Error(`import of ${event.contract_id}, not active at the end of the previous migration`);
        expect(toCompact(event.create_arguments)).toEqual(before.payload);
        expect(event.created_at).toBe(before.createdAt);
        expect(update.synchronizer_id).toBe(before.synchronizer);
      }
      const visit = (eventId: string): void => {
        const event = update.events_by_id[eventId];
        if (event.event_type === 'created_event') {
          if (!isImport && active.has(event.contract_id))
            throw new Error(`contract ${event.contract_id} created twice`);
          active.set(event.contract_id, {
            templateName: templateName(event.template_id),
            payload: toCompact(event.create_arguments),
            synchronizer: update.synchronizer_id,
            createdAt: event.created_at,
          });
          created.push({ event, tx: update });
          return;
        }
        const target = active.get(event.contract_id);
        if (!target)
          throw new Error(
            `${event.choice} in ${update.update_id} on unknown or archived ${event.contract_id}`,
          );
        expect(target.templateName).toBe(templateName(event.template_id));
        expect(target.synchronizer).toBe(update.synchronizer_id);
        if (event.consuming) active.delete(event.contract_id);
        exercised.push({ event, tx: update, target });
        event.child_event_ids.forEach(visit);
      };
      update.root_event_ids.forEach(visit);
      continue;
    }
    const event = update.event;
    expect(event.migration_id).toBe(migration);
    if (isAssignment(event)) {
      const travelling = inFlight.get(event.created_event.contract_id);
      if (!travelling)
        throw new Error(`assignment of ${event.created_event.contract_id}, which is not in flight`);
      expect(event.target_synchronizer).toBe(travelling.target);
      expect(event.reassignment_counter).toBe(travelling.counter);
      expect(toCompact(event.created_event.create_arguments)).toEqual(travelling.payload);
      inFlight.delete(event.created_event.contract_id);
      active.set(event.created_event.contract_id, { ...travelling, synchronizer: event.target_synchronizer });
    } else {
      const contract = active.get(event.contract_id);
      if (!contract) throw new Error(`unassignment of unknown or archived ${event.contract_id}`);
      expect(event.source_synchronizer).toBe(contract.synchronizer);
      const counter = (counters.get(event.contract_id) ?? 0) + 1;
      expect(event.reassignment_counter).toBe(counter);
      counters.set(event.contract_id, counter);
      active.delete(event.contract_id);
      inFlight.set(event.contract_id, { ...contract, target: event.target_synchronizer, counter });
    }
  }
  activeAtEnd.set(migration, active);
  return { activeAtEnd, imported, inFlight: new Set(inFlight.keys()), created, exercised };
}

function walkValues(update: HistoryUpdate, visit: (value: DamlValue, path: string) => void): void {
  if (isTransaction(update)) {
    for (const [id, event] of Object.entries(update.events_by_id)) {
      if (event.event_type === 'created_event') visit(event.create_arguments, `${id}.create_arguments`);
      else {
        visit(event.choice_argument, `${id}.choice_argument`);
        visit(event.exercise_result, `${id}.exercise_result`);
      }
    }
  } else if (isAssignment(update.event)) {
    visit(update.event.created_event.create_arguments, `${update.update_id}.created_event`);
  }
}

function numericsOf(value: DamlValue, out: string[] = []): string[] {
  if ('numeric' in value) out.push(value.numeric);
  else if ('record' in value) value.record.fields.forEach((f) => numericsOf(f.value, out));
  else if ('variant' in value) numericsOf(value.variant.value, out);
  else if ('list' in value) value.list.forEach((v) => numericsOf(v, out));
  else if ('optional' in value && value.optional) numericsOf(value.optional, out);
  else if ('textMap' in value) value.textMap.forEach((e) => numericsOf(e.value, out));
  else if ('genMap' in value) value.genMap.forEach((e) => (numericsOf(e.key, out), numericsOf(e.value, out)));
  return out;
}

const digest = (updates: readonly HistoryUpdate[]): string => {
  const hash = createHash('sha256');
  for (const u of updates) hash.update(JSON.stringify(u)).update('\n');
  return hash.digest('hex');
};

const transactions = (updates: readonly HistoryUpdate[]): HistoryTransaction[] =>
  updates.filter(isTransaction);
const compactOf = <T>(event: HistoryCreatedEvent): T => toCompact(event.create_arguments) as unknown as T;

describe('simulateNetwork', () => {
  const history = replay(small.updates);

  describe('determinism', () => {
    it('generates byte-identical histories for the same seed and options', () => {
      expect(digest(run(SMALL).updates)).toBe(digest(small.updates));
    });

    it('generates a different history for a different seed', () => {
      expect(digest(run({ ...SMALL, seed: 2 }).updates)).not.toBe(digest(small.updates));
    });
  });

  describe('well-formedness', () => {
    it('uses well-formed update, contract, party, template and synchronizer ids', () => {
      for (const u of small.updates) {
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
      for (const u of small.updates) {
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
      for (const u of small.updates) {
        if (u.offset === '') continue;
        expect(u.offset).toMatch(OFFSET);
        const offset = decodeScanOffset(u.offset);
        expect(offset).toBeGreaterThan(last);
        last = offset;
      }
      expect(small.summary.stats.lastOffset).toBe(
        small.updates.filter((u) => u.offset !== '').at(-1)?.offset,
      );
    });

    it('increases record times strictly within a migration and past the previous migration', () => {
      let last = -Infinity;
      for (const u of small.updates) {
        if (u.offset === '') continue;
        const t = parseMicros(u.record_time);
        expect(t).toBeGreaterThan(last);
        last = t;
      }
    });

    it('writes every value as a valid lossless Daml value with 10-digit decimals', () => {
      for (const u of small.updates) {
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
      const workflows = transactions(small.updates)
        .filter((t) => t.offset !== '')
        .map((t) => t.workflow_id);
      expect(workflows).toContain('');
      expect(workflows.filter((w) => w !== '').length).toBeGreaterThan(10);
    });
  });

  describe('event trees', () => {
    it('numbers nodes in pre-order from 0 and links every node exactly once', () => {
      for (const tx of transactions(small.updates)) {
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
        small.summary.stats.contractsArchived,
      );
    });
  });

  describe('amulet accounting', () => {
    it('balances every AmuletRules_Transfer: inputs = outputs + change + fees', () => {
      const transfers = history.exercised.filter((x) => x.event.choice === SpliceChoices.AmuletRulesTransfer);
      expect(transfers.length).toBeGreaterThan(100);
      const amountOf = (event: HistoryCreatedEvent): bigint => {
        const name = templateName(event.template_id);
        if (name === 'Amulet') return parseDamlDecimal(compactOf<AmuletPayload>(event).amount.initialAmount);
        if (name === 'LockedAmulet')
          return parseDamlDecimal(compactOf<LockedAmuletPayload>(event).amulet.amount.initialAmount);
        throw new Error(`transfer created a ${name}`);
      };
      for (const { event, tx } of transfers) {
        const children = event.child_event_ids.map((id) => tx.events_by_id[id]);
        const archived = children.filter(
          (c): c is HistoryExercisedEvent => c.event_type === 'exercised_event',
        );
        const createdChildren = children.filter(
          (c): c is HistoryCreatedEvent => c.event_type === 'created_event',
        );
        const result = toCompact(event.exercise_result) as unknown as TransferResult;
        const inputs = archived.map((a) => {
          expect(a.consuming).toBe(true);
          const source = history.exercised.find((x) => x.event === a)!.target;
          return parseDamlDecimal((source.payload as unknown as AmuletPayload).amount.initialAmount);
        });
        const s = result.summary;
        expect(inputs.reduce((x, y) => x + y, 0n)).toBe(parseDamlDecimal(s.inputAmuletAmount));
        const outputs = createdChildren.map(amountOf);
        const change = result.senderChangeAmulet === null ? 0n : outputs.pop()!;
        expect(change).toBe(parseDamlDecimal(s.senderChangeAmount));
        const fees =
          parseDamlDecimal(s.holdingFees) +
          s.outputFees.reduce((x, f) => x + parseDamlDecimal(f), 0n) +
          parseDamlDecimal(s.senderChangeFee);
        expect(fees).toBeGreaterThan(0n);
        expect(parseDamlDecimal(s.inputAmuletAmount)).toBe(
          outputs.reduce((x, y) => x + y, 0n) + change + fees,
        );
        expect(result.createdAmulets.map((c) => c.value)).toEqual(
          createdChildren.slice(0, outputs.length).map((c) => c.contract_id),
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

  describe('contents', () => {
    const createdOf = (name: SpliceTemplateName): HistoryCreatedEvent[] =>
      history.created
        .filter(({ event, tx }) => tx.offset !== '' && event.template_id === SpliceTemplates[name].templateId)
        .map(({ event }) => event);
    const activeOf = (name: SpliceTemplateName): ActiveContract[] =>
      [...history.activeAtEnd.get(1)!.values()].filter((c) => c.templateName === name);
    const choices = (choice: string): Replay['exercised'] =>
      history.exercised.filter((x) => x.event.choice === choice);

    it('lists the SVs in DsoRules, one node state per SV, and keeps the offboarded SV’s node state', () => {
      const { network, landmarks } = small.summary;
      const [rules] = activeOf('DsoRules');
      const payload = rules.payload as unknown as DsoRulesPayload;
      expect(activeOf('DsoRules')).toHaveLength(1);
      expect(payload.svs.map(([p]) => p).sort()).toEqual(
        network.svs
          .slice(0, -1)
          .map((sv) => sv.party.id)
          .sort(),
      );
      expect(payload.offboardedSvs.map(([p]) => p)).toEqual([landmarks.offboardedSv.party.id]);
      const states = activeOf('SvNodeState').map((s) => (s.payload as unknown as SvNodeStatePayload).sv);
      expect(states.sort()).toEqual(network.svs.map((sv) => sv.party.id).sort());
    });

    it('offboards the SV through an accepted SRARC_OffboardSv vote', () => {
      const results = choices(SpliceChoices.DsoRulesCloseVoteRequest).map(
        (x) => toCompact(x.event.exercise_result) as unknown as CloseVoteRequestResult,
      );
      const offboarding = results.find(
        (r) =>
          r.outcome.tag === 'VRO_Accepted' &&
          r.request.action.tag === 'ARC_DsoRules' &&
          r.request.action.value.dsoAction.tag === 'SRARC_OffboardSv' &&
          r.request.action.value.dsoAction.value.sv === small.summary.landmarks.offboardedSv.party.id,
      );
      expect(offboarding).toBeDefined();
    });

    it('closes vote requests with every outcome, several actions and requesters, effective times on accepted ones', () => {
      const results = choices(SpliceChoices.DsoRulesCloseVoteRequest).map(
        (x) => toCompact(x.event.exercise_result) as unknown as CloseVoteRequestResult,
      );
      expect(new Set(results.map((r) => r.outcome.tag))).toEqual(
        new Set(['VRO_Accepted', 'VRO_Rejected', 'VRO_Expired']),
      );
      const actionNames = results.map((r) => Object.values(r.request.action.value)[0].tag as string);
      expect(new Set(actionNames)).toEqual(
        new Set([
          'SRARC_OffboardSv',
          'SRARC_UpdateSvRewardWeight',
          'SRARC_GrantFeaturedAppRight',
          'CRARC_AddFutureAmuletConfigSchedule',
        ]),
      );
      expect(new Set(results.map((r) => r.request.requester)).size).toBeGreaterThanOrEqual(3);
      expect(results.map((r) => r.request.requester)).toContain(small.summary.landmarks.offboardedSv.name);
      for (const r of results) {
        if (r.outcome.tag === 'VRO_Accepted') expect(r.outcome.value.effectiveAt).toMatch(TIMESTAMP);
        if (r.outcome.tag === 'VRO_Expired') expect(r.completedAt > r.request.voteBefore).toBe(true);
      }
      expect(
        results.some(
          (r) => r.outcome.tag === 'VRO_Accepted' && r.outcome.value.effectiveAt !== r.completedAt,
        ),
      ).toBe(true);
    });

    it('keeps an AmuletRules schedule with future values in force at later times, each with its own reward accounting', () => {
      const [rules] = activeOf('AmuletRules');
      const schedule = (rules.payload as unknown as AmuletRulesPayload).configSchedule;
      expect(schedule.futureValues.length).toBeGreaterThanOrEqual(3);
      const times = schedule.futureValues.map((f) => f._1);
      expect([...times].sort()).toEqual(times);
      expect(times[0] > createdOf('AmuletRules')[0].created_at).toBe(true);
      const pools = [schedule.initialValue, ...schedule.futureValues.map((f) => f._2)].map(
        (c) => c.rewardAccounting.appRewardPoolPerRound,
      );
      expect(new Set(pools).size).toBe(pools.length);
      expect(createdOf('AmuletRules').length).toBeGreaterThan(1);
    });

    it('has ExternalPartyAmuletRules and ExternalPartyConfigState', () => {
      expect(activeOf('ExternalPartyAmuletRules')).toHaveLength(1);
      expect(activeOf('ExternalPartyConfigState')).toHaveLength(1);
    });

    it('creates an OpenMiningRound every round, opening a tick after creation, and moves rounds to closed', () => {
      const open = createdOf('OpenMiningRound').map((e) => ({ e, p: compactOf<OpenMiningRoundPayload>(e) }));
      expect(open.map((o) => Number(o.p.round.number))).toEqual(Array.from({ length: 40 + 2 }, (_, i) => i));
      const tick = 600_000_000;
      for (const { e, p } of open.slice(3))
        expect(parseMicros(p.opensAt) - parseMicros(e.created_at)).toBe(tick);
      const active = activeOf('OpenMiningRound').map((r) =>
        Number((r.payload as unknown as OpenMiningRoundPayload).round.number),
      );
      expect(active.sort((a, b) => a - b)).toEqual([39, 40, 41]);
      for (const name of ['SummarizingMiningRound', 'IssuingMiningRound', 'ClosedMiningRound'] as const) {
        expect(createdOf(name).length).toBeGreaterThan(30);
      }
      expect(choices(SpliceChoices.Archive).some((x) => x.target.templateName === 'ClosedMiningRound')).toBe(
        true,
      );
    });

    it('advances validator faucet state, with missed rounds, a late validator and a withdrawn licence', () => {
      const { network, landmarks } = small.summary;
      const licenses = activeOf('ValidatorLicense').map(
        (l) => l.payload as unknown as ValidatorLicensePayload,
      );
      const byValidator = new Map(licenses.map((l) => [l.validator, l]));
      expect(byValidator.has(landmarks.withdrawnValidator.party.id)).toBe(false);
      expect(choices(SpliceChoices.ValidatorLicenseWithdraw)).toHaveLength(1);
      expect(licenses).toHaveLength(network.validators.length - 1);
      const late = byValidator.get(landmarks.lateValidator.party.id)!;
      expect(Number(late.faucetState!.firstReceivedFor.number)).toBe(
        landmarks.lateValidator.onboardedInRound,
      );
      expect(
        Number(byValidator.get(network.validators[1].id)!.faucetState!.numCouponsMissed),
      ).toBeGreaterThan(5);
      for (const l of licenses) {
        const f = l.faucetState!;
        expect(Number(f.numCouponsMissed)).toBeLessThanOrEqual(
          Math.max(0, Number(f.lastReceivedFor.number) - Number(f.firstReceivedFor.number) - 1),
        );
        expect(Number(f.lastReceivedFor.number)).toBe(39);
      }
      expect(
        choices(SpliceChoices.ValidatorLicenseRecordValidatorLivenessActivity).every(
          (x) => x.event.consuming,
        ),
      ).toBe(true);
    });

    it('mints, transfers and locks amulet, with FeaturedAppRights and external transactions', () => {
      expect(choices(SpliceChoices.AmuletRulesDevNetTap).length).toBeGreaterThan(40);
      expect(createdOf('LockedAmulet').length).toBeGreaterThan(0);
      expect(activeOf('FeaturedAppRight')).toHaveLength(3);
      expect(transactions(small.updates).some((t) => t.external_transaction_hash !== undefined)).toBe(true);
    });

    it('creates development fund coupons and claims some of them', () => {
      expect(createdOf('UnclaimedDevelopmentFundCoupon').length).toBeGreaterThan(10);
      expect(choices(SpliceChoices.UnclaimedDevelopmentFundCouponClaim).length).toBeGreaterThan(3);
      expect(activeOf('UnclaimedDevelopmentFundCoupon').length).toBeGreaterThan(0);
    });

    it('records app activity every round from several providers with varied weights', () => {
      const byRound = new Map<string, string[]>();
      for (const e of createdOf('AppActivityRecord')) {
        const p = toCompact(e.create_arguments) as { round: { number: string }; activityWeight: string };
        byRound.set(p.round.number, [...(byRound.get(p.round.number) ?? []), p.activityWeight]);
      }
      expect(byRound.size).toBe(40);
      for (const weights of byRound.values()) expect(weights.length).toBe(4);
      expect(new Set([...byRound.values()].flat()).size).toBeGreaterThan(20);
    });

    it('executes, withdraws and leaves open token-standard allocations', () => {
      expect(choices(SpliceChoices.AllocationFactoryAllocate).length).toBeGreaterThanOrEqual(4);
      expect(choices(SpliceChoices.AllocationExecuteTransfer).length).toBeGreaterThan(0);
      expect(choices(SpliceChoices.AllocationWithdraw).length).toBeGreaterThan(0);
      expect(activeOf('AmuletAllocation').length).toBeGreaterThanOrEqual(2);
      for (const x of [
        ...choices(SpliceChoices.AllocationExecuteTransfer),
        ...choices(SpliceChoices.AllocationWithdraw),
      ]) {
        expect(x.event.consuming).toBe(true);
        expect(x.event.interface_id).toBe(SpliceInterfaces.Allocation.interfaceId);
        const unlock = x.tx.events_by_id[x.event.child_event_ids[0]] as HistoryExercisedEvent;
        expect(unlock.choice).toBe(SpliceChoices.LockedAmuletUnlock);
        expect(unlock.consuming).toBe(true);
      }
    });

    it('reassigns contracts in pairs and leaves the documented LockedAmulets in flight', () => {
      const reassignments = small.updates.filter((u): u is HistoryReassignment => !isTransaction(u));
      expect(reassignments.length).toBeGreaterThanOrEqual(10);
      const { inFlight } = small.summary.landmarks;
      expect(inFlight.map((f) => f.migrationId)).toEqual([0, 1]);
      expect(inFlight.every((f) => f.template === SpliceTemplates.LockedAmulet.qualifiedName)).toBe(true);
      expect(history.inFlight).toEqual(new Set([inFlight[1].contractId]));
      expect(history.activeAtEnd.get(0)!.has(inFlight[0].contractId)).toBe(false);
      expect(history.imported.get(1)).not.toContain(inFlight[0].contractId);
      // The allocations behind them stay active: the registry must answer 409 for them.
      expect(history.activeAtEnd.get(1)!.has(inFlight[1].allocationContractId)).toBe(true);
      const counters = reassignments.map((u) => u.event.reassignment_counter);
      expect(Math.max(...counters)).toBe(2);
    });

    it('migrates from 0 to 1 with import updates re-creating exactly the contracts active at the end of migration 0', () => {
      const imported = history.imported.get(1)!;
      const before = history.activeAtEnd.get(0)!;
      expect([...imported].sort()).toEqual([...before.keys()].sort());
      expect(imported).toEqual([...imported].sort());
      expect(small.summary.landmarks.migration.importUpdates).toBe(imported.length);
      const lastOfMigration0 = transactions(small.updates)
        .filter((t) => t.migration_id === 0)
        .at(-1)!;
      const firstOfMigration1 = transactions(small.updates).find(
        (t) => t.migration_id === 1 && t.offset !== '',
      )!;
      expect(firstOfMigration1.record_time > lastOfMigration0.record_time).toBe(true);
      expect(small.updates.findIndex((u) => isTransaction(u) && u.migration_id === 1)).toBe(
        small.updates.findIndex((u) => isTransaction(u) && u.offset === ''),
      );
    });

    it('reports stats that match the history', () => {
      const { stats } = small.summary;
      expect(stats.updates).toBe(small.updates.length);
      expect(stats.importUpdates).toBe(history.imported.get(1)!.length);
      expect(stats.activeAtEnd).toBe(history.activeAtEnd.get(1)!.size);
      expect(stats.inFlightAtEnd).toBe(1);
      expect(stats.contractsCreated).toBe(history.created.length - stats.importUpdates);
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
  });
});
