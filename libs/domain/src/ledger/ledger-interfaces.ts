import type { CompactValue } from '../daml-value/daml-value.types';
import type {
  AmuletAllocationPayload,
  AmuletPayload,
  AmuletTransferInstructionPayload,
  LockedAmuletPayload,
} from '../splice/amulet.payloads';
import type { ExternalPartyAmuletRulesPayload } from '../splice/amulet-rules.payloads';
import { SpliceInterfaces, SpliceTemplates, type SpliceInterface } from '../splice/splice-templates';

/**
 * Which Daml interfaces each template implements, and how its interface view is computed.
 *
 * The store keeps create arguments, not Daml packages, so it cannot evaluate interface
 * instances. This static table mirrors the `interface instance` declarations of the Splice
 * packages for the templates the network records (token standard v1):
 *
 * | template                               | interfaces                          |
 * |----------------------------------------|-------------------------------------|
 * | Splice.Amulet:Amulet                   | HoldingV1.Holding                   |
 * | Splice.Amulet:LockedAmulet             | HoldingV1.Holding                   |
 * | Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules | TransferInstructionV1.TransferFactory, AllocationInstructionV1.AllocationFactory |
 * | Splice.AmuletAllocation:AmuletAllocation | AllocationV1.Allocation           |
 * | Splice.AmuletTransferInstruction:AmuletTransferInstruction | TransferInstructionV1.TransferInstruction |
 *
 * Templates are matched by package name (any package version). Views are derived from the
 * compact create arguments as the Splice implementations compute them.
 */
export interface InterfaceImplementation {
  readonly iface: SpliceInterface;
  view(payload: CompactValue): CompactValue;
}

const emptyMeta = { values: {} };

function holdingView(amulet: AmuletPayload, lock: LockedAmuletPayload['lock'] | null): CompactValue {
  return {
    owner: amulet.owner,
    instrumentId: { admin: amulet.dso, id: 'Amulet' },
    amount: amulet.amount.initialAmount,
    lock:
      lock === null
        ? null
        : { holders: lock.holders, expiresAt: lock.expiresAt, expiresAfter: null, context: lock.optContext },
    meta: {
      values: {
        'amulet.splice.lfdecentralizedtrust.org/created-in-round': amulet.amount.createdAt.number,
        'amulet.splice.lfdecentralizedtrust.org/rate-per-round': amulet.amount.ratePerRound.rate,
      },
    },
  } as unknown as CompactValue;
}

const IMPLEMENTATIONS = new Map<string, InterfaceImplementation[]>([
  [
    SpliceTemplates.Amulet.qualifiedName,
    [{ iface: SpliceInterfaces.Holding, view: (p) => holdingView(p as unknown as AmuletPayload, null) }],
  ],
  [
    SpliceTemplates.LockedAmulet.qualifiedName,
    [
      {
        iface: SpliceInterfaces.Holding,
        view: (p) => {
          const locked = p as unknown as LockedAmuletPayload;
          return holdingView(locked.amulet, locked.lock);
        },
      },
    ],
  ],
  [
    SpliceTemplates.ExternalPartyAmuletRules.qualifiedName,
    [
      {
        iface: SpliceInterfaces.TransferFactory,
        view: (p) => ({ admin: (p as unknown as ExternalPartyAmuletRulesPayload).dso, meta: emptyMeta }),
      },
      {
        iface: SpliceInterfaces.AllocationFactory,
        view: (p) => ({ admin: (p as unknown as ExternalPartyAmuletRulesPayload).dso, meta: emptyMeta }),
      },
    ],
  ],
  [
    SpliceTemplates.AmuletAllocation.qualifiedName,
    [
      {
        iface: SpliceInterfaces.Allocation,
        view: (p) => {
          const allocation = p as unknown as AmuletAllocationPayload;
          return {
            allocation: allocation.allocation,
            holdingCids: [allocation.lockedAmulet],
            meta: emptyMeta,
          } as unknown as CompactValue;
        },
      },
    ],
  ],
  [
    SpliceTemplates.AmuletTransferInstruction.qualifiedName,
    [
      {
        iface: SpliceInterfaces.TransferInstruction,
        view: (p) => {
          const instruction = p as unknown as AmuletTransferInstructionPayload;
          // An amulet transfer instruction waits for the receiver until it is archived.
          return {
            originalInstructionCid: null,
            transfer: instruction.transfer,
            status: { tag: 'TransferPendingReceiverAcceptance', value: {} },
            meta: emptyMeta,
          } as unknown as CompactValue;
        },
      },
    ],
  ],
]);

const NO_INTERFACES: readonly InterfaceImplementation[] = [];

/** The interfaces a template (by `package_name:Module:Entity`) implements. */
export function interfacesImplementedBy(qualifiedTemplateName: string): readonly InterfaceImplementation[] {
  return IMPLEMENTATIONS.get(qualifiedTemplateName) ?? NO_INTERFACES;
}

const INTERFACES_BY_REF = new Map<string, SpliceInterface>();
for (const iface of Object.values(SpliceInterfaces)) {
  INTERFACES_BY_REF.set(iface.interfaceId, iface);
  INTERFACES_BY_REF.set(iface.qualifiedName, iface);
}

/**
 * The interface named by a filter's `interfaceId`: by package name (`#<name>:<Module>:<Entity>`,
 * also accepted without the `#`) or by package id (`<package-id>:<Module>:<Entity>`).
 */
export function lookupInterface(reference: string): SpliceInterface | undefined {
  return INTERFACES_BY_REF.get(reference.startsWith('#') ? reference.slice(1) : reference);
}
