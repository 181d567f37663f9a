import {
  microsToTimestamp,
  SpliceChoices,
  SpliceTemplates,
  timestampToMicros,
  toCompact,
  type HistoryCreatedEvent,
  type HistoryTransaction,
  type TokenTransfer,
} from '@canton-scan/domain';
import type { TokenNetworkFixture } from './token-network-fixtures';

const HOUR_MICROS = 3_600_000_000n;

/** The transfer an AmuletTransferInstruction's created event carries. */
function transferOf(instruction: HistoryCreatedEvent): TokenTransfer {
  return (toCompact(instruction.create_arguments) as unknown as { transfer: TokenTransfer }).transfer;
}

/** What a transfer-instruction test needs besides a TokenNetworkFixture's genesis. */
export interface TransferParties {
  sender: string;
  receiver: string;
}

/**
 * Token-standard transfers on a TokenNetworkFixture (registry and proxy tests): receivers'
 * TransferPreapprovals, AmuletTransferInstructions with their LockedAmulets, the choices that end
 * them, and `TransferFactory_Transfer` arguments as a wallet sends them.
 */
export class TransferFixture {
  constructor(readonly f: TokenNetworkFixture) {}

  /** A TransferPreapproval of `receiver` operated by `provider`, expiring `hours` after now. */
  preapproval(receiver: string, provider: string, hours = 24): HistoryTransaction {
    const { h, dso } = this.f;
    const now = h.now();
    const payload = {
      dso,
      receiver,
      provider,
      validFrom: now,
      lastRenewedAt: now,
      expiresAt: microsToTimestamp(timestampToMicros(now) + BigInt(hours) * HOUR_MICROS),
    };
    return h.tx([
      {
        create: {
          template: SpliceTemplates.TransferPreapproval,
          payload,
          signatories: [dso, receiver, provider],
        },
      },
    ]);
  }

  /** A pending two-step transfer: the sender's LockedAmulet and the AmuletTransferInstruction offering it. */
  instruction(parties: Partial<TransferParties> = {}, amount = '40.0000000000'): HistoryTransaction {
    const { h, dso } = this.f;
    const { sender = this.f.alice, receiver = this.f.bob } = parties;
    const lockedCid = h.contractId();
    const executeBefore = microsToTimestamp(timestampToMicros(h.now()) + 2n * HOUR_MICROS);
    const transfer: TokenTransfer = {
      sender,
      receiver,
      amount,
      instrumentId: { admin: dso, id: 'Amulet' },
      requestedAt: h.now(),
      executeBefore,
      inputHoldingCids: [h.contractId()],
      meta: { values: {} },
    };
    const lockedAmulet = {
      amulet: {
        dso,
        owner: sender,
        amount: { initialAmount: amount, createdAt: { number: '1' }, ratePerRound: { rate: '0.0000190259' } },
      },
      lock: { holders: [dso], expiresAt: executeBefore, optContext: `transfer to ${receiver}` },
    };
    return h.tx([
      {
        create: {
          template: SpliceTemplates.LockedAmulet,
          payload: lockedAmulet,
          signatories: [dso, sender],
          contractId: lockedCid,
        },
      },
      {
        create: {
          template: SpliceTemplates.AmuletTransferInstruction,
          payload: { lockedAmulet: lockedCid, transfer },
          signatories: [dso, sender],
          observers: [receiver],
        },
      },
    ]);
  }

  /**
   * The instruction ended by `choice` (accept, reject or withdraw): the instruction and its
   * LockedAmulet archived in one transaction, as the amulet implementation does.
   */
  end(
    instruction: HistoryCreatedEvent,
    lockedAmulet: HistoryCreatedEvent,
    choice: 'accept' | 'reject' | 'withdraw',
  ): HistoryTransaction {
    const names = {
      accept: SpliceChoices.TransferInstructionAccept,
      reject: SpliceChoices.TransferInstructionReject,
      withdraw: SpliceChoices.TransferInstructionWithdraw,
    };
    return this.f.h.tx([
      {
        exercise: {
          contractId: instruction.contract_id,
          template: SpliceTemplates.AmuletTransferInstruction,
          choice: names[choice],
          consuming: true,
          // The receiver accepts or rejects, the sender withdraws.
          actingParties: [
            choice === 'withdraw' ? transferOf(instruction).sender : transferOf(instruction).receiver,
          ],
          children: [
            {
              exercise: {
                contractId: lockedAmulet.contract_id,
                template: SpliceTemplates.LockedAmulet,
                choice: SpliceChoices.LockedAmuletUnlock,
                consuming: true,
                actingParties: [this.f.dso],
              },
            },
          ],
        },
      },
    ]);
  }

  /** `TransferFactory_Transfer` arguments in ledger JSON encoding, as a wallet sends them to the factory. */
  transferArguments(parties: Partial<TransferParties> = {}): Record<string, unknown> {
    const { h, dso } = this.f;
    const { sender = this.f.alice, receiver = this.f.bob } = parties;
    const now = h.now();
    return {
      expectedAdmin: dso,
      transfer: {
        sender,
        receiver,
        amount: '12.5000000000',
        instrumentId: { admin: dso, id: 'Amulet' },
        requestedAt: now,
        executeBefore: microsToTimestamp(timestampToMicros(now) + HOUR_MICROS),
        inputHoldingCids: [h.contractId(), h.contractId()],
        meta: { values: { 'splice.lfdecentralizedtrust.org/reason': 'rent' } },
      },
      extraArgs: { context: { values: {} }, meta: { values: {} } },
    };
  }
}
