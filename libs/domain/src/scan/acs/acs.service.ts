import type { scanApi } from '@canton-scan/contracts';
import { invalidArgument, notFound } from '../../errors/domain-error';
import { requireRequestTime } from '../time/request-time';
import { JsonText } from '../../wire/json-text';
import { AcsRepository, type AcsSelection, type TemplateName } from './acs.repository';
import { AcsSnapshotsRepository } from './acs-snapshots.repository';
import { resolveSnapshot } from './snapshot-resolution';

export type AcsPageRequest = scanApi.AcsRequest;
export type AcsPage = scanApi.AcsResponse;

/** `PACKAGE_NAME:MODULE_NAME:ENTITY_NAME` (docs/offsets-and-ids.md "Template names": matched on the package name). */
export function parseTemplateName(value: string, field = 'templates'): TemplateName {
  const parts = value.split(':');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) {
    throw invalidArgument(`${field}: "${value}" is not of the form PACKAGE_NAME:MODULE_NAME:ENTITY_NAME`);
  }
  return { packageName: parts[0], moduleName: parts[1], entityName: parts[2] };
}

/**
 * ACS snapshots (`/v0/state/acs`, `/v0/state/acs/snapshot-timestamp`).
 *
 * Pages follow creation order; `next_page_token` is the row id of the page's last contract and
 * is given only when the page is full. A token is accepted when it names a contract of the same
 * selection (same migration, active at the snapshot time, matching the party and template
 * filters); anything else is an InvalidArgument. A token from another snapshot whose contract
 * is also in this one names a valid position in it and is accepted.
 */
export class AcsService {
  constructor(
    private readonly acs: AcsRepository,
    private readonly snapshots: AcsSnapshotsRepository,
  ) {}

  /** A page, as the response body PostgreSQL wrote (AcsRepository.page), bytes not decoded. */
  async getPage(request: AcsPageRequest): Promise<JsonText<AcsPage>> {
    const snapshotTime = await resolveSnapshot(this.snapshots, request);
    const selection: AcsSelection = {
      migrationId: request.migration_id,
      snapshotTime,
      partyIds: request.party_ids,
      templates: request.templates?.map((t) => parseTemplateName(t)),
    };
    const after = request.after === undefined ? undefined : String(request.after);
    if (after !== undefined && !(await this.acs.isRowOf(selection, after))) {
      throw invalidArgument(
        `after: ${after} is not a page token of this snapshot and query (pass next_page_token unchanged, with the same other parameters)`,
      );
    }
    return new JsonText(await this.acs.page(selection, after, request.page_size));
  }

  /**
   * The first snapshot of `migrationId` strictly after `after` (compared at microsecond
   * precision), or of a later migration if that comes earlier.
   */
  async getSnapshotTimestampAfter(migrationId: number, after: string): Promise<{ record_time: string }> {
    // snapshot > after  <=>  snapshot > after floored to a microsecond.
    const bound = requireRequestTime('after', after).floor;
    const found = await this.snapshots.lookupFirstAfter(migrationId, bound);
    if (found === undefined)
      throw notFound(`no ACS snapshot of migration ${migrationId} after ${after}, nor of a later migration`);
    return { record_time: found };
  }

  /** The most recent snapshot strictly before `before` (compared at microsecond precision). */
  async getSnapshotTimestampBefore(migrationId: number, before: string): Promise<{ record_time: string }> {
    // snapshot < before  <=>  snapshot < before rounded up to a microsecond (snapshots are whole microseconds).
    const bound = requireRequestTime('before', before).ceil;
    const found = await this.snapshots.lookupBefore(migrationId, bound);
    if (found === undefined) throw notFound(`no ACS snapshot of migration ${migrationId} before ${before}`);
    return { record_time: found };
  }
}
