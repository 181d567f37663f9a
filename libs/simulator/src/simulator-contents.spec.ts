import {
  type AmuletRulesPayload,
  type CloseVoteRequestResult,
  type DsoRulesPayload,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryReassignment,
  isTransaction,
  type OpenMiningRoundPayload,
  SpliceChoices,
  SpliceInterfaces,
  type SpliceTemplateName,
  SpliceTemplates,
  type SvNodeStatePayload,
  toCompact,
  type ValidatorLicensePayload,
} from '@canton-scan/domain';
import { parseMicros } from './sim-clock';
import { defaultSvScanUrl } from './simulator.options';
import {
  run,
  small,
  SMALL_REASSIGNING,
  type ActiveContract,
  type Replay,
  replay,
  transactions,
  compactOf,
} from './simulator.fixture';

describe('simulateNetwork', () => {
  const history = replay(small.updates);

  describe('contents', () => {
    const createdOf = (name: SpliceTemplateName): HistoryCreatedEvent[] =>
      history.created
        .filter(({ event, tx }) => tx.offset !== '' && event.template_id === SpliceTemplates[name].templateId)
        .map(({ event }) => event);
    const activeOf = (name: SpliceTemplateName): ActiveContract[] =>
      [...history.activeAtEnd.get(1)!.values()].filter((c) => c.templateName === name);
    const choices = (choice: string): Replay['exercised'] =>
      history.exercised.filter((x) => x.event.choice === choice);
    // The record time of a migration's first transaction after its import updates.
    const firstRecordTime = (migration: number): string => {
      const first = small.updates
        .filter(isTransaction)
        .find((u) => u.migration_id === migration && u.offset !== '');
      if (!first) throw new Error(`no transaction in migration ${migration}`);
      return first.record_time;
    };
    const completedAt = (result: CloseVoteRequestResult): string => result.completedAt;

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

    it('gives every SV node state its nodes on the global synchronizer, scan URL included, as a Daml Map', () => {
      const { network, landmarks } = small.summary;
      const states = activeOf('SvNodeState').map((s) => s.payload as unknown as SvNodeStatePayload);
      expect(states).toHaveLength(network.svs.length);
      const [rules] = activeOf('DsoRules');
      const migrationTime = parseMicros(
        (rules.payload as unknown as DsoRulesPayload).config.nextScheduledSynchronizerUpgrade!.time,
      );
      for (const state of states) {
        const index = network.svs.findIndex((sv) => sv.party.id === state.sv);
        // The SVs in DsoRules at the migration publish migration 1's sequencer (available at once)
        // and keep migration 0's as the legacy one; the SV offboarded before keeps migration 0's.
        const offboarded = state.sv === landmarks.offboardedSv.party.id;
        const node = state.state.synchronizerNodes[0][1];
        expect(state.state.synchronizerNodes).toEqual([
          [
            network.synchronizers[0],
            {
              cometBft: {
                nodes: [[expect.any(String), { validatorPubKey: expect.any(String), votingPower: '1' }]],
                governanceKeys: [{ pubKey: expect.any(String) }],
                sequencingKeys: [],
              },
              sequencer: {
                migrationId: offboarded ? '0' : '1',
                // Migration 0's node carries the SV's namespace; migration 1's is a new node, a new key.
                sequencerId: offboarded
                  ? `SEQ::${state.svName.toLowerCase()}::${state.sv.split('::')[1]}`
                  : expect.stringMatching(/^SEQ::[^:]+::1220[0-9a-f]{64}$/),
                url: offboarded
                  ? `https://sequencer-0.sv-${index + 1}.example.com`
                  : `https://sequencer-1.sv-${index + 1}.example.com`,
                availableAfter: expect.stringMatching(/^\d{4}-/),
              },
              mediator: { mediatorId: expect.stringMatching(/^MED::/) },
              scan: { publicUrl: defaultSvScanUrl(index) },
              legacySequencerConfig: offboarded
                ? null
                : {
                    migrationId: '0',
                    sequencerId: `SEQ::${state.svName.toLowerCase()}::${state.sv.split('::')[1]}`,
                    url: `https://sequencer-0.sv-${index + 1}.example.com`,
                  },
            },
          ],
        ]);
        if (!offboarded) {
          expect(node.sequencer!.sequencerId).not.toBe(node.legacySequencerConfig!.sequencerId);
          expect(parseMicros(node.sequencer!.availableAfter!)).toBeGreaterThanOrEqual(migrationTime);
        }
      }
      expect(new Set(states.map((s) => s.state.synchronizerNodes[0][1].scan!.publicUrl)).size).toBe(
        states.length,
      );
    });

    it("marks the genesis sequencers available once onboarded: the founding SV's at once, the others' 60 s later", () => {
      const { network } = small.summary;
      const sets = choices(SpliceChoices.DsoRulesSetSynchronizerNodeConfig).filter(
        ({ tx }) => tx.migration_id === 0,
      );
      for (const [i, sv] of network.svs.entries()) {
        const own = sets.filter(({ event }) => event.acting_parties.includes(sv.party.id));
        const published = own.map(({ event, tx }) => {
          const config = toCompact(event.choice_argument) as {
            newNodeConfig: { sequencer: { availableAfter: string | null } };
          };
          return { at: parseMicros(tx.effective_at), after: config.newNodeConfig.sequencer.availableAfter };
        });
        // Joining SVs publish their nodes while onboarding (no time yet); SV1's come with DsoBootstrap.
        if (i > 0) expect(published[0].after).toBeNull();
        const marked = published.find((p) => p.after !== null);
        expect(marked).toBeDefined();
        expect(parseMicros(marked!.after!) - marked!.at).toBe(i === 0 ? 0 : 60_000_000);
      }
    });

    it('schedules the synchronizer migration by an accepted SRARC_SetConfig vote, the schedule kept after it', () => {
      const results = choices(SpliceChoices.DsoRulesCloseVoteRequest).map(
        (x) => toCompact(x.event.exercise_result) as unknown as CloseVoteRequestResult,
      );
      const scheduling = results.find(
        (r) =>
          r.request.action.tag === 'ARC_DsoRules' &&
          r.request.action.value.dsoAction.tag === 'SRARC_SetConfig',
      );
      expect(scheduling?.outcome.tag).toBe('VRO_Accepted');
      const [rules] = activeOf('DsoRules');
      const schedule = (rules.payload as unknown as DsoRulesPayload).config.nextScheduledSynchronizerUpgrade;
      expect(schedule).toEqual({ time: expect.any(String), migrationId: '1' });
      // Scheduled for the migration's start, before the first update of migration 1 was recorded.
      expect(parseMicros(schedule!.time)).toBeLessThanOrEqual(parseMicros(firstRecordTime(1)));
      expect(parseMicros(schedule!.time)).toBeGreaterThan(parseMicros(completedAt(scheduling!)));
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
          'SRARC_SetConfig',
          'CRARC_SetConfig',
        ]),
      );
      expect(new Set(results.map((r) => r.request.requester)).size).toBeGreaterThanOrEqual(3);
      expect(results.map((r) => r.request.requester)).toContain(small.summary.landmarks.offboardedSv.name);
      for (const r of results) {
        // A config schedule action takes effect at its schedule time, a whole hour (compact: no fraction).
        if (r.outcome.tag === 'VRO_Accepted')
          expect(r.outcome.value.effectiveAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/);
        if (r.outcome.tag === 'VRO_Expired') expect(r.completedAt > r.request.voteBefore).toBe(true);
        // VoteRequest's `ensure`: the deadline is not after the target effective time, and
        // DsoRules_CloseVoteRequest accepts such a request only once that time is reached.
        const target = r.request.targetEffectiveAt;
        if (target !== null) {
          expect(parseMicros(r.request.voteBefore)).toBeLessThanOrEqual(parseMicros(target));
          if (r.outcome.tag === 'VRO_Accepted') {
            expect(parseMicros(r.completedAt)).toBeGreaterThanOrEqual(parseMicros(target));
            expect(r.outcome.value.effectiveAt).toBe(target);
          }
        }
      }
      expect(
        results.some(
          (r) => r.outcome.tag === 'VRO_Accepted' && r.outcome.value.effectiveAt !== r.completedAt,
        ),
      ).toBe(true);
    });

    it('changes the amulet config by SetConfig votes, each AmuletRules with no future values and its own reward configuration, and opens each round with the config in force', () => {
      const versions = createdOf('AmuletRules').map((e) => compactOf<AmuletRulesPayload>(e).configSchedule);
      // Genesis plus the three accepted CRARC_SetConfig votes, each run as AmuletRules_SetConfig.
      expect(versions.length).toBe(4);
      expect(choices(SpliceChoices.AmuletRulesSetConfig)).toHaveLength(3);
      expect(choices(SpliceChoices.AmuletRulesAddFutureAmuletConfigSchedule)).toHaveLength(0);
      for (const v of versions) expect(v.futureValues).toEqual([]);
      const thresholds = versions.map((v) => v.initialValue.rewardConfig!.appRewardCouponThreshold);
      expect(new Set(thresholds).size).toBe(thresholds.length);
      // Each round carries the configuration of the AmuletRules active when it was opened, with the
      // traffic price (CIP-0104 inputs): walk the creates in ledger order.
      let inForce: AmuletRulesPayload['configSchedule'] | undefined;
      let rounds = 0;
      for (const { event, tx } of history.created) {
        if (tx.offset === '') continue;
        if (event.template_id === SpliceTemplates.AmuletRules.templateId)
          inForce = compactOf<AmuletRulesPayload>(event).configSchedule;
        if (event.template_id !== SpliceTemplates.OpenMiningRound.templateId) continue;
        const round = compactOf<OpenMiningRoundPayload>(event);
        expect(round.rewardConfig).toEqual(inForce!.initialValue.rewardConfig);
        expect(round.trafficPrice).toBe(
          inForce!.initialValue.decentralizedSynchronizer.fees.extraTrafficPrice,
        );
        rounds++;
      }
      expect(rounds).toBeGreaterThan(0);
      const used = new Set(
        createdOf('OpenMiningRound').map(
          (e) => compactOf<OpenMiningRoundPayload>(e).rewardConfig!.appRewardCouponThreshold,
        ),
      );
      expect(used.size).toBe(thresholds.length);
    });

    it('has ExternalPartyAmuletRules and the two ExternalPartyConfigStates of the genesis', () => {
      expect(activeOf('ExternalPartyAmuletRules')).toHaveLength(1);
      expect(activeOf('ExternalPartyConfigState')).toHaveLength(2);
    });

    it('creates an OpenMiningRound every round, opening a tick after creation or after the latest round, and moves rounds to closed', () => {
      const open = createdOf('OpenMiningRound').map((e) => ({ e, p: compactOf<OpenMiningRoundPayload>(e) }));
      expect(open.map((o) => Number(o.p.round.number))).toEqual(Array.from({ length: 40 + 2 }, (_, i) => i));
      const tick = 600_000_000;
      // AmuletRules_AdvanceOpenMiningRounds: opensAt = max(now, latest round's opensAt) + tick.
      for (const [i, { e, p }] of open.entries()) {
        if (i < 3) continue;
        const latestOpensAt = parseMicros(open[i - 1].p.opensAt);
        expect(parseMicros(p.opensAt)).toBe(Math.max(parseMicros(e.created_at), latestOpensAt) + tick);
        expect(parseMicros(p.targetClosesAt) - parseMicros(p.opensAt)).toBe(2 * tick);
      }
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

    it('advances validator faucet state, with missed rounds, a late validator and one that leaves', () => {
      const { network, landmarks } = small.summary;
      const licenses = activeOf('ValidatorLicense').map(
        (l) => l.payload as unknown as ValidatorLicensePayload,
      );
      const byValidator = new Map(licenses.map((l) => [l.validator, l]));
      const departed = byValidator.get(landmarks.departedValidator.party.id)!;
      expect(Number(departed.faucetState!.lastReceivedFor.number)).toBeLessThan(
        landmarks.departedValidator.departedInRound,
      );
      expect(choices(SpliceChoices.ValidatorLicenseWithdraw)).toHaveLength(0);
      expect(licenses).toHaveLength(network.validators.length);
      const late = byValidator.get(landmarks.lateValidator.party.id)!;
      expect(Number(late.faucetState!.firstReceivedFor.number)).toBe(
        landmarks.lateValidator.onboardedInRound,
      );
      expect(
        Number(byValidator.get(network.validators[1].id)!.faucetState!.numCouponsMissed),
      ).toBeGreaterThan(5);
      for (const l of licenses.filter((x) => x !== departed)) {
        const f = l.faucetState!;
        expect(Number(f.numCouponsMissed)).toBeLessThanOrEqual(
          Math.max(0, Number(f.lastReceivedFor.number) - Number(f.firstReceivedFor.number) - 1),
        );
        // Active to the end: each collected in one of the last rounds (a miss is occasional).
        expect(Number(f.lastReceivedFor.number)).toBeGreaterThanOrEqual(38);
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

    it('creates development fund coupons, allocates some to beneficiaries who mint them in transfers', () => {
      expect(createdOf('UnclaimedDevelopmentFundCoupon').length).toBeGreaterThan(10);
      expect(choices(SpliceChoices.AmuletRulesAllocateDevelopmentFundCoupon).length).toBeGreaterThan(3);
      const allocated = createdOf('DevelopmentFundCoupon').length;
      expect(allocated).toBe(choices(SpliceChoices.AmuletRulesAllocateDevelopmentFundCoupon).length);
      const spent = choices(SpliceChoices.AmuletRulesTransfer).filter((x) =>
        JSON.stringify(toCompact(x.event.choice_argument)).includes('InputDevelopmentFundCoupon'),
      );
      expect(spent.length).toBeGreaterThan(2);
      expect(spent.length).toBeLessThanOrEqual(allocated);
      expect(activeOf('UnclaimedDevelopmentFundCoupon').length).toBeGreaterThan(0);
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

    it('runs on one synchronizer without reassignments by default, as MainNet', () => {
      const [global] = small.summary.network.synchronizers;
      expect(small.updates.every(isTransaction)).toBe(true);
      expect(new Set(transactions(small.updates).map((t) => t.synchronizer_id))).toEqual(new Set([global]));
      expect(small.summary.landmarks.inFlight).toEqual([]);
      expect(history.inFlight.size).toBe(0);
      expect(small.summary.stats.reassignments).toBe(0);
    });

    it('with reassignEveryRounds, reassigns contracts in pairs and leaves the documented LockedAmulets in flight', () => {
      const reassigning = run(SMALL_REASSIGNING);
      const replayed = replay(reassigning.updates);
      const reassignments = reassigning.updates.filter((u): u is HistoryReassignment => !isTransaction(u));
      expect(reassignments.length).toBeGreaterThanOrEqual(10);
      const { inFlight } = reassigning.summary.landmarks;
      expect(inFlight.map((f) => f.migrationId)).toEqual([0, 1]);
      expect(inFlight.every((f) => f.template === SpliceTemplates.LockedAmulet.qualifiedName)).toBe(true);
      expect(replayed.inFlight).toEqual(new Set([inFlight[1].contractId]));
      expect(replayed.activeAtEnd.get(0)!.has(inFlight[0].contractId)).toBe(false);
      expect(replayed.imported.get(1)).not.toContain(inFlight[0].contractId);
      // The allocations behind them stay active: the registry must answer 409 for them.
      expect(replayed.activeAtEnd.get(1)!.has(inFlight[1].allocationContractId)).toBe(true);
      const counters = reassignments.map((u) => u.event.reassignment_counter);
      expect(Math.max(...counters)).toBe(2);
      expect(reassigning.summary.stats.inFlightAtEnd).toBe(1);
      const synchronizers = new Set(reassignments.map((u) => u.event.target_synchronizer));
      expect(synchronizers).toEqual(new Set(reassigning.summary.network.synchronizers));
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
      expect(stats.inFlightAtEnd).toBe(0);
      expect(stats.contractsCreated).toBe(history.created.length - stats.importUpdates);
    });
  });
});
