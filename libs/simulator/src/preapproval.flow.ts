import { buildSplicePayload, SpliceTemplates, type HistoryUpdate } from '@canton-scan/domain';
import { formatMicros } from './sim-clock';
import type { SimContext } from './simulator.context';
import { runHorizonMicros } from './simulator.options';

/**
 * TransferPreapprovals of the first `transferPreapprovalParties` users, each operated by a
 * validator (round-robin) and valid for the whole run; none by default.
 */
export function* createTransferPreapprovals(ctx: SimContext): Generator<HistoryUpdate> {
  const { network, options } = ctx;
  for (const receiver of network.users.slice(0, options.transferPreapprovalParties)) {
    const provider = network.validators[receiver.index % network.validators.length];
    yield ctx.transaction({ command: 'create-transfer-preapproval' }, (tx) => {
      const now = formatMicros(tx.effectiveMicros);
      tx.create(
        SpliceTemplates.TransferPreapproval,
        buildSplicePayload(SpliceTemplates.TransferPreapproval, {
          dso: ctx.dso.id,
          receiver: receiver.id,
          provider: provider.id,
          validFrom: now,
          lastRenewedAt: now,
          expiresAt: formatMicros(tx.effectiveMicros + runHorizonMicros(options)),
        }),
        [ctx.dso.id, receiver.id, provider.id],
      );
    });
  }
}
