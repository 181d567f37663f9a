import type { ledgerApi } from '@canton-scan/contracts';
import { toCompact } from '../daml-value/compact';
import type { CompactValue, DamlValue } from '../daml-value/daml-value.types';
import type { ResolvedEventFormat, ResolvedTransactionFormat, ResolvedUpdateFormat } from './ledger-format';
import { matchEvent, packageIdOf, readsAny, type Match } from './ledger-event-filter';
import type { InterfaceImplementation } from './ledger-interfaces';
import type { StoredLedgerEvent, StoredLedgerUpdate } from './ledger-updates.repository';

/**
 * Projection of stored updates through a request format, as a participant's JSON Ledger API v2
 * renders them. Pure: no I/O.
 *
 * - ACS delta shape (flat transactions): created events and, for consuming exercises, archived
 *   events, of contracts whose stakeholders include a requested party whose filter matches.
 *   Contracts created and archived in the same transaction change no ACS and are left out.
 * - Ledger effects shape: created and exercised events whose witnesses include a requested party
 *   whose filter matches.
 * - A party's filter matches an event by template (package-id or package-name reference), by an
 *   interface its template implements (static table, see ledger-interfaces.ts) or by wildcard.
 *   The include flags of every matching filter of every matching party accumulate.
 * - `witnessParties` are the event's parties (stakeholders or witnesses) whose filter matched;
 *   all of them for `filtersForAnyParty`.
 * - Values are rendered in the JSON encoding of Daml values (records as objects with their field
 *   labels), whatever `verbose` says: the JSON API always labels record fields.
 */

// The JSON Ledger API writes numerics as the ledger's plain decimal text, not as a scan does.
const compact = (value: DamlValue | null): CompactValue => (value === null ? {} : toCompact(value, 'ledger'));

function interfaceViews(views: InterfaceImplementation[], payload: CompactValue): ledgerApi.InterfaceView[] {
  return views.map((impl) => {
    try {
      return {
        interfaceId: impl.iface.interfaceId,
        viewStatus: { code: 0, message: '' },
        viewValue: impl.view(payload),
      };
    } catch (error) {
      return {
        interfaceId: impl.iface.interfaceId,
        viewStatus: { code: 13, message: `the view could not be computed: ${(error as Error).message}` },
      };
    }
  });
}

function createdEvent(
  e: StoredLedgerEvent,
  offset: number,
  match: Match,
  acsDelta: boolean,
): ledgerApi.CreatedEvent {
  const createArgument = e.createArgumentCompact ?? compact(e.createArguments);
  const event: ledgerApi.CreatedEvent = {
    offset,
    nodeId: e.nodeId,
    contractId: e.contractId,
    templateId: e.templateId,
    createArgument: createArgument as Record<string, unknown>,
    witnessParties: match.witnessParties,
    signatories: e.signatories ?? [],
    observers: e.observers ?? [],
    createdAt: e.createdAt ?? '',
    packageName: e.packageName,
    representativePackageId: packageIdOf(e.templateId),
    acsDelta,
  };
  if (match.blob && e.createdEventBlob !== null) event.createdEventBlob = e.createdEventBlob;
  if (match.views.length > 0) event.interfaceViews = interfaceViews(match.views, createArgument);
  return event;
}

const implementedInterfaces = (match: Match): string[] | undefined =>
  match.views.length > 0 ? match.views.map((v) => v.iface.interfaceId) : undefined;

function archivedEvent(e: StoredLedgerEvent, offset: number, match: Match): ledgerApi.ArchivedEvent {
  const event: ledgerApi.ArchivedEvent = {
    offset,
    nodeId: e.nodeId,
    contractId: e.contractId,
    templateId: e.templateId,
    witnessParties: match.witnessParties,
    packageName: e.packageName,
  };
  const implemented = implementedInterfaces(match);
  if (implemented) event.implementedInterfaces = implemented;
  return event;
}

function exercisedEvent(
  e: StoredLedgerEvent,
  offset: number,
  match: Match,
  acsDelta: boolean,
): ledgerApi.ExercisedEvent {
  const event: ledgerApi.ExercisedEvent = {
    offset,
    nodeId: e.nodeId,
    contractId: e.contractId,
    templateId: e.templateId,
    choice: e.choice ?? '',
    choiceArgument: compact(e.choiceArgument),
    actingParties: e.actingParties ?? [],
    consuming: e.consuming ?? false,
    witnessParties: match.witnessParties,
    lastDescendantNodeId: e.lastDescendantNodeId,
    exerciseResult: compact(e.exerciseResult),
    packageName: e.packageName,
    acsDelta,
  };
  if (e.interfaceId !== null) event.interfaceId = e.interfaceId;
  const implemented = e.consuming ? implementedInterfaces(match) : undefined;
  if (implemented) event.implementedInterfaces = implemented;
  return event;
}

