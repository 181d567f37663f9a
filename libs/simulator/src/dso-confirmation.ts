import {
  type ActionRequiringConfirmation,
  actionRequiringConfirmationType,
  buildSplicePayload,
  fromCompact,
  type HistoryUpdate,
  SpliceChoices,
  SpliceTemplates,
  V,
} from '@canton-scan/domain';
import type { GenericContract } from './contract-store';
import type { SimSv } from './network-identities';
import { formatMicros } from './sim-clock';
import type { SimContext } from './simulator.context';
import type { TxBuilder } from './transaction.builder';

/** Confirmations an action needs from n SVs: f = floor((n - 1) / 3), ceil((n + f + 1) / 2). */
export function requiredNumVotes(numSvs: number): number {
  const f = Math.floor((numSvs - 1) / 3);
  return Math.ceil((numSvs + f + 1) / 2);
}

/** What the confirmation flow needs of the governance state, read when each transaction is built. */
export interface ConfirmationTarget {
  readonly dsoRules: GenericContract;
  readonly amuletRules: GenericContract;
  readonly currentSvs: readonly SimSv[];
  /** `actionConfirmationTimeout` of the DsoRules config, in microseconds. */
  readonly confirmationTimeoutMicros: number;
}

/**
 * An action of Splice's DSO automation: enough SVs each confirm it (`DsoRules_ConfirmAction`, one
 * transaction each, creating a `Confirmation`), then one of them executes it
 * (`DsoRules_ExecuteConfirmedAction`), whose children archive the confirmations and then
 * exercise the action's choice (`execute`). The first SVs of DsoRules confirm, the last of
 * them executes.
 */
export function* confirmAndExecute(
  ctx: SimContext,
  target: ConfirmationTarget,
  command: string,
  action: ActionRequiringConfirmation,
  execute: (tx: TxBuilder) => void,
): Generator<HistoryUpdate> {
  const dso = ctx.dso.id;
  const svs = target.currentSvs;
  const confirmers = svs.slice(0, requiredNumVotes(svs.length));
  const actionValue = fromCompact(actionRequiringConfirmationType, action);
  const confirmations: GenericContract[] = [];
  for (const confirmer of confirmers) {
    yield ctx.transaction({ command: `confirm-${command}` }, (tx) => {
      tx.exercise(
        target.dsoRules,
        {
          choice: SpliceChoices.DsoRulesConfirmAction,
          argument: V.record({ confirmer: V.party(confirmer.party.id), action: actionValue }),
          consuming: false,
          actingParties: [confirmer.party.id],
        },
        () => {
          const confirmation = tx.create(
            SpliceTemplates.Confirmation,
            buildSplicePayload(SpliceTemplates.Confirmation, {
              dso,
              confirmer: confirmer.party.id,
              action,
              expiresAt: formatMicros(tx.effectiveMicros + target.confirmationTimeoutMicros),
            }),
            [dso],
          );
          confirmations.push(confirmation);
          return V.record({ confirmation: V.contractId(tx.contractId(confirmation)) });
        },
      );
    });
  }
  const executor = confirmers[confirmers.length - 1];
  yield ctx.transaction({ command: `execute-${command}` }, (tx) => {
    tx.exercise(
      target.dsoRules,
      {
        choice: SpliceChoices.DsoRulesExecuteConfirmedAction,
        argument: V.record({
          action: actionValue,
          amuletRulesCid: V.optional(
            action.tag === 'ARC_AmuletRules' ? V.contractId(tx.contractId(target.amuletRules)) : null,
          ),
          confirmationCids: V.list(confirmations.map((c) => V.contractId(tx.contractId(c)))),
          sv: V.optional(V.party(executor.party.id)),
        }),
        consuming: false,
        actingParties: [executor.party.id],
      },
      () => {
        for (const confirmation of confirmations) tx.archive(confirmation, [dso]);
        execute(tx);
        return V.enum('DsoRules_ExecuteConfirmedActionResult');
      },
    );
  });
}
