import type { PartyFilter, ResolvedEventFormat } from './ledger-format';
import { interfacesImplementedBy, type InterfaceImplementation } from './ledger-interfaces';
import type { StoredLedgerEvent } from './ledger-updates.repository';

// Which requested parties' filters an event matches (ledger-projection.ts renders what matched):
// by template (package-id or package-name reference), by an interface its template implements or
// by wildcard; the include flags of every matching filter of every matching party accumulate.

type EventTemplate = Pick<StoredLedgerEvent, 'templateId' | 'packageName'>;

export interface Match {
  witnessParties: string[];
  blob: boolean;
  /** Interfaces whose view was asked for (deduplicated, in filter order). */
  views: InterfaceImplementation[];
}

/** `package_name:Module:Entity` of a package-id template id. */
function qualifiedName(e: EventTemplate): string {
  const first = e.templateId.indexOf(':');
  return `${e.packageName}:${e.templateId.slice(first + 1)}`;
}

export function packageIdOf(templateId: string): string {
  return templateId.slice(0, templateId.indexOf(':'));
}

/** Whether one party's filter selects an event's template; the flags it contributes. */
function matchFilter(
  filter: PartyFilter,
  e: EventTemplate,
  name: string,
  into: { blob: boolean; views: Set<InterfaceImplementation> },
): boolean {
  let matched = false;
  if (filter.wildcard) {
    matched = true;
    into.blob ||= filter.wildcard.blob;
  }
  const byId = filter.templatesById.get(e.templateId);
  if (byId !== undefined) {
    matched = true;
    into.blob ||= byId;
  }
  const byName = filter.templatesByName.get(name);
  if (byName !== undefined) {
    matched = true;
    into.blob ||= byName;
  }
  if (filter.interfaces.length > 0) {
    const implemented = interfacesImplementedBy(name);
    for (const wanted of filter.interfaces) {
      const impl = implemented.find((i) => i.iface === wanted.iface);
      if (!impl) continue;
      matched = true;
      into.blob ||= wanted.blob;
      if (wanted.view) into.views.add(impl);
    }
  }
  return matched;
}

/** Matches an event seen by `parties` against a format; undefined when no requested party's filter selects it. */
export function matchEvent(
  format: ResolvedEventFormat,
  e: EventTemplate,
  parties: readonly string[],
): Match | undefined {
  const name = qualifiedName(e);
  const acc = { blob: false, views: new Set<InterfaceImplementation>() };
  let witnesses: Set<string> | undefined;
  if (format.anyParty && matchFilter(format.anyParty, e, name, acc)) witnesses = new Set(parties);
  if (format.byParty.size > 0) {
    for (const party of parties) {
      const filter = format.byParty.get(party);
      if (filter && matchFilter(filter, e, name, acc)) (witnesses ??= new Set()).add(party);
    }
  }
  if (!witnesses || witnesses.size === 0) return undefined;
  return { witnessParties: [...witnesses], blob: acc.blob, views: [...acc.views] };
}

/** Whether the requested parties include one of `parties` (always for any party). */
export function readsAny(format: ResolvedEventFormat, parties: readonly string[]): boolean {
  return format.anyParty !== undefined ? parties.length > 0 : parties.some((p) => format.byParty.has(p));
}
