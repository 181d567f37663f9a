import { notFound } from '../errors/domain-error';
import { requireRegistryInstrument, validateAllocateArguments } from './allocation-arguments';
import {
  boolValue,
  ContextKeys,
  contractIdValue,
  disclose,
  requireAssigned,
  withMeta,
  type AnyValue,
  type ChoiceContext,
  type FactoryWithChoiceContext,
} from './choice-context';
import {
  AMULET_APIS,
  AMULET_INSTRUMENT_ID,
  pageOfInstrumentIds,
  REGISTRY_APIS,
  type InstrumentMetadata,
  type InstrumentPageRequest,
} from './instrument-metadata';
import { NetworkContractsCache, requireNetwork } from './network-contracts.cache';
import { TokenRegistryRepository, type NetworkContracts } from './token-registry.repository';

/** The choices on an allocation a wallet asks a context for. */
export type AllocationChoice = 'withdraw' | 'cancel' | 'execute-transfer';

export interface AllocationFactoryRequest {
  choiceArguments: unknown;
  excludeDebugFields?: boolean;
}

export interface ChoiceContextRequest {
  meta?: Record<string, string>;
  excludeDebugFields?: boolean;
}

export interface TokenRegistryOptions {
  /** Upper bound on the legs of one allocation (REGISTRY_MAX_TRANSFER_LEGS, at least 100). */
  readonly maxTransferLegs: number;
}

/**
 * The amulet token registry (docs/token-registry.md): which factory to exercise to create an
 * allocation, and what context (values and disclosed contracts) the allocation choices need.
 *
 * "Now", for the latest usable OpenMiningRound (one whose `opensAt` has passed), is the record
 * time of the newest ingested update: the ledger's clock as this node has seen it. Wall-clock
 * time would call every round of a replayed history usable (or none of a future one); the
 * ledger's own time keeps the answer consistent with the stored history, and equals the wall
 * clock up to ingestion lag when the store follows a live network.
 *
 * 409 (CONTRACT_IN_FLIGHT) whenever a contract to disclose, or the factory exercised, is
 * unassigned from one synchronizer and not yet assigned to another (docs/token-registry.md "Contracts in reassignment").
 */
export class TokenRegistryService {
  private readonly network: NetworkContractsCache;

  constructor(
    private readonly repository: TokenRegistryRepository,
    private readonly options: TokenRegistryOptions,
  ) {
    this.network = new NetworkContractsCache(repository);
  }

  /**
   * The factory (ExternalPartyAmuletRules) and its context: `amulet-rules`, `open-round` and,
   * when one exists, `external-party-config-state`, each contract disclosed, then the factory
   * itself (as Splice's scan discloses it: the submitting participant need not see it).
   */
  async getAllocationFactory(request: AllocationFactoryRequest): Promise<FactoryWithChoiceContext> {
    const summary = validateAllocateArguments(request.choiceArguments, this.options.maxTransferLegs);
    const contracts = await this.network.current();
    const { amuletRules, openRound } = await this.requireNetwork(contracts);
    requireRegistryInstrument(summary, (amuletRules.payload as { dso?: unknown }).dso as string);
    const { factory, externalPartyConfigState } = contracts;
    if (!factory)
      throw notFound(
        'no allocation factory: no active ExternalPartyAmuletRules contract of the DSO has been ingested',
      );
    requireAssigned(factory);
    const exclude = request.excludeDebugFields ?? false;
    const values: Record<string, AnyValue> = {
      [ContextKeys.AmuletRules]: contractIdValue(amuletRules.contractId),
      [ContextKeys.OpenRound]: contractIdValue(openRound.contractId),
    };
    const disclosedContracts = [disclose(amuletRules, exclude), disclose(openRound, exclude)];
    if (externalPartyConfigState) {
      values[ContextKeys.ExternalPartyConfigState] = contractIdValue(externalPartyConfigState.contractId);
      disclosedContracts.push(disclose(externalPartyConfigState, exclude));
    }
    disclosedContracts.push(disclose(factory, exclude));
    return {
      factoryId: factory.contractId,
      choiceContext: { choiceContextData: { values }, disclosedContracts },
    };
  }

