import { notFound } from '../../errors/domain-error';
import { toScanUpdate, type ScanUpdateItem } from './update-history.mapper';
import { UpdateHistoryRepository } from './update-history.repository';

/** Single updates of the recorded history, as scan's `/v0|v2/updates/{update_id}` return them. */
export class UpdateHistoryService {
  constructor(private readonly repository: UpdateHistoryRepository) {}

  async lookupUpdate(updateId: string, lossless: boolean): Promise<ScanUpdateItem | undefined> {
    const rows = await this.repository.findRowsById(updateId);
    return rows.length === 0 ? undefined : toScanUpdate(rows, lossless ? 'lossless' : 'compact');
  }

  /** The update with that id; NotFound when this node holds none. */
  async getUpdate(updateId: string, lossless: boolean): Promise<ScanUpdateItem> {
    const item = await this.lookupUpdate(updateId, lossless);
    if (!item) throw notFound(`update ${updateId} not found`);
    return item;
  }
}
