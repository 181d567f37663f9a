import type { ResolvedEventFormat, ResolvedTransactionFormat, ResolvedUpdateFormat } from './ledger-format';
import {
  commandIdFor,
  compact,
  createArgumentOf,
  implementedInterfaces,
  interfaceViews,
  matchEvent,
  offsetCheckpoint,
  packageIdOf,
  visibleEvents,
  type Match,
} from './ledger-projection';
import type { StoredLedgerEvent, StoredLedgerUpdate } from './ledger-updates.repository';

/**
 * The items of the update list and stream as JSON text, written straight from the stored update:
 * exactly `JSON.stringify` of what ledger-projection.ts builds (same keys, same order, same
 * omissions; ledger-frame-text.integration-spec.ts compares the two over a simulated history),
 * without building the item's object tree first. The contract's compact create arguments are
 * spliced in as the JSON text PostgreSQL holds (it wrote what `JSON.stringify` gave it), so a
 * long range makes little garbage per update: the stream's peak memory stays where it starts.
 */

const q = JSON.stringify;

function createdEventText(e: StoredLedgerEvent, offset: number, match: Match, acsDelta: boolean): string {
  const stored = e.createArgumentCompact === null ? e.createArgumentCompactText : undefined;
  const argument =
    stored !== undefined && stored !== null
      ? stored
      : q(e.createArgumentCompact ?? compact(e.createArguments));
  let text =
    `{"offset":${q(offset)},"nodeId":${q(e.nodeId)},"contractId":${q(e.contractId)},"templateId":${q(e.templateId)}` +
    `,"createArgument":${argument},"witnessParties":${q(match.witnessParties)},"signatories":${q(e.signatories ?? [])}` +
    `,"observers":${q(e.observers ?? [])},"createdAt":${q(e.createdAt ?? '')},"packageName":${q(e.packageName)}` +
    `,"representativePackageId":${q(packageIdOf(e.templateId))},"acsDelta":${q(acsDelta)}`;
  if (match.blob && e.createdEventBlob !== null) text += `,"createdEventBlob":${q(e.createdEventBlob)}`;
  // Interface views are computed from the arguments as values: only then are they parsed.
  if (match.views.length > 0)
    text += `,"interfaceViews":${q(interfaceViews(match.views, createArgumentOf(e)))}`;
  return `${text}}`;
}

function archivedEventText(e: StoredLedgerEvent, offset: number, match: Match): string {
  const implemented = implementedInterfaces(match);
  return (
    `{"offset":${q(offset)},"nodeId":${q(e.nodeId)},"contractId":${q(e.contractId)},"templateId":${q(e.templateId)}` +
    `,"witnessParties":${q(match.witnessParties)},"packageName":${q(e.packageName)}` +
    `${implemented ? `,"implementedInterfaces":${q(implemented)}` : ''}}`
  );
}

function exercisedEventText(e: StoredLedgerEvent, offset: number, match: Match, acsDelta: boolean): string {
  const implemented = e.consuming ? implementedInterfaces(match) : undefined;
  return (
    `{"offset":${q(offset)},"nodeId":${q(e.nodeId)},"contractId":${q(e.contractId)},"templateId":${q(e.templateId)}` +
    `,"choice":${q(e.choice ?? '')},"choiceArgument":${q(compact(e.choiceArgument))}` +
    `,"actingParties":${q(e.actingParties ?? [])},"consuming":${q(e.consuming ?? false)}` +
    `,"witnessParties":${q(match.witnessParties)},"lastDescendantNodeId":${q(e.lastDescendantNodeId)}` +
    `,"exerciseResult":${q(compact(e.exerciseResult))},"packageName":${q(e.packageName)},"acsDelta":${q(acsDelta)}` +
    `${e.interfaceId !== null ? `,"interfaceId":${q(e.interfaceId)}` : ''}` +
    `${implemented ? `,"implementedInterfaces":${q(implemented)}` : ''}}`
  );
}

