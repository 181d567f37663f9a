import type { scanApi } from '@canton-scan/contracts';
import { fewestDigitsText } from '../daml-value/daml-scalars';
import type { DsoRepository } from './dso.repository';

export type DsoScans = scanApi.ListDsoScansResponse;
export type DsoSequencers = scanApi.ListDsoSequencersResponse;
export type SvBftSequencers = scanApi.ListSvBftSequencersResponse;
type DsoSequencer = scanApi.DsoSequencer;

/**
 * What upstream gives a previous migration's sequencer as `availableAfter`: Java's
 * `OffsetDateTime.MIN`, i.e. available since always.
 */
export const LEGACY_SEQUENCER_AVAILABLE_AFTER = '-999999999-01-01T00:00:00+18:00';

/** `migrationId` of a sequencer given by physical synchronizer serial instead. */
const NO_MIGRATION_ID = -1;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const int64 = (v: unknown): number | undefined =>
  typeof v === 'string' && /^-?\d{1,18}$/.test(v) ? Number(v) : undefined;

/** A compact Daml `Map` (`[[key, value], ...]`) as its pairs; anything else as none. */
function mapPairs(v: unknown): [unknown, unknown][] {
  return Array.isArray(v) ? v.filter((p): p is [unknown, unknown] => Array.isArray(p) && p.length === 2) : [];
}

/** A compact timestamp as upstream serialises an `OffsetDateTime`: the fewest fraction digits. */
function instant(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  try {
    return fewestDigitsText(v);
  } catch {
    return undefined;
  }
}

/** Whether upstream's URL check passes: an absolute http(s) URL with a host. */
export function isServableUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** One SV's node on one synchronizer, read from an SvNodeState's `state.synchronizerNodes`. */
interface SvNode {
  synchronizerId: string;
  svName: string;
  node: Json;
}

function nodesOf(payloads: readonly Json[]): SvNode[] {
  return payloads.flatMap((payload) => {
    const svName = text(payload.svName);
    const state = payload.state;
    if (svName === undefined || !isObject(state)) return [];
    return mapPairs(state.synchronizerNodes).flatMap(([synchronizerId, node]) =>
      typeof synchronizerId === 'string' && isObject(node) ? [{ synchronizerId, svName, node }] : [],
    );
  });
}

/** Items by synchronizer, synchronizers in id order, items in the order given. */
function bySynchronizer<T>(items: readonly [string, T][]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const [synchronizerId, item] of items) {
    const group = groups.get(synchronizerId) ?? [];
    group.push(item);
    groups.set(synchronizerId, group);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The sequencers one SV node publishes, as upstream lists them: the legacy (previous migration)
 * sequencer, then the current one once it has an `availableAfter` (duplicates dropped), then
 * those of its physical synchronizers (payloads of newer package versions).
 */
function sequencersOf({ svName, node }: SvNode): DsoSequencer[] {
  const out: DsoSequencer[] = [];
  const legacy = node.legacySequencerConfig;
  if (isObject(legacy)) {
    const [migrationId, id, url] = [int64(legacy.migrationId), text(legacy.sequencerId), text(legacy.url)];
    if (migrationId !== undefined && id !== undefined && url !== undefined)
      out.push({ migrationId, id, url, svName, availableAfter: LEGACY_SEQUENCER_AVAILABLE_AFTER });
  }
  const current = node.sequencer;
  if (isObject(current)) {
    const [migrationId, id, url] = [int64(current.migrationId), text(current.sequencerId), text(current.url)];
    const availableAfter = instant(current.availableAfter);
    if (migrationId !== undefined && id !== undefined && url !== undefined && availableAfter !== undefined) {
      const entry: DsoSequencer = { migrationId, id, url, svName, availableAfter };
      if (!out.some((s) => JSON.stringify(s) === JSON.stringify(entry))) out.push(entry);
    }
  }
  const identity = node.sequencerIdentity;
  const identityId = isObject(identity) ? text(identity.sequencerId) : undefined;
  const identityAfter = isObject(identity) ? instant(identity.availableAfter) : undefined;
  if (identityId !== undefined && identityAfter !== undefined) {
    for (const [serial, physical] of mapPairs(node.physicalSynchronizers)) {
      const synchronizerSerial = int64(serial);
      const sequencer = isObject(physical) ? physical.sequencer : undefined;
      const url = isObject(sequencer) ? text(sequencer.url) : undefined;
      if (synchronizerSerial === undefined || url === undefined) continue;
      out.push({
        migrationId: NO_MIGRATION_ID,
        synchronizerSerial,
        id: identityId,
        url,
        svName,
        availableAfter: identityAfter,
      });
    }
  }
  return out;
}

/**
 * Where the SVs run their nodes (scans, sequencers), from the current SvNodeStates of the SVs
 * in DsoRules (docs/current-contracts.md "SV nodes"). Payload fields this node cannot read
 * (another package version) leave that entry out; they never fail the request.
 */
export class SvNodesService {
  constructor(private readonly dso: DsoRepository) {}

  async listDsoScans(): Promise<DsoScans> {
    const nodes = nodesOf(await this.dso.listSvNodeStatePayloads());
    const scans = nodes.flatMap(({ synchronizerId, svName, node }): [string, scanApi.ScanInfo][] => {
      const publicUrl = isObject(node.scan) ? text(node.scan.publicUrl) : undefined;
      return publicUrl === undefined ? [] : [[synchronizerId, { publicUrl, svName }]];
    });
    return {
      scans: bySynchronizer(scans).map(([domainId, list]) => ({ domainId, scans: list })),
    };
  }

  async listDsoSequencers(): Promise<DsoSequencers> {
    const nodes = nodesOf(await this.dso.listSvNodeStatePayloads());
    const sequencers = nodes.flatMap((n) =>
      sequencersOf(n).map((s): [string, DsoSequencer] => [n.synchronizerId, s]),
    );
    return {
      domainSequencers: bySynchronizer(sequencers).map(([domainId, list]) => ({
        domainId,
        sequencers: list.filter((s) => isServableUrl(s.url)),
      })),
    };
  }

  /**
   * This SV's BFT sequencers: their peer-to-peer URLs are node configuration, not ledger data,
   * and this node operates none, so the list is empty (as upstream answers without any).
   */
  listSvBftSequencers(): SvBftSequencers {
    return { bftSequencers: [] };
  }
}