  /**
   * Context of a choice on an AmuletAllocation (404 when no such allocation is active):
   * - withdraw and cancel: while the allocation's LockedAmulet exists it is disclosed and
   *   `expire-lock` is true; once it is gone nothing is disclosed and `expire-lock` is false;
   * - execute-transfer: `amulet-rules`, `open-round` and the settlement executor's
   *   `featured-app-right` when it has one, disclosed with the LockedAmulet (404 when gone).
   * The request's `meta` entries follow as `AV_Text` values (see `withMeta`).
   */
  async getAllocationChoiceContext(
    choice: AllocationChoice,
    allocationId: string,
    request: ChoiceContextRequest,
  ): Promise<ChoiceContext> {
    const transfer = choice === 'execute-transfer';
    const [contracts, network] = await Promise.all([
      this.repository.loadAllocationContracts(allocationId, transfer),
      transfer ? this.network.current() : undefined,
    ]);
    const { allocation, lockedAmulet } = contracts;
    if (!allocation)
      throw notFound(`allocation ${allocationId} not found: no active AmuletAllocation has this contract id`);
    const exclude = request.excludeDebugFields ?? false;
    if (!transfer) {
      const values = { [ContextKeys.ExpireLock]: boolValue(lockedAmulet !== undefined) };
      return {
        choiceContextData: { values: withMeta(values, request.meta) },
        disclosedContracts: lockedAmulet ? [disclose(lockedAmulet, exclude)] : [],
      };
    }
    if (!lockedAmulet) throw notFound(`the LockedAmulet of allocation ${allocationId} no longer exists`);
    const { amuletRules, openRound } = await this.requireNetwork(network ?? {});
    const { featuredAppRight } = contracts;
    const values: Record<string, AnyValue> = {
      [ContextKeys.AmuletRules]: contractIdValue(amuletRules.contractId),
      [ContextKeys.OpenRound]: contractIdValue(openRound.contractId),
    };
    const disclosedContracts = [
      disclose(amuletRules, exclude),
      disclose(openRound, exclude),
      disclose(lockedAmulet, exclude),
    ];
    if (featuredAppRight) {
      values[ContextKeys.FeaturedAppRight] = contractIdValue(featuredAppRight.contractId);
      disclosedContracts.push(disclose(featuredAppRight, exclude));
    }
    return { choiceContextData: { values: withMeta(values, request.meta) }, disclosedContracts };
  }

  /** The registry's admin (the DSO party) and the token standard APIs it serves. */
  async getRegistryInfo(): Promise<{ adminId: string; supportedApis: Record<string, number> }> {
    return { adminId: await this.requireAdmin(), supportedApis: { ...REGISTRY_APIS } };
  }

  /** A page of the registry's instruments (only Amulet), in id order. */
  async listInstruments(
    request: InstrumentPageRequest,
  ): Promise<{ instruments: InstrumentMetadata[]; nextPageToken?: string }> {
    await this.requireAdmin();
    const { ids, nextPageToken } = pageOfInstrumentIds([AMULET_INSTRUMENT_ID], request);
    const instruments = ids.length > 0 ? [await this.amulet()] : [];
    return nextPageToken === undefined ? { instruments } : { instruments, nextPageToken };
  }

  /** One of the registry's instruments; NotFound for any id but Amulet's. */
  async getInstrument(instrumentId: string): Promise<InstrumentMetadata> {
    await this.requireAdmin();
    if (instrumentId !== AMULET_INSTRUMENT_ID)
      throw notFound(
        `no instrument with id ${JSON.stringify(instrumentId)}: this registry serves only Amulet`,
      );
    return this.amulet();
  }

  private async amulet(): Promise<InstrumentMetadata> {
    const supply = await this.repository.lookupTotalSupply();
    // An ingested AmuletRules means an ingested update, so the supply has a time.
    if (!supply) throw notFound('no update has been ingested yet');
    return {
      id: AMULET_INSTRUMENT_ID,
      name: 'Amulet',
      symbol: 'AMT',
      decimals: 10,
      totalSupply: supply.total,
      totalSupplyAsOf: supply.asOf,
      supportedApis: { ...AMULET_APIS },
    };
  }

  /** The DSO party, the `dso` of the AmuletRules: the admin of every instrument here. */
  private async requireAdmin(): Promise<string> {
    const { amuletRules } = await this.network.current();
    if (!amuletRules)
      throw notFound('no AmuletRules contract has been ingested yet: the registry admin is unknown');
    return (amuletRules.payload as { dso: string }).dso;
  }

  private requireNetwork(contracts: NetworkContracts): Promise<Required<NetworkContracts>> {
    return requireNetwork(contracts, this.repository);
  }
}
