import { type DamlValue, formatDamlDecimal, type SpliceTemplate, V } from '@canton-scan/domain';
import type { SimParty } from './network-identities';

/** 0 = the global synchronizer, 1 = the second one. */
export type SyncIndex = 0 | 1;

interface ContractCore {
  /** Counter the contract id is derived from (`SimIds.contractId`). */
  readonly seq: number;
  readonly template: SpliceTemplate;
  /** Ledger effective time of the creating transaction, in microseconds. */
  readonly createdMicros: number;
  synchronizer: SyncIndex;
  reassignmentCounter: number;
}

/**
 * Amulets are most of a large active set, so they keep only what their payload is derived from
 * (about 150 bytes each instead of a kilobyte of Daml value tree).
 */
export interface AmuletContract extends ContractCore {
  readonly kind: 'amulet';
  readonly dso: SimParty;
  readonly owner: SimParty;
  /** Initial amount in 10^-10 units. */
  readonly amount: bigint;
  /** Round the amount is as of (`amount.createdAt`). */
  readonly round: number;
  /** Holding fee per round in amulet (`amount.ratePerRound.rate`), 10^-10 units. */
  readonly rate: bigint;
  /** Index in the owner's wallet while spendable, else -1. */
  walletSlot: number;
}

/** Everything else: few instances, so the lossless payload is kept as is. */
export interface GenericContract extends ContractCore {
  readonly kind: 'generic';
  readonly payload: DamlValue;
  readonly signatories: readonly string[];
  readonly observers: readonly string[];
}

export type SimContract = AmuletContract | GenericContract;

/**
 * The holding fee per round of the network's TransferConfig, in USD; an amulet's own rate is this
 * at the amulet price of the round that created it (`transferConfigAmuletFromOpenRound`).
 */
export const HOLDING_FEE_RATE = '0.0000190259';
export const HOLDING_FEE_RATE_UNITS = 190_259n;

export function payloadOf(contract: SimContract): DamlValue {
  switch (contract.kind) {
    case 'amulet':
      return amuletValue(contract.dso.id, contract.owner.id, contract.amount, contract.round, contract.rate);
    case 'generic':
      return contract.payload;
  }
}

export function signatoriesOf(contract: SimContract): readonly string[] {
  switch (contract.kind) {
    case 'amulet':
      return [contract.dso.id, contract.owner.id];
    case 'generic':
      return contract.signatories;
  }
}

export function observersOf(contract: SimContract): readonly string[] {
  switch (contract.kind) {
    case 'amulet':
      return [];
    case 'generic':
      return contract.observers;
  }
}

/** The lossless `Splice.Amulet:Amulet` record (also the `amulet` field of a LockedAmulet). */
export function amuletValue(
  dso: string,
  owner: string,
  amount: bigint,
  round: number,
  rate: bigint = HOLDING_FEE_RATE_UNITS,
): DamlValue {
  return V.record({
    dso: V.party(dso),
    owner: V.party(owner),
    amount: V.record({
      initialAmount: V.numeric(formatDamlDecimal(amount)),
      createdAt: V.record({ number: V.int64(round) }),
      ratePerRound: V.record({ rate: V.numeric(formatDamlDecimal(rate)) }),
    }),
  });
}

/**
 * The active contract set of the current migration, plus contracts in flight between
 * synchronizers. Archiving or exercising anything else is a simulator bug and throws, which is
 * how the simulator guarantees the write path never sees an unknown or archived contract.
 */
export class ContractStore {
  private readonly active = new Map<number, SimContract>();
  private readonly inFlight = new Map<number, SimContract>();
  private nextSeq = 0;
  created = 0;
  archived = 0;

  allocateSeq(): number {
    return this.nextSeq++;
  }

  add(contract: SimContract): void {
    this.active.set(contract.seq, contract);
    this.created++;
  }

  isActive(contract: SimContract): boolean {
    return this.active.get(contract.seq) === contract;
  }

  requireActive(contract: SimContract, what: string): void {
    if (!this.isActive(contract)) {
      throw new Error(
        `simulator bug: ${what} references inactive ${contract.template.entityName} #${contract.seq}`,
      );
    }
  }

  archive(contract: SimContract, what: string): void {
    this.requireActive(contract, what);
    this.active.delete(contract.seq);
    this.archived++;
  }

  unassign(contract: SimContract): void {
    this.requireActive(contract, 'unassignment');
    this.active.delete(contract.seq);
    this.inFlight.set(contract.seq, contract);
  }

  assign(contract: SimContract): void {
    if (this.inFlight.get(contract.seq) !== contract) {
      throw new Error(
        `simulator bug: assignment of ${contract.template.entityName} #${contract.seq}, which is not in flight`,
      );
    }
    this.inFlight.delete(contract.seq);
    this.active.set(contract.seq, contract);
  }

  /**
   * At a migration, contracts still in flight are lost to the new migration (they are not
   * re-imported); returns how many were left behind.
   */
  leaveInFlightBehind(): number {
    const count = this.inFlight.size;
    this.inFlight.clear();
    return count;
  }

  get activeCount(): number {
    return this.active.size;
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  activeContracts(): IterableIterator<SimContract> {
    return this.active.values();
  }
}
