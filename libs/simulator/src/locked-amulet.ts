import { formatDamlDecimal, SpliceChoices, V } from '@canton-scan/domain';
import type { AmuletContract, GenericContract } from './contract-store';
import type { SimParty } from './network-identities';
import type { TxBuilder } from './transaction.builder';

/** Funds a flow locked in a LockedAmulet (an allocation, a transfer instruction). */
export interface AmuletLock {
  readonly lockedAmulet: GenericContract;
  readonly sender: SimParty;
  /** Locked amount (10^-10 units) and the round the locked amulet's amount is as of. */
  readonly amount: bigint;
  readonly lockedRound: number;
  /** The locked amulet's holding fee rate (`amount.ratePerRound`). */
  readonly rate: bigint;
}

/** The open round an unlock is exercised in: its contract, number and `amuletPrice`. */
export interface UnlockRound {
  readonly contract: GenericContract;
  readonly round: number;
  readonly amuletPrice: bigint;
}

/**
 * `LockedAmulet_Unlock` in `tx`, with the open round as its context: archives the locked amulet
 * and re-creates the amulet inside it unchanged, for its sender. The result is an
 * `AmuletCreateSummary` (the amulet, the round's price and number) with the unlock's metadata.
 */
export function unlockAmulet(
  tx: TxBuilder,
  dso: SimParty,
  openRound: UnlockRound,
  lock: AmuletLock,
): AmuletContract {
  let unlocked: AmuletContract | undefined;
  tx.exercise(
    lock.lockedAmulet,
    {
      choice: SpliceChoices.LockedAmuletUnlock,
      argument: V.record({ openRoundCid: V.contractId(tx.contractId(openRound.contract)) }),
      consuming: true,
      actingParties: [lock.sender.id, dso.id],
    },
    () => {
      unlocked = tx.createAmulet(dso, lock.sender, lock.amount, lock.lockedRound, lock.rate);
      return V.record({
        amuletSum: V.record({
          amulet: V.contractId(tx.contractId(unlocked)),
          amuletPrice: V.numeric(formatDamlDecimal(openRound.amuletPrice)),
          round: V.record({ number: V.int64(openRound.round) }),
        }),
        meta: V.some(
          V.record({
            values: V.textMap({
              'splice.lfdecentralizedtrust.org/reason': V.text('holders released lock'),
              'splice.lfdecentralizedtrust.org/tx-kind': V.text('unlock'),
            }),
          }),
        ),
      });
    },
  );
  if (!unlocked) throw new Error('simulator bug: unlock without an amulet');
  return unlocked;
}
