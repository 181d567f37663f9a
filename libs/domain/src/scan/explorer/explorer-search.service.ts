import type { scanApi } from '@canton-scan/contracts';
import { invalidArgument } from '../../errors/domain-error';
import { ExplorerSearchRepository } from './explorer-search.repository';

export const EXPLORER_SEARCH_MAX_LENGTH = 512;

/** `GET /v0/explorer/search` (docs/explorer.md "Search"). */
export class ExplorerSearchService {
  constructor(private readonly repository: ExplorerSearchRepository) {}

  async search(q: string): Promise<scanApi.ExplorerSearchResponse> {
    const id = q.trim();
    if (id.length === 0) throw invalidArgument('q: must not be blank');
    if (id.length > EXPLORER_SEARCH_MAX_LENGTH)
      throw invalidArgument(
        `q: at most ${EXPLORER_SEARCH_MAX_LENGTH} characters once trimmed, got ${id.length}`,
      );
    const rows = await this.repository.search(id);
    return { matches: rows.map((r) => ({ kind: r.kind, id: r.id })) };
  }
}
