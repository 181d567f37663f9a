import type { ledgerApi } from '@canton-scan/contracts';
import { invalidArgument } from '../errors/domain-error';
import type { SpliceInterface } from '../splice/splice-templates';
import { lookupInterface } from './ledger-interfaces';

/**
 * Request formats of the ledger node group (EventFormat, TransactionFormat, UpdateFormat and
 * their deprecated forms), checked and resolved into what the projection applies.
 */

export type TransactionShapeKind = 'ACS_DELTA' | 'LEDGER_EFFECTS';

/** What one party (or any party) asked for: the union of its cumulative filters. */
export interface PartyFilter {
  /** A wildcard entry (or an empty filter list): every template. */
  wildcard?: { blob: boolean };
  /** Templates by package-id template id, with their include-blob flag. */
  templatesById: Map<string, boolean>;
  /** Templates by `package_name:Module:Entity` (package-name references), with their include-blob flag. */
  templatesByName: Map<string, boolean>;
  /** Interfaces; `iface` is undefined for an interface this node does not know (matches nothing). */
  interfaces: { iface: SpliceInterface | undefined; view: boolean; blob: boolean }[];
}

export interface ResolvedEventFormat {
  byParty: Map<string, PartyFilter>;
  anyParty?: PartyFilter;
  /** Accepted for compatibility; the JSON encoding always labels record fields, so it changes nothing. */
  verbose: boolean;
}

export interface ResolvedTransactionFormat {
  eventFormat: ResolvedEventFormat;
  shape: TransactionShapeKind;
}

export interface ResolvedUpdateFormat {
  transactions?: ResolvedTransactionFormat;
  reassignments?: ResolvedEventFormat;
  /** Participant authorization topology events asked for ('all' = every party). None are recorded. */
  topologyParties?: string[] | 'all';
}

const PACKAGE_ID = /^[0-9a-f]{64}$/;

/** A template reference split into the key the projection matches on. */
function templateKey(reference: string, where: string): { byId: string } | { byName: string } {
  const named = reference.startsWith('#');
  const parts = (named ? reference.slice(1) : reference).split(':');
  if (parts.length !== 3 || parts.some((p) => p === '')) {
    throw invalidArgument(
      `${where} must be #<package-name>:<Module>:<Entity> or <package-id>:<Module>:<Entity>, got "${reference}"`,
    );
  }
  // A reference whose package part is not a package id is read as a package name (also without `#`).
  return !named && PACKAGE_ID.test(parts[0]) ? { byId: reference } : { byName: parts.join(':') };
}

function resolveFilters(filters: ledgerApi.Filters | undefined, where: string): PartyFilter {
  const resolved: PartyFilter = { templatesById: new Map(), templatesByName: new Map(), interfaces: [] };
  const entries = filters?.cumulative ?? [];
  let concrete = 0;
  entries.forEach((entry, i) => {
    const at = `${where}.cumulative[${i}].identifierFilter`;
    const f = entry.identifierFilter;
    if ('WildcardFilter' in f) {
      concrete++;
      const blob = f.WildcardFilter.value.includeCreatedEventBlob ?? false;
      resolved.wildcard = { blob: (resolved.wildcard?.blob ?? false) || blob };
    } else if ('TemplateFilter' in f) {
      concrete++;
      const { templateId, includeCreatedEventBlob = false } = f.TemplateFilter.value;
      const key = templateKey(templateId, `${at}.TemplateFilter.value.templateId`);
      const map = 'byId' in key ? resolved.templatesById : resolved.templatesByName;
      const name = 'byId' in key ? key.byId : key.byName;
      map.set(name, (map.get(name) ?? false) || includeCreatedEventBlob);
    } else if ('InterfaceFilter' in f) {
      concrete++;
      const {
        interfaceId,
        includeInterfaceView = false,
        includeCreatedEventBlob = false,
      } = f.InterfaceFilter.value;
      templateKey(interfaceId, `${at}.InterfaceFilter.value.interfaceId`);
      resolved.interfaces.push({
        iface: lookupInterface(interfaceId),
        view: includeInterfaceView,
        blob: includeCreatedEventBlob,
      });
    }
    // `Empty` entries select nothing by themselves.
  });
  // No filter, or only empty ones: a single wildcard without created-event blob.
  if (concrete === 0) resolved.wildcard = { blob: false };
  return resolved;
}

