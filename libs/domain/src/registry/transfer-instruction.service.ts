import { DomainError, DomainErrorCode, notFound } from '../errors/domain-error';
import type { ActiveContract } from '../contracts/active-contracts.repository';
import {
  boolValue,
  ContextKeys,
  contractIdValue,
  disclose,
  requireAssigned,
  withMeta,
  type AnyValue,
  type ChoiceContext,
  type DisclosedContract,
} from './choice-context';
import { lacksBlob, NetworkContractsCache, requireNetwork } from './network-contracts.cache';
import type { TokenRegistryRepository } from './token-registry.repository';
import type { ChoiceContextRequest } from './token-registry.service';
import { requireRegistryTransfer, validateTransferArguments } from './transfer-arguments';
import type { PreapprovalContracts, TransferInstructionRepository } from './transfer-instruction.repository';

/** The choices on a transfer instruction a wallet asks a context for. */
export type TransferInstructionChoice = 'accept' | 'reject' | 'withdraw';

/** How the transfer will run: to oneself, directly to a preapproved receiver, or as an offer. */
export type TransferKind = 'self' | 'direct' | 'offer';

export interface TransferFactoryRequest {
  choiceArguments: unknown;
  excludeDebugFields?: boolean;
}

export interface TransferFactoryWithChoiceContext {
  factoryId: string;
  transferKind: TransferKind;
  choiceContext: ChoiceContext;
}

const NO_PREAPPROVAL: PreapprovalContracts = Object.freeze({});

/** Receivers remembered per ledger version; beyond this the memory starts again empty. */
const MAX_CACHED_RECEIVERS = 10_000;

const CHOICE_NAMES: Readonly<Record<string, string>> = {
  TransferInstruction_Accept: 'accepted by the receiver',
  TransferInstruction_Reject: 'rejected by the receiver',
  TransferInstruction_Withdraw: 'withdrawn by the sender',
};

/**
 * The amulet registry's transfer-instruction API (docs/token-registry.md "Transfers"): the
 * transfer factory (ExternalPartyAmuletRules) with the context of `TransferFactory_Transfer`, and
 * the contexts of the choices on a pending AmuletTransferInstruction. "Now" is the record time of
 * the newest ingested update, as for allocations (see TokenRegistryService).
 *
 * Caching follows the allocation factory: the network contracts are read once per ledger version
 * (NetworkContractsCache); so is each receiver's preapproval, which changes only with the ledger.
 */
export class TransferInstructionService {
  private readonly network: NetworkContractsCache;
  private preapprovals?: { version: string; byReceiver: Map<string, Promise<PreapprovalContracts>> };

  constructor(
    private readonly registry: TokenRegistryRepository,
    private readonly transfers: TransferInstructionRepository,
  ) {
    this.network = new NetworkContractsCache(registry);
  }

  /**
   * The factory and the context of `TransferFactory_Transfer`: `amulet-rules`, `open-round` and,
   * when one exists, `external-party-config-state`; for a `direct` transfer also the receiver's
   * `transfer-preapproval` and its provider's `featured-app-right` (when it has one). Every
   * context contract is disclosed, and the factory after them (as Splice's scan discloses it).
   */
  async getTransferFactory(request: TransferFactoryRequest): Promise<TransferFactoryWithChoiceContext> {
    const summary = validateTransferArguments(request.choiceArguments);
    const self = summary.sender === summary.receiver;
    // The receiver's preapproval is read alongside the network contracts, not after them: on a
    // changing ledger both are re-read at every new version, and in series they add up.
    const version = await this.registry.lookupLedgerVersion();
    const [contracts, direct] = await Promise.all([
      this.network.at(version),
      self ? NO_PREAPPROVAL : this.preapprovalOf(summary.receiver, version),
    ]);
    const { amuletRules, openRound } = await requireNetwork(contracts, this.registry);
    requireRegistryTransfer(summary, (amuletRules.payload as { dso: string }).dso);
    const { factory, externalPartyConfigState } = contracts;
    if (!factory)
      throw notFound(
        'no transfer factory: no active ExternalPartyAmuletRules contract of the DSO has been ingested',
      );
    requireAssigned(factory);
    const exclude = request.excludeDebugFields ?? false;
    const context = new ContextBuilder(exclude)
      .add(ContextKeys.AmuletRules, amuletRules)
      .add(ContextKeys.OpenRound, openRound)
      .add(ContextKeys.ExternalPartyConfigState, externalPartyConfigState)
      .add(ContextKeys.TransferPreapproval, direct.preapproval)
      .add(ContextKeys.FeaturedAppRight, direct.preapproval && direct.featuredAppRight)
      .disclose(factory);
    const transferKind: TransferKind = self ? 'self' : direct.preapproval ? 'direct' : 'offer';
    return { factoryId: factory.contractId, transferKind, choiceContext: context.build() };
  }