/**
 * The command id is shown to the submitting parties only. The store does not record who
 * submitted, so the parties that authorized the root nodes (actors of root exercises,
 * signatories of root creates) stand for them; any-party readers see it too.
 */
function commandIdFor(u: StoredLedgerUpdate, format: ResolvedEventFormat): string {
  if (u.commandId === '' || format.anyParty) return u.commandId;
  const roots = new Set(u.rootNodeIds ?? []);
  for (const e of u.events) {
    if (!roots.has(e.nodeId)) continue;
    const authorizers = e.eventType === 'exercised' ? (e.actingParties ?? []) : (e.signatories ?? []);
    if (authorizers.some((p) => format.byParty.has(p))) return u.commandId;
  }
  return '';
}

/** The transaction as seen through `format`; undefined when no event of it is visible. */
export function projectTransaction(
  u: StoredLedgerUpdate,
  format: ResolvedTransactionFormat,
): ledgerApi.Transaction | undefined {
  if (u.kind !== 'transaction') return undefined;
  const ef = format.eventFormat;
  const created = new Set<string>();
  const consumed = new Set<string>();
  for (const e of u.events) {
    if (e.eventType === 'created') created.add(e.contractId);
    else if (e.consuming) consumed.add(e.contractId);
  }
  const events: ledgerApi.Event[] = [];
  for (const e of u.events) {
    if (format.shape === 'ACS_DELTA') {
      if (e.eventType === 'created') {
        if (consumed.has(e.contractId)) continue;
        const match = matchEvent(ef, e, e.stakeholders);
        if (match) events.push({ CreatedEvent: createdEvent(e, u.offset, match, true) });
      } else if (e.consuming && !created.has(e.contractId)) {
        const match = matchEvent(ef, e, e.stakeholders);
        if (match) events.push({ ArchivedEvent: archivedEvent(e, u.offset, match) });
      }
    } else if (e.eventType === 'created') {
      const match = matchEvent(ef, e, e.witnesses);
      if (match) events.push({ CreatedEvent: createdEvent(e, u.offset, match, !consumed.has(e.contractId)) });
    } else {
      const match = matchEvent(ef, e, e.witnesses);
      const acsDelta = (e.consuming ?? false) && !created.has(e.contractId) && readsAny(ef, e.stakeholders);
      if (match) events.push({ ExercisedEvent: exercisedEvent(e, u.offset, match, acsDelta) });
    }
  }
  if (events.length === 0) return undefined;
  const tx: ledgerApi.Transaction = {
    updateId: u.updateId,
    commandId: commandIdFor(u, ef),
    workflowId: u.workflowId,
    effectiveAt: u.effectiveAt ?? u.recordTime,
    events,
    offset: u.offset,
    synchronizerId: u.synchronizerId,
    recordTime: u.recordTime,
  };
  if (u.externalTransactionHash !== null) tx.externalTransactionHash = u.externalTransactionHash;
  return tx;
}

/** An assignment or unassignment as seen through `format`; undefined when not visible. */
export function projectReassignment(
  u: StoredLedgerUpdate,
  format: ResolvedEventFormat,
): ledgerApi.Reassignment | undefined {
  let event: ledgerApi.ReassignmentEvent | undefined;
  const common = {
    source: u.sourceSynchronizer ?? '',
    target: u.targetSynchronizer ?? '',
    reassignmentId: u.unassignId ?? '',
    submitter: u.submitter ?? '',
    reassignmentCounter: u.reassignmentCounter ?? 0,
  };
  if (u.kind === 'assignment') {
    const created = u.events.find((e) => e.eventType === 'created');
    const match = created && matchEvent(format, created, created.stakeholders);
    if (created && match)
      event = {
        JsAssignmentEvent: { ...common, createdEvent: createdEvent(created, u.offset, match, true) },
      };
  } else if (u.kind === 'unassignment' && u.unassigned) {
    const contract = u.unassigned;
    const match = matchEvent(format, contract, contract.stakeholders);
    if (match) {
      event = {
        JsUnassignedEvent: {
          ...common,
          contractId: u.reassignedContractId ?? '',
          templateId: contract.templateId,
          witnessParties: match.witnessParties,
          packageName: contract.packageName,
          offset: u.offset,
          nodeId: 0,
        },
      };
    }
  }
  if (!event) return undefined;
  return {
    updateId: u.updateId,
    commandId: '',
    workflowId: u.workflowId,
    offset: u.offset,
    events: [event],
    recordTime: u.recordTime,
    synchronizerId: u.synchronizerId,
  };
}