function checkParty(party: string, where: string): void {
  if (party.trim() === '' || /\s/.test(party))
    throw invalidArgument(`${where}: "${party}" is not a valid party id`);
}

/** EventFormat (or the deprecated TransactionFilter plus verbose). */
export function resolveEventFormat(
  format: ledgerApi.EventFormat | ledgerApi.TransactionFilter,
  where: string,
  verbose = (format as ledgerApi.EventFormat).verbose ?? false,
): ResolvedEventFormat {
  const byParty = new Map<string, PartyFilter>();
  for (const [party, filters] of Object.entries(format.filtersByParty ?? {})) {
    checkParty(party, `${where}.filtersByParty`);
    byParty.set(party, resolveFilters(filters, `${where}.filtersByParty["${party}"]`));
  }
  const anyParty = format.filtersForAnyParty
    ? resolveFilters(format.filtersForAnyParty, `${where}.filtersForAnyParty`)
    : undefined;
  if (byParty.size === 0 && !anyParty)
    throw invalidArgument(`${where}: filtersByParty and filtersForAnyParty cannot be empty simultaneously`);
  return anyParty ? { byParty, anyParty, verbose } : { byParty, verbose };
}

export function resolveTransactionFormat(
  format: ledgerApi.TransactionFormat,
  where: string,
): ResolvedTransactionFormat {
  const eventFormat = resolveEventFormat(format.eventFormat, `${where}.eventFormat`);
  switch (format.transactionShape) {
    case 'TRANSACTION_SHAPE_ACS_DELTA':
      return { eventFormat, shape: 'ACS_DELTA' };
    case 'TRANSACTION_SHAPE_LEDGER_EFFECTS':
      return { eventFormat, shape: 'LEDGER_EFFECTS' };
    case undefined:
    case 'TRANSACTION_SHAPE_UNSPECIFIED':
      throw invalidArgument(
        `${where}.transactionShape is unspecified: use TRANSACTION_SHAPE_ACS_DELTA or TRANSACTION_SHAPE_LEDGER_EFFECTS`,
      );
  }
}

/** An UpdateFormat: the kinds of updates asked for, each with its format. */
export function resolveUpdateFormat(u: ledgerApi.UpdateFormat, where: string): ResolvedUpdateFormat {
  const resolved: ResolvedUpdateFormat = {};
  if (u.includeTransactions)
    resolved.transactions = resolveTransactionFormat(u.includeTransactions, `${where}.includeTransactions`);
  if (u.includeReassignments)
    resolved.reassignments = resolveEventFormat(u.includeReassignments, `${where}.includeReassignments`);
  const topology = u.includeTopologyEvents?.includeParticipantAuthorizationEvents;
  if (topology) {
    const parties = topology.parties ?? [];
    parties.forEach((p) =>
      checkParty(p, `${where}.includeTopologyEvents.includeParticipantAuthorizationEvents.parties`),
    );
    resolved.topologyParties = parties.length === 0 ? 'all' : parties;
  }
  return resolved;
}

/**
 * The format of an updates request (`/v2/updates` and the deprecated flats): `updateFormat`, or
 * the deprecated `filter`/`verbose`, which means flat (ACS delta) transactions and reassignments
 * for the filter's parties. Mixing the two forms, or giving neither, is an invalid argument.
 * `verbose: false` is no legacy argument: a false boolean is protobuf's "unset", and Canton's JSON
 * API (JsUpdateService) accepts it beside `updateFormat` (the wallet SDK sends it).
 */
export function resolveUpdatesRequestFormat(request: ledgerApi.GetUpdatesRequest): ResolvedUpdateFormat {
  const legacy = request.filter !== undefined || request.verbose === true;
  if (legacy && request.updateFormat !== undefined) {
    throw invalidArgument(
      'body: either filter/verbose or updateFormat may be set, not both (filter and verbose are deprecated)',
    );
  }
  if (request.updateFormat !== undefined)
    return resolveUpdateFormat(request.updateFormat, 'body.updateFormat');
  if (request.filter === undefined) {
    throw invalidArgument('body: updateFormat is required (or the deprecated filter)');
  }
  const eventFormat = resolveEventFormat(request.filter, 'body.filter', request.verbose ?? false);
  return { transactions: { eventFormat, shape: 'ACS_DELTA' }, reassignments: eventFormat };
}