  /**
   * Context of a choice on an AmuletTransferInstruction: 404 when no such instruction was ever
   * recorded, 409 (CONTRACT_NOT_ACTIVE) once it has been accepted, rejected or withdrawn.
   * - accept: `amulet-rules` and `open-round`, disclosed with the instruction's LockedAmulet (404
   *   when the lock is gone);
   * - reject and withdraw: the LockedAmulet disclosed and `expire-lock` true while it exists,
   *   nothing disclosed and `expire-lock` false once it is gone.
   * The request's `meta` entries follow as `AV_Text` values (see `withMeta`).
   */
  async getChoiceContext(
    choice: TransferInstructionChoice,
    instructionId: string,
    request: ChoiceContextRequest,
  ): Promise<ChoiceContext> {
    const accept = choice === 'accept';
    const [state, network] = await Promise.all([
      this.transfers.lookupTransferInstruction(instructionId),
      accept ? this.network.current() : undefined,
    ]);
    if (state.status === 'unknown')
      throw notFound(
        `transfer instruction ${instructionId} not found: no AmuletTransferInstruction with this contract id has been recorded`,
      );
    if (state.status === 'archived') {
      const how =
        (state.choice && CHOICE_NAMES[state.choice]) ?? `archived by ${state.choice ?? 'an unknown choice'}`;
      throw new DomainError(
        DomainErrorCode.ContractNotActive,
        `transfer instruction ${instructionId} is no longer pending: ${how} at ${state.archivedAt}`,
        { contractId: instructionId },
      );
    }
    const { instruction, lockedAmulet } = state;
    requireAssigned(instruction);
    const exclude = request.excludeDebugFields ?? false;
    if (!accept) {
      const context = new ContextBuilder(exclude).flag(ContextKeys.ExpireLock, lockedAmulet !== undefined);
      return context.disclose(lockedAmulet).build(request.meta);
    }
    if (!lockedAmulet)
      throw notFound(`the LockedAmulet of transfer instruction ${instructionId} no longer exists`);
    const { amuletRules, openRound } = await requireNetwork(network ?? {}, this.registry);
    return new ContextBuilder(exclude)
      .add(ContextKeys.AmuletRules, amuletRules)
      .add(ContextKeys.OpenRound, openRound)
      .disclose(lockedAmulet)
      .build(request.meta);
  }

  /** The receiver's preapproval at this ledger version, read once per version and receiver. */
  private preapprovalOf(receiver: string, version: string): Promise<PreapprovalContracts> {
    if (this.preapprovals?.version !== version || this.preapprovals.byReceiver.size >= MAX_CACHED_RECEIVERS)
      this.preapprovals = { version, byReceiver: new Map() };
    const { byReceiver } = this.preapprovals;
    let found = byReceiver.get(receiver);
    if (!found) {
      found = this.transfers.lookupPreapproval(receiver);
      byReceiver.set(receiver, found);
      // A failed read is not kept: the next request tries again; nor one lacking a blob (lacksBlob).
      const forget = () => {
        if (byReceiver.get(receiver) === found) byReceiver.delete(receiver);
      };
      found.then((p) => {
        if (lacksBlob(Object.values(p))) forget();
      }, forget);
    }
    return found;
  }
}

/** Collects context values and the contracts to disclose, in the order they are added. */
class ContextBuilder {
  private readonly values: Record<string, AnyValue> = {};
  private readonly disclosed: DisclosedContract[] = [];

  constructor(private readonly excludeDebugFields: boolean) {}

  /** `key` = the contract's id, and the contract disclosed; nothing when there is no contract. */
  add(key: string, contract: ActiveContract | undefined): this {
    if (!contract) return this;
    this.values[key] = contractIdValue(contract.contractId);
    return this.disclose(contract);
  }

  flag(key: string, value: boolean): this {
    this.values[key] = boolValue(value);
    return this;
  }

  disclose(contract: ActiveContract | undefined): this {
    if (contract) this.disclosed.push(disclose(contract, this.excludeDebugFields));
    return this;
  }

  build(meta?: Record<string, string>): ChoiceContext {
    return { choiceContextData: { values: withMeta(this.values, meta) }, disclosedContracts: this.disclosed };
  }
}