/** One flats item for a stored update, or undefined when the format shows nothing of it. */
export function projectUpdate(
  u: StoredLedgerUpdate,
  format: ResolvedUpdateFormat,
): ledgerApi.GetUpdatesResponse | undefined {
  if (!u.visible) return undefined;
  if (u.kind === 'transaction') {
    const tx = format.transactions && projectTransaction(u, format.transactions);
    return tx ? { update: { Transaction: { value: tx } } } : undefined;
  }
  const reassignment = format.reassignments && projectReassignment(u, format.reassignments);
  return reassignment ? { update: { Reassignment: { value: reassignment } } } : undefined;
}

/** The checkpoint telling a reader the stream reached `offset`, with each synchronizer's record time. */
export function offsetCheckpoint(
  offset: number,
  synchronizerTimes: ReadonlyMap<string, string>,
): ledgerApi.GetUpdatesResponse {
  return {
    update: {
      OffsetCheckpoint: {
        value: {
          offset,
          synchronizerTimes: [...synchronizerTimes].map(([synchronizerId, recordTime]) => ({
            synchronizerId,
            recordTime,
          })),
        },
      },
    },
  };
}

/** A contract active at an offset, with the update that last activated it there (its creation or latest assignment). */
export interface StoredActiveContract {
  /** The created event as that update holds it (node and arguments); witnesses are its stakeholders. */
  event: StoredLedgerEvent;
  /** Offset of the activating update. */
  offset: number;
  workflowId: string;
  synchronizerId: string;
  reassignmentCounter: number;
}

/**
 * An active contract as seen through `format` (selected by stakeholder, rendered as the created
 * event of an ACS-delta transaction); undefined when no requested party's filter selects it.
 */
export function projectActiveContract(
  c: StoredActiveContract,
  format: ResolvedEventFormat,
): ledgerApi.GetActiveContractsResponse | undefined {
  const match = matchEvent(format, c.event, c.event.stakeholders);
  if (!match) return undefined;
  return {
    workflowId: c.workflowId,
    contractEntry: {
      JsActiveContract: {
        createdEvent: createdEvent(c.event, c.offset, match, true),
        synchronizerId: c.synchronizerId,
        reassignmentCounter: c.reassignmentCounter,
      },
    },
  };
}

/**
 * A contract's created and archived events as `/v2/events/events-by-contract-id` shows them
 * through an event format (ACS-delta presentation: stakeholders see them), each with the
 * synchronizer of its transaction; an event its transaction does not hold, or no requested
 * party sees, is left out.
 */
export function projectContractEvents(
  contractId: string,
  createdIn: StoredLedgerUpdate | undefined,
  archivedIn: StoredLedgerUpdate | undefined,
  format: ResolvedEventFormat,
): ledgerApi.JsGetEventsByContractIdResponse {
  const response: ledgerApi.JsGetEventsByContractIdResponse = {};
  const create = createdIn?.events.find((e) => e.eventType === 'created' && e.contractId === contractId);
  const createMatch = create && matchEvent(format, create, create.stakeholders);
  if (createdIn && create && createMatch) {
    response.created = {
      createdEvent: createdEvent(create, createdIn.offset, createMatch, true),
      synchronizerId: createdIn.synchronizerId,
    };
  }
  const archive = archivedIn?.events.find(
    (e) => e.eventType === 'exercised' && (e.consuming ?? false) && e.contractId === contractId,
  );
  const archiveMatch = archive && matchEvent(format, archive, archive.stakeholders);
  if (archivedIn && archive && archiveMatch) {
    response.archived = {
      archivedEvent: archivedEvent(archive, archivedIn.offset, archiveMatch),
      synchronizerId: archivedIn.synchronizerId,
    };
  }
  return response;
}
