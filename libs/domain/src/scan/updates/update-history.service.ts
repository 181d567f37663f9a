import type { scanApi } from '@canton-scan/contracts';
import { invalidArgument, notFound } from '../../errors/domain-error';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import { canonicalTimestamp } from '../../database/timestamps';
import { requireRequestTime } from '../time/request-time';
import { JsonText } from '../../wire/json-text';
import { updateText, type ItemForm, type ScanUpdateItem } from './update-history.mapper';
import { UpdateHistoryRepository } from './update-history.repository';

/** The most updates one page of `POST /v2/updates` holds, whatever `page_size` asks for. */
export const UPDATE_LIST_PAGE_LIMIT = 1000;

const IMPORT_TIME = canonicalTimestamp(IMPORT_RECORD_TIME)!;

/** How `GET /v0|v2/updates/{update_id}` chooses the encoding of Daml values. */
export interface UpdateEncodingQuery {
  lossless?: boolean;
  daml_value_encoding?: 'compact_json' | 'protobuf_json';
}

function losslessOf(query: UpdateEncodingQuery): boolean {
  const byEncoding =
    query.daml_value_encoding === undefined ? undefined : query.daml_value_encoding === 'protobuf_json';
  if (byEncoding !== undefined && query.lossless !== undefined && byEncoding !== query.lossless)
    throw invalidArgument(
      `lossless=${query.lossless} contradicts daml_value_encoding=${query.daml_value_encoding}; give one of them`,
    );
  return byEncoding ?? query.lossless ?? false;
}

/** The recorded history as scan's `/v0|v2/updates/{update_id}` and `POST /v2/updates` return it. */
export class UpdateHistoryService {
  constructor(private readonly repository: UpdateHistoryRepository) {}

  /**
   * The update with that id (JSON text PostgreSQL wrote); NotFound when this node holds none.
   * The encoding is chosen by `lossless` or `daml_value_encoding` (docs/daml-values.md); a
   * request whose two choices contradict each other is an InvalidArgument.
   */
  async getUpdate(updateId: string, query: UpdateEncodingQuery = {}): Promise<JsonText<ScanUpdateItem>> {
    return new JsonText(updateText(await this.rowsOf(updateId, query)));
  }

  /** The deprecated `GET /v1/updates/{id}`: the update as `POST /v1/updates` lists it. */
  async getUpdateV1(updateId: string, query: UpdateEncodingQuery = {}): Promise<JsonText<ScanUpdateItem>> {
    return new JsonText(updateText(await this.rowsOf(updateId, query), 'v1'));
  }

  /**
   * `GET /v2/updates/hash/{hash}`: the transaction recorded with that external transaction hash
   * (hex, read case-insensitively), in the v2 form; NotFound when none is.
   */
  async getUpdateByHash(
    hash: string,
    query: Pick<UpdateEncodingQuery, 'daml_value_encoding'> = {},
  ): Promise<JsonText<scanApi.UpdateHistoryItemV2WithHash>> {
    const rows = await this.repository.findRowsByHash(hash.toLowerCase(), losslessOf(query));
    if (rows.length === 0) throw notFound(`Transaction with hash ${hash} not found`);
    return new JsonText(updateText(rows, 'v2'));
  }

  private async rowsOf(updateId: string, query: UpdateEncodingQuery) {
    const rows = await this.repository.findRowsById(updateId, losslessOf(query));
    if (rows.length === 0) throw notFound(`update ${updateId} not found`);
    return rows;
  }

  /**
   * A page of the update list (docs/offsets-and-ids.md "Update list"): non-import updates
   * strictly after `after`, ascending by (migration id, record time), at most `page_size` and
   * at most UPDATE_LIST_PAGE_LIMIT of them.
   */
  listUpdates(request: scanApi.UpdateHistoryRequestV2): Promise<JsonText<scanApi.UpdateHistoryResponseV2>> {
    return this.listPage(request, 'v2');
  }

  /**
   * The deprecated `POST /v1/updates`: the same page as `listUpdates`, each transaction with the
   * `offset` upstream hard-codes for compatibility.
   */
  listUpdatesV1(request: scanApi.UpdateHistoryRequestV1): Promise<JsonText<scanApi.UpdateHistoryResponseV1>> {
    return this.listPage(request, 'v1');
  }

  /**
   * The deprecated `POST /v0/updates` (docs/offsets-and-ids.md "The v0 update list"): the list
   * with import updates, each update with its offset and its events in node order, event ids
   * `#`-prefixed; `lossless` chooses the encoding.
   */
  async listUpdatesV0(
    request: scanApi.UpdateHistoryRequest,
  ): Promise<JsonText<scanApi.UpdateHistoryResponse>> {
    let after: { migrationId: number; recordTime: string } | undefined;
    if (request.after) {
      const time = requireRequestTime('after.after_record_time', request.after.after_record_time).floor;
      // Before the import time: from the start of the migration, its import updates included.
      after = {
        migrationId: request.after.after_migration_id,
        recordTime: time < IMPORT_TIME ? '-infinity' : time,
      };
    }
    const items = await this.repository.v0ListPageText(
      after,
      Math.min(request.page_size, UPDATE_LIST_PAGE_LIMIT),
      request.lossless === true,
    );
    return new JsonText(`{"transactions":[${items}]}`);
  }

  private async listPage<T>(request: scanApi.UpdateHistoryRequestV2, form: ItemForm): Promise<JsonText<T>> {
    let after: { migrationId: number; recordTime: string } | undefined;
    if (request.after) {
      const time = requireRequestTime('after.after_record_time', request.after.after_record_time).floor;
      // Every listed update is after the import time: an earlier bound means the same.
      after = {
        migrationId: request.after.after_migration_id,
        recordTime: time < IMPORT_TIME ? IMPORT_TIME : time,
      };
    }
    const items = await this.repository.listPageText(
      after,
      Math.min(request.page_size, UPDATE_LIST_PAGE_LIMIT),
      request.daml_value_encoding === 'protobuf_json',
      form,
    );
    return new JsonText(`{"transactions":[${items}]}`);
  }
}
