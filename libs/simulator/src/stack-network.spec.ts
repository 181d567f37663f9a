import {
  isTransaction,
  loadConfig,
  type MemberTrafficPayload,
  SpliceTemplates,
  toCompact,
  type AmuletRulesPayload,
  type OpenMiningRoundPayload,
  type SvNodeStatePayload,
} from '@canton-scan/domain';
import { simulatedNetworkOf, simulateNetwork } from './simulator';
import { defaultSvScanUrl } from './simulator.options';
import { participantMemberId, STACK_NETWORK_EXTRAS, stackSimulationOptions } from './stack-network';

/** The scan URL of each SV's first node state in the network simulated with `options`, in SV order. */
function svScanUrlsOf(options: ReturnType<typeof stackSimulationOptions>): string[] {
  // SV1's node state comes with the genesis; each other SV publishes its nodes after joining.
  const svCount = simulatedNetworkOf(options).svs.length;
  const urls = new Map<string, string>();
  for (const update of simulateNetwork(options)) {
    if (!isTransaction(update)) continue;
    for (const event of Object.values(update.events_by_id)) {
      if (
        event.event_type !== 'created_event' ||
        event.template_id !== SpliceTemplates.SvNodeState.templateId
      )
        continue;
      const payload = toCompact(event.create_arguments) as unknown as SvNodeStatePayload;
      const [node] = payload.state.synchronizerNodes;
      if (node) urls.set(payload.svName, node[1].scan!.publicUrl);
    }
    if (urls.size === svCount) return [...urls.values()];
  }
  throw new Error('not every SV published its nodes');
}

/** The compact payload of the first contract of `templateId` the network creates. */
function firstCreated(options: ReturnType<typeof stackSimulationOptions>, templateId: string): unknown {
  for (const update of simulateNetwork(options)) {
    if (!isTransaction(update)) continue;
    for (const event of Object.values(update.events_by_id))
      if (event.event_type === 'created_event' && event.template_id === templateId)
        return toCompact(event.create_arguments);
  }
  throw new Error(`no ${templateId} created`);
}

describe('stackSimulationOptions', () => {
  it("gives the first SV the stack's own scan: SCAN_PUBLIC_URL, by default http://localhost:<SCAN_PORT>", () => {
    expect(stackSimulationOptions(loadConfig({})).svScanUrls).toEqual(['http://localhost:5012']);
    expect(stackSimulationOptions(loadConfig({ SCAN_PORT: '6012' })).svScanUrls).toEqual([
      'http://localhost:6012',
    ]);
    expect(
      stackSimulationOptions(
        loadConfig({ SCAN_PUBLIC_URL: 'https://scan.sv-1.example.org/', SCAN_PORT: '6012' }),
      ).svScanUrls,
    ).toEqual(['https://scan.sv-1.example.org']);
  });

  it('runs the rounds on SIMULATION_TICK_SECONDS, the tickDuration of the AmuletRules config', () => {
    expect(stackSimulationOptions(loadConfig({})).tickSeconds).toBe(600);
    const options = stackSimulationOptions(loadConfig({ SIMULATION_TICK_SECONDS: '2' }));
    expect(options.tickSeconds).toBe(2);
    const rules = firstCreated(
      options,
      SpliceTemplates.AmuletRules.templateId,
    ) as unknown as AmuletRulesPayload;
    expect(rules.configSchedule.initialValue.tickDuration).toEqual({ microseconds: '2000000' });
    const round = firstCreated(
      options,
      SpliceTemplates.OpenMiningRound.templateId,
    ) as unknown as OpenMiningRoundPayload;
    expect(round.tickDuration).toEqual({ microseconds: '2000000' });
  });

  it("loads a network whose first SV node state names the stack's scan, the others the default URLs", () => {
    const urls = svScanUrlsOf(
      stackSimulationOptions(loadConfig({ SCAN_PUBLIC_URL: 'http://127.0.0.1:5012' })),
    );
    expect(urls[0]).toBe('http://127.0.0.1:5012');
    expect(urls.slice(1)).toEqual(urls.slice(1).map((_, i) => defaultSvScanUrl(i + 1)));
    expect(urls.length).toBeGreaterThan(1);
  });

  it("loads a network in which the stack's ledger participant (LEDGER_PARTICIPANT_ID) has bought traffic", () => {
    const config = loadConfig({});
    let purchased = 0n;
    for (const update of simulateNetwork(stackSimulationOptions(config))) {
      if (!isTransaction(update)) continue;
      for (const event of Object.values(update.events_by_id)) {
        if (
          event.event_type !== 'created_event' ||
          event.template_id !== SpliceTemplates.MemberTraffic.templateId
        )
          continue;
        const traffic = toCompact(event.create_arguments) as unknown as MemberTrafficPayload;
        if (traffic.memberId === config.ledgerNode.participantId && traffic.numPurchases === '1')
          purchased += BigInt(traffic.totalPurchased);
      }
    }
    expect(config.ledgerNode.participantId).toMatch(/^PAR::/);
    expect(purchased).toBeGreaterThan(0n);
  });

  it('names the ledger participant as a sequencer member, qualifying a bare uid with PAR:: as wallet SDKs do', () => {
    const uid = `validator-1::1220${'ab'.repeat(32)}`;
    expect(
      stackSimulationOptions(loadConfig({ LEDGER_PARTICIPANT_ID: uid })).validatorParticipantIds,
    ).toEqual([`PAR::${uid}`]);
    expect(participantMemberId(`PAR::${uid}`)).toBe(`PAR::${uid}`);
  });

  it('loads a network with transfer preapprovals, transfer instructions in every state and batch payouts', () => {
    const preapproved = new Set<string>();
    let bigTransactions = 0;
    const instructions = new Map<string, string>(); // contract id -> how it ended ('' while pending)
    for (const update of simulateNetwork(stackSimulationOptions(loadConfig({})))) {
      if (!isTransaction(update)) continue;
      if (Object.keys(update.events_by_id).length > 100) bigTransactions++;
      for (const event of Object.values(update.events_by_id)) {
        if (event.event_type === 'created_event') {
          if (event.template_id === SpliceTemplates.TransferPreapproval.templateId)
            preapproved.add(event.contract_id);
          if (event.template_id === SpliceTemplates.AmuletTransferInstruction.templateId)
            instructions.set(event.contract_id, '');
        } else if (event.consuming && instructions.has(event.contract_id)) {
          instructions.set(event.contract_id, event.choice);
        }
      }
    }
    expect(preapproved.size).toBeGreaterThanOrEqual(STACK_NETWORK_EXTRAS.transferPreapprovalParties);
    const endings = new Set(instructions.values());
    expect(endings).toContain(''); // some still pending
    expect([...endings].filter((e) => e !== '').length).toBeGreaterThanOrEqual(3); // accepted, rejected, withdrawn
    expect(bigTransactions).toBeGreaterThanOrEqual(5);
  });
});
