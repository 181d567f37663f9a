import { type HistoryUpdate, SpliceChoices, V } from '@canton-scan/domain';
import type { ActivityRecordContract } from './contract-store';
import type { GovernanceFlow } from './governance.flow';
import type { SimContext } from './simulator.context';

/**
 * CIP-0104 app activity: each round, one DSO transaction records AppActivityRecords for a few
 * providers (app providers and validators). The records stay active; reward accounting reads
 * them per round.
 */
export class AppActivityFlow {
  /** This round's activity records, candidates for reassignment. */
  recentActivityRecords: ActivityRecordContract[] = [];

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
  ) {}

  /** The round's CIP-0104 app activity, from a few providers with widely spread weights. */
  *recordActivity(round: number): Generator<HistoryUpdate> {
    const { rng, network, options, dso } = this.ctx;
    const pool = [...network.appProviders, ...network.validators];
    const providers = rng.sample(pool, options.appProvidersPerRound);
    // Small weights make allowances fall under the threshold; large ones hit the cap.
    const weights = providers.map(() => (rng.chance(0.4) ? rng.int(1, 5) : rng.int(10, 400)));
    yield this.ctx.transaction({ command: 'record-app-activity' }, (tx) => {
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesRecordAppActivity,
          argument: V.record({
            round: V.record({ number: V.int64(round) }),
            activities: V.list(
              providers.map((p, i) =>
                V.record({ provider: V.party(p.id), activityWeight: V.int64(weights[i]) }),
              ),
            ),
          }),
          consuming: false,
          actingParties: [dso.id],
        },
        () => {
          this.recentActivityRecords = providers.map((p, i) =>
            tx.createActivityRecord(dso, p, round, weights[i]),
          );
          return V.record({
            records: V.list(this.recentActivityRecords.map((r) => V.contractId(tx.contractId(r)))),
          });
        },
      );
    });
  }
}
