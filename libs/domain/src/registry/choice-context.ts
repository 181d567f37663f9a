import type { registryApi } from '@canton-scan/contracts';
import { createdEventBlobOf, type ActiveContract } from '../contracts/active-contracts.repository';
import { DomainError, DomainErrorCode } from '../errors/domain-error';

/** A value of the token standard's `AnyValue` variant in ledger JSON. */
export type AnyValue = registryApi.AnyValue;
export type DisclosedContract = registryApi.DisclosedContract;
export type ChoiceContext = registryApi.ChoiceContext;
export type FactoryWithChoiceContext = registryApi.FactoryWithChoiceContext;

/** Keys of `choiceContextData.values` the amulet registry sets (docs/token-registry.md "Choice-context keys"). */
export const ContextKeys = {
  AmuletRules: 'amulet-rules',
  OpenRound: 'open-round',
  FeaturedAppRight: 'featured-app-right',
  ExpireLock: 'expire-lock',
  ExternalPartyConfigState: 'external-party-config-state',
  TransferPreapproval: 'transfer-preapproval',
} as const;
const RESERVED_KEYS: ReadonlySet<string> = new Set(Object.values(ContextKeys));

export const contractIdValue = (contractId: string): AnyValue => ({
  tag: 'AV_ContractId',
  value: contractId,
});
export const boolValue = (value: boolean): AnyValue => ({ tag: 'AV_Bool', value });

/** `package-name:Module:Entity` of a stored contract, for messages. */
function describe(contract: ActiveContract): string {
  const [, moduleName, entityName] = contract.templateId.split(':');
  return `${contract.packageName}:${moduleName}:${entityName}`;
}

/**
 * Fails with CONTRACT_IN_FLIGHT (409) when the contract is unassigned from one synchronizer and
 * not yet assigned to another: no synchronizer can be named for it, so it cannot be disclosed.
 */
export function requireAssigned(contract: ActiveContract): void {
  if (contract.inFlight) {
    throw new DomainError(
      DomainErrorCode.ContractInFlight,
      `contract ${contract.contractId} (${describe(contract)}) is being reassigned: unassigned from ${contract.synchronizerId} and not yet assigned to another synchronizer; retry once the reassignment completes`,
      { contractId: contract.contractId },
    );
  }
}

/**
 * The DisclosedContract of a stored contract: its blob (503 when a mirrored contract's blob is not
 * stored yet, see `createdEventBlobOf`), its current synchronizer.
 */
export function disclose(contract: ActiveContract, excludeDebugFields: boolean): DisclosedContract {
  requireAssigned(contract);
  const disclosed: DisclosedContract = {
    templateId: contract.templateId,
    contractId: contract.contractId,
    createdEventBlob: createdEventBlobOf(contract),
    synchronizerId: contract.synchronizerId,
  };
  if (!excludeDebugFields) {
    disclosed.debugPackageName = contract.packageName;
    disclosed.debugPayload = contract.payload;
    disclosed.debugCreatedAt = contract.createdAt;
  }
  return disclosed;
}

/**
 * The request's `meta` incorporated into the context: each entry becomes a value of the same key,
 * `{tag: "AV_Text", value}`, after the registry's own keys. The registry's keys (docs/token-registry.md) are
 * reserved; a meta entry using one is refused (400) instead of silently overriding or dropping it.
 */
export function withMeta(
  values: Record<string, AnyValue>,
  meta: Record<string, string> | undefined,
): Record<string, AnyValue> {
  if (!meta) return values;
  for (const [k, v] of Object.entries(meta)) {
    if (RESERVED_KEYS.has(k)) {
      throw new DomainError(
        DomainErrorCode.InvalidArgument,
        `body.meta.${k} is a key the registry sets in the choice context; use another key`,
        { field: `meta.${k}` },
      );
    }
    if (k.length === 0)
      throw new DomainError(DomainErrorCode.InvalidArgument, 'body.meta must not have an empty key');
    values[k] = { tag: 'AV_Text', value: v };
  }
  return values;
}
