import { createHash } from 'node:crypto';
import type { HistoryUpdate, SvNodeStatePayload } from '@canton-scan/domain';
import type { GovernanceFlow } from './governance.flow';
import type { SimSv } from './network-identities';
import { formatMicros } from './sim-clock';
import type { SimContext } from './simulator.context';

type SynchronizerNodes = SvNodeStatePayload['state']['synchronizerNodes'];
type NodeConfig = SynchronizerNodes[number][1];

/** Splice's default `sequencerAvailabilityDelay` (SV app config): 60 s. */
export const SEQUENCER_AVAILABILITY_DELAY_MICROS = 60_000_000;

/**
 * An SV's sequencer on the network: published first without `availableAfter` (onboarding), then,
 * once onboarded, with the time validators may connect to it (Splice's `SynchronizerNodeReconciler`):
 * at once for the founding SV and after a migration, `sequencerAvailabilityDelay` later for an SV
 * that joins. `/v0/dso-sequencers` lists only sequencers with that time.
 */
export class SvNodesFlow {
  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
  ) {}

  /** The genesis SVs' sequencers onboarded: the founding SV's at once, the others' after the delay. */
  *markGenesisSequencers(): Generator<HistoryUpdate> {
    for (const [i, sv] of this.ctx.network.svs.entries())
      yield this.markSequencerAvailable(sv, i === 0 ? 0 : SEQUENCER_AVAILABILITY_DELAY_MICROS);
  }

  /** The SV marks its sequencer onboarded: available `delayMicros` after the transaction. */
  markSequencerAvailable(sv: SimSv, delayMicros: number): HistoryUpdate {
    return this.governance.setSynchronizerNodeConfig(sv, (effectiveMicros) =>
      this.globalNodes(sv, (node) => ({
        ...node,
        sequencer:
          node.sequencer === null
            ? null
            : { ...node.sequencer, availableAfter: formatMicros(effectiveMicros + delayMicros) },
      })),
    );
  }

  /**
   * After a migration each SV in DsoRules publishes the new migration's sequencer (a new node, so
   * a new id and URL), available at once, and keeps the previous one as `legacySequencerConfig`
   * (which scan lists as available since always).
   */
  *publishMigratedNodes(): Generator<HistoryUpdate> {
    const migrationId = this.ctx.migrationId;
    for (const sv of this.governance.currentSvs) {
      const index = this.ctx.network.svs.indexOf(sv);
      yield this.governance.setSynchronizerNodeConfig(sv, (effectiveMicros) =>
        this.globalNodes(sv, (node) => {
          const previous = node.sequencer;
          if (previous === null) return node;
          const namespace = createHash('sha256')
            .update(`${sv.party.id}:sequencer:${migrationId}`)
            .digest('hex');
          return {
            ...node,
            sequencer: {
              migrationId: String(migrationId),
              sequencerId: `${previous.sequencerId.split('::').slice(0, 2).join('::')}::1220${namespace}`,
              url: `https://sequencer-${migrationId}.sv-${index + 1}.example.com`,
              availableAfter: formatMicros(effectiveMicros),
            },
            legacySequencerConfig: {
              migrationId: previous.migrationId,
              sequencerId: previous.sequencerId,
              url: previous.url,
            },
          };
        }),
      );
    }
  }

  /** The SV's node on the global synchronizer, changed by `change`, as the only entry to publish. */
  private globalNodes(sv: SimSv, change: (node: NodeConfig) => NodeConfig): SynchronizerNodes {
    const [global] = this.ctx.network.synchronizers;
    const entry = this.governance
      .nodeStatePayloadOf(sv)
      .state.synchronizerNodes.find(([id]) => id === global);
    if (!entry) throw new Error(`simulator bug: ${sv.name} has no node on the global synchronizer`);
    return [[global, change(entry[1])]];
  }
}
