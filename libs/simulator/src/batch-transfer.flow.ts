import type { HistoryUpdate } from '@canton-scan/domain';
import type { AmuletFlow, TransferOutput } from './amulet.flow';
import type { AmuletContract } from './contract-store';
import type { SimContext } from './simulator.context';

/** Inputs merged at most (the sender's newest amulets): a wallet consolidating its dust. */
const MAX_MERGED_INPUTS = 47;
/** Inputs plus outputs of a batch: with the transfer node itself the tree has more than 100 events. */
const BATCH_LEGS = 100;

/**
 * Batch payouts: one `AmuletRules_Transfer` that merges up to 47 of the sender's amulets and pays
 * 53 or more receivers at once, as a wallet paying out in bulk does. Its tree has the transfer, one
 * archive per input, one create per output and the change: more than 100 events, the explorer's
 * large-transaction case. Built by `AmuletFlow.transfer`, so amounts balance as in every transfer
 * (a tap first when the merged inputs fall short). `batchTransfersPerRound` per round (fractions
 * accumulate), none by default: with 0 the flow draws no random number and the history is unchanged.
 */
export class BatchTransferFlow {
  private credit = 0;

  constructor(
    private readonly ctx: SimContext,
    private readonly amulets: AmuletFlow,
  ) {}

  *tick(round: number): Generator<HistoryUpdate> {
    this.credit += this.ctx.options.batchTransfersPerRound;
    while (this.credit >= 1) {
      this.credit -= 1;
      yield* this.batch(round);
    }
  }

  private *batch(round: number): Generator<HistoryUpdate> {
    const { rng, network } = this.ctx;
    const users = network.users;
    let sender = rng.pick(users);
    // External parties transfer through the TransferFactory, one receiver at a time.
    if (sender.external) sender = users[(sender.index + 1) % users.length];
    const wallet = this.amulets.spendableOf(sender);
    const inputs: AmuletContract[] = wallet.slice(Math.max(0, wallet.length - MAX_MERGED_INPUTS));
    const outputs: TransferOutput[] = Array.from({ length: BATCH_LEGS - inputs.length }, () => {
      const receiver = users[(sender.index + rng.int(1, users.length - 1)) % users.length];
      return { receiver, amount: this.amulets.randomWhole(1, 20) };
    });
    const total = outputs.reduce((sum, o) => sum + o.amount, 0n);
    // No fee is charged: the inputs need to cover the outputs.
    const available = inputs.reduce((sum, a) => sum + a.amount, 0n);
    if (available < total) {
      yield this.amulets.tap(sender, total - available + this.amulets.randomWhole(100, 2000));
      inputs.push(wallet[wallet.length - 1]);
    }
    yield this.ctx.transaction({ command: 'batch-transfer' }, (tx) => {
      this.amulets.transfer(tx, sender, inputs, outputs, round);
    });
  }
}
