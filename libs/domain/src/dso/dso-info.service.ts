import type { scanApi, scanProxyApi } from '@canton-scan/contracts';
import { toContractWithState } from '../contracts/active-contracts.repository';
import { notFound } from '../errors/domain-error';
import { PayloadReader } from '../history/payload-reader';
import type { DsoRepository } from './dso.repository';
import { votingThreshold } from './voting-threshold';

/** DSO info (docs/governance.md "DSO info"): the body of `GET /v0/scan-proxy/dso` and `GET /v0/dso`. */
export type DsoInfo = scanApi.DsoInfo;
export type AmuletRulesInfo = scanProxyApi.AmuletRulesResponse;

/** Who operates this node: `SV_USER`, and `SV_PARTY_ID` when set. */
export interface SvIdentity {
  readonly user: string;
  readonly partyId: string | undefined;
}

/**
 * Network information served by the validator proxy and, publicly, by the scan group. Everything
 * comes from the current contracts; only the operating SV's identity comes from configuration.
 */
export class DsoInfoService {
  constructor(
    private readonly repository: DsoRepository,
    private readonly sv: SvIdentity,
  ) {}

  /**
   * `sv_party_id` is `SV_PARTY_ID` when configured, else the first SV listed in DsoRules (the
   * founding SV, which bootstrapped the network). `initial_round` is the lowest mining round the
   * node knows of; it is omitted while no round has been recorded.
   */
  async getDsoInfo(): Promise<DsoInfo> {
    const [contracts, initialRound] = await Promise.all([
      this.repository.loadDsoContracts(),
      this.repository.lookupInitialRound(),
    ]);
    const { dsoRules, amuletRules, latestMiningRound, svNodeStates } = contracts;
    if (!dsoRules) throw notFound('no DsoRules contract has been ingested yet');
    if (!amuletRules) throw notFound('no AmuletRules contract has been ingested yet');
    // Read by field name: DsoRules of any package version (docs/compact-only.md "Payloads from other package versions").
    const rules = new PayloadReader(dsoRules.payload);
    const dso = rules.text('dso');
    // Only the DSO party is needed; the SVs name the founding SV when they can be read.
    const listed = rules.optional('svs');
    const svs = (Array.isArray(listed) ? listed : []).flatMap((sv: unknown) =>
      Array.isArray(sv) && typeof sv[0] === 'string' ? [sv[0] as string] : [],
    );
    const delegate = rules.optional('dsoDelegate');
    if (rules.result(dso, 'dso info', dsoRules.templateId, dsoRules.contractId) === undefined)
      throw notFound(`the DsoRules contract ${dsoRules.contractId} has no DSO party this node can read`);
    if (!latestMiningRound)
      throw notFound(`no OpenMiningRound signed by the DSO party ${dso} has been ingested yet`);
    const info: DsoInfo = {
      sv_user: this.sv.user,
      sv_party_id: this.sv.partyId ?? svs[0] ?? (typeof delegate === 'string' ? delegate : dso),
      dso_party_id: dso,
      voting_threshold: votingThreshold(Math.max(1, svs.length)),
      latest_mining_round: toContractWithState(latestMiningRound),
      amulet_rules: toContractWithState(amuletRules),
      dso_rules: toContractWithState(dsoRules),
      sv_node_states: svNodeStates.map(toContractWithState),
    };
    if (initialRound !== undefined) info.initial_round = initialRound;
    return info;
  }

  /** The current AmuletRules with its whole config schedule. */
  async getAmuletRules(): Promise<AmuletRulesInfo> {
    const amuletRules = await this.repository.lookupAmuletRules();
    if (!amuletRules) throw notFound('no AmuletRules contract has been ingested yet');
    return { amulet_rules: toContractWithState(amuletRules) };
  }
}