function transactionText(u: StoredLedgerUpdate, format: ResolvedTransactionFormat): string | undefined {
  const events = visibleEvents(u, format);
  if (events.length === 0) return undefined;
  const eventTexts = events.map((v) => {
    switch (v.kind) {
      case 'created':
        return `{"CreatedEvent":${createdEventText(v.e, u.offset, v.match, v.acsDelta)}}`;
      case 'archived':
        return `{"ArchivedEvent":${archivedEventText(v.e, u.offset, v.match)}}`;
      case 'exercised':
        return `{"ExercisedEvent":${exercisedEventText(v.e, u.offset, v.match, v.acsDelta)}}`;
    }
  });
  return (
    `{"updateId":${q(u.updateId)},"commandId":${q(commandIdFor(u, format.eventFormat))}` +
    `,"workflowId":${q(u.workflowId)},"effectiveAt":${q(u.effectiveAt ?? u.recordTime)}` +
    `,"events":[${eventTexts.join(',')}],"offset":${q(u.offset)},"synchronizerId":${q(u.synchronizerId)}` +
    `,"recordTime":${q(u.recordTime)}` +
    `${u.externalTransactionHash !== null ? `,"externalTransactionHash":${q(u.externalTransactionHash)}` : ''}}`
  );
}

function reassignmentText(u: StoredLedgerUpdate, format: ResolvedEventFormat): string | undefined {
  const common =
    `"source":${q(u.sourceSynchronizer ?? '')},"target":${q(u.targetSynchronizer ?? '')}` +
    `,"reassignmentId":${q(u.unassignId ?? '')},"submitter":${q(u.submitter ?? '')}` +
    `,"reassignmentCounter":${q(u.reassignmentCounter ?? 0)}`;
  let event: string | undefined;
  if (u.kind === 'assignment') {
    const created = u.events.find((e) => e.eventType === 'created');
    const match = created && matchEvent(format, created, created.stakeholders);
    if (created && match)
      event = `{"JsAssignmentEvent":{${common},"createdEvent":${createdEventText(created, u.offset, match, true)}}}`;
  } else if (u.kind === 'unassignment' && u.unassigned) {
    const contract = u.unassigned;
    const match = matchEvent(format, contract, contract.stakeholders);
    if (match)
      event =
        `{"JsUnassignedEvent":{${common},"contractId":${q(u.reassignedContractId ?? '')}` +
        `,"templateId":${q(contract.templateId)},"witnessParties":${q(match.witnessParties)}` +
        `,"packageName":${q(contract.packageName)},"offset":${q(u.offset)},"nodeId":0}}`;
  }
  if (event === undefined) return undefined;
  return (
    `{"updateId":${q(u.updateId)},"commandId":"","workflowId":${q(u.workflowId)},"offset":${q(u.offset)}` +
    `,"events":[${event}],"recordTime":${q(u.recordTime)},"synchronizerId":${q(u.synchronizerId)}}`
  );
}

/** `JSON.stringify(projectUpdate(u, format))`, or undefined when the format shows nothing of it. */
export function updateItemText(u: StoredLedgerUpdate, format: ResolvedUpdateFormat): string | undefined {
  if (!u.visible) return undefined;
  if (u.kind === 'transaction') {
    const tx = format.transactions && transactionText(u, format.transactions);
    return tx === undefined ? undefined : `{"update":{"Transaction":{"value":${tx}}}}`;
  }
  const reassignment = format.reassignments && reassignmentText(u, format.reassignments);
  return reassignment === undefined ? undefined : `{"update":{"Reassignment":{"value":${reassignment}}}}`;
}

/** `JSON.stringify(offsetCheckpoint(offset, synchronizerTimes))` (small and rare: built as an object). */
export function offsetCheckpointText(offset: number, synchronizerTimes: ReadonlyMap<string, string>): string {
  return q(offsetCheckpoint(offset, synchronizerTimes));
}
