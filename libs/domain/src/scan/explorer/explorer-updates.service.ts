import type { scanApi } from '@canton-scan/contracts';
import { invalidArgument } from '../../errors/domain-error';
import { isStorableTimestamp } from '../../time/micros';
import {
  ExplorerUpdatesRepository,
  type ExplorerTemplateFilter,
  type ExplorerUpdatesCursor,
  type ExplorerUpdateRow,
} from './explorer-updates.repository';

export type ExplorerUpdatesRequest = NonNullable<scanApi.ListExplorerUpdatesData['query']>;
export type ExplorerUpdatesResponse = scanApi.ExplorerUpdatesResponse;

export const EXPLORER_UPDATES_DEFAULT_LIMIT = 20;
export const EXPLORER_UPDATES_MAX_LIMIT = 100;

const MAX_BIGINT = 2n ** 63n - 1n;
const TOKEN = /^(\d{1,19})\|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,19})$/;

/** The opaque page token of a position: base64url of `migration|record time|row id`. */
export function encodeUpdatesCursor(cursor: ExplorerUpdatesCursor): string {
  return Buffer.from(`${cursor.migrationId}|${cursor.recordTime}|${cursor.rowId}`).toString('base64url');
}

/** The position a page token names; InvalidArgument for anything this endpoint did not issue. */
export function decodeUpdatesCursor(token: string): ExplorerUpdatesCursor {
  const m = /^[A-Za-z0-9_-]+$/.test(token) ? TOKEN.exec(Buffer.from(token, 'base64url').toString()) : null;
  if (!m || BigInt(m[1]) > MAX_BIGINT || BigInt(m[3]) > MAX_BIGINT || !isStorableTimestamp(m[2]))
    throw invalidArgument(
      `page_token: "${token}" is not a page token of this list (pass next_page_token unchanged)`,
    );
  return { migrationId: m[1], recordTime: m[2], rowId: m[3] };
}

/**
 * A template filter: `MODULE:ENTITY` (any package), or `PACKAGE:MODULE:ENTITY` where PACKAGE is
 * a package id or a package name.
 */
export function parseTemplateFilter(value: string): ExplorerTemplateFilter {
  const parts = value.split(':');
  if ((parts.length !== 2 && parts.length !== 3) || parts.some((p) => p.length === 0)) {
    throw invalidArgument(
      `template: "${value}" is not of the form PACKAGE:MODULE:ENTITY or MODULE:ENTITY (PACKAGE: a package id or name)`,
    );
  }
  return parts.length === 3
    ? { packageRef: parts[0], suffix: `${parts[1]}:${parts[2]}` }
    : { suffix: `${parts[0]}:${parts[1]}` };
}

function toUpdate(row: ExplorerUpdateRow): scanApi.ExplorerUpdate {
  const update: scanApi.ExplorerUpdate = {
    update_id: row.update_id,
    migration_id: Number(row.migration_id),
    record_time: row.record_time,
    kind: row.kind === 'transaction' ? 'transaction' : 'reassignment',
    event_count: row.event_count,
    template_ids: row.template_ids,
  };
  if (row.kind === 'transaction') {
    if (row.workflow_id !== '') update.workflow_id = row.workflow_id;
    update.root_event_ids = row.root_event_ids ?? [];
  } else {
    update.reassignment = row.kind;
  }
  return update;
}

/**
 * The explorer's update list (`GET /v0/explorer/updates`): `POST /v2/updates` reversed (newest
 * first, import updates left out), optionally filtered by party, template, choice and contract id,
 * in pages.
 */
export class ExplorerUpdatesService {
  constructor(private readonly repository: ExplorerUpdatesRepository) {}

  async listUpdates(request: ExplorerUpdatesRequest): Promise<ExplorerUpdatesResponse> {
    const limit = request.limit ?? EXPLORER_UPDATES_DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > EXPLORER_UPDATES_MAX_LIMIT)
      throw invalidArgument(`limit must be an integer from 1 to ${EXPLORER_UPDATES_MAX_LIMIT}, got ${limit}`);
    const rows = await this.repository.page({
      after: request.page_token === undefined ? undefined : decodeUpdatesCursor(request.page_token),
      party: request.party,
      template: request.template === undefined ? undefined : parseTemplateFilter(request.template),
      choice: request.choice,
      contractId: request.contract_id,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const response: ExplorerUpdatesResponse = { updates: page.map(toUpdate) };
    if (rows.length > limit) {
      const last = page[page.length - 1];
      response.next_page_token = encodeUpdatesCursor({
        migrationId: last.migration_id,
        recordTime: last.record_time,
        rowId: last.row_id,
      });
    }
    return response;
  }
}