/** The format of an update-by-offset or update-by-id request: its `updateFormat`, which it needs. */
export function resolveSingleUpdateFormat(
  request: ledgerApi.GetUpdateByOffsetRequest | ledgerApi.GetUpdateByIdRequest,
): ResolvedUpdateFormat {
  if (request.updateFormat === undefined) throw invalidArgument('body.updateFormat is required');
  return resolveUpdateFormat(request.updateFormat, 'body.updateFormat');
}

/**
 * The format of an active-contracts request: `eventFormat`, or the deprecated `filter`/`verbose`
 * (the same filters); both or neither is an invalid argument. `verbose: false` counts as unset, as
 * in Canton's request validator (only `verbose: true` conflicts with `eventFormat`).
 */
export function resolveActiveContractsFormat(
  request: ledgerApi.GetActiveContractsRequest,
): ResolvedEventFormat {
  const legacy = request.filter !== undefined || request.verbose === true;
  if (legacy && request.eventFormat !== undefined) {
    throw invalidArgument(
      'body: either filter/verbose or eventFormat may be set, not both (filter and verbose are deprecated)',
    );
  }
  if (request.eventFormat !== undefined) return resolveEventFormat(request.eventFormat, 'body.eventFormat');
  if (request.filter === undefined) {
    throw invalidArgument('body: eventFormat is required (or the deprecated filter)');
  }
  return resolveEventFormat(request.filter, 'body.filter', request.verbose ?? false);
}

/**
 * The format of a transaction-by-offset request: `transactionFormat`, or the deprecated
 * `requestingParties` with its defaults (each party with a wildcard filter without created-event
 * blobs, verbose, ACS delta shape). Both or neither: invalid argument.
 */
export function resolveTransactionByOffsetFormat(
  request: ledgerApi.GetTransactionByOffsetRequest | ledgerApi.GetTransactionByIdRequest,
): ResolvedTransactionFormat {
  const parties = request.requestingParties ?? [];
  if (parties.length > 0 && request.transactionFormat !== undefined) {
    throw invalidArgument(
      'body: either requestingParties or transactionFormat may be set, not both (requestingParties is deprecated)',
    );
  }
  if (request.transactionFormat !== undefined)
    return resolveTransactionFormat(request.transactionFormat, 'body.transactionFormat');
  if (parties.length === 0)
    throw invalidArgument('body: transactionFormat is required (or the deprecated requestingParties)');
  const filtersByParty = Object.fromEntries(parties.map((p) => [p, {}]));
  return {
    eventFormat: resolveEventFormat({ filtersByParty, verbose: true }, 'body.requestingParties'),
    shape: 'ACS_DELTA',
  };
}

/** Every party a format reads as, and whether it reads as any party. */
export function partiesRead(format: ResolvedUpdateFormat): { parties: Set<string>; anyParty: boolean } {
  const parties = new Set<string>();
  let anyParty = false;
  for (const eventFormat of [format.transactions?.eventFormat, format.reassignments]) {
    if (!eventFormat) continue;
    for (const party of eventFormat.byParty.keys()) parties.add(party);
    if (eventFormat.anyParty) anyParty = true;
  }
  if (format.topologyParties === 'all') anyParty = true;
  else for (const party of format.topologyParties ?? []) parties.add(party);
  return { parties, anyParty };
}

/** Whether any filter of the format may ask for created-event blobs (the store then reads them). */
export function mayIncludeBlobs(format: ResolvedUpdateFormat): boolean {
  const wants = (f: PartyFilter) =>
    (f.wildcard?.blob ?? false) ||
    [...f.templatesById.values(), ...f.templatesByName.values()].some(Boolean) ||
    f.interfaces.some((i) => i.blob);
  return [format.transactions?.eventFormat, format.reassignments].some(
    (ef) =>
      ef !== undefined &&
      ([...ef.byParty.values()].some(wants) || (ef.anyParty !== undefined && wants(ef.anyParty))),
  );
}
