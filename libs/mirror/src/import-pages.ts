import { canonicalJson } from '@canton-scan/domain';
import { contentOf, sameContent, toHistoryUpdate, type ServedItem } from './convert';
import type { PageToWrite } from './page-writes';
import { prefetched } from './paging';
import type { PeerReads } from './peer-reads';

/**
 * Reads a migration's import updates after `after` (an update id; "" from its start) from the
 * peers, page by page (by update id, f + 1 agreed, the next page asked for while this one is
 * handled), into `emit` as pages for the writer (import updates carry no offset).
 */
export async function readImportPages(
  reads: PeerReads,
  migrationId: number,
  after: string,
  pageSize: number,
  emit: (page: PageToWrite) => Promise<void>,
): Promise<void> {
  const pages = prefetched(
    after,
    (afterId) =>
      reads.quorumRead(
        `import updates of migration ${migrationId} after ${afterId === '' ? 'its start' : `update ${afterId}`}`,
        (peer) => peer.importUpdates(migrationId, afterId, pageSize),
        (answer) => (answer.absent ? [] : (answer.value.transactions as unknown as ServedItem[])),
        (item) => canonicalJson(contentOf(item)),
        sameContent,
      ),
    (page) => (page.length === 0 ? undefined : String(page[page.length - 1].update_id)),
  );
  for await (const page of pages) {
    if (page.length === 0) return;
    await emit({
      updates: page.map((item) => toHistoryUpdate(item, null)),
      verdicts: [],
      lastRecordTime: undefined,
      bytes: 0,
    });
  }
}
