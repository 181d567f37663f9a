import type { ledgerApi } from '@canton-scan/contracts';
import { invalidArgument } from '../errors/domain-error';
import type { LedgerActiveContractsRepository } from './ledger-active-contracts.repository';
import { assertMayRead } from './ledger-access';
import {
  mayIncludeBlobs,
  partiesRead,
  resolveActiveContractsFormat,
  type ResolvedEventFormat,
} from './ledger-format';
import { projectActiveContract } from './ledger-projection';
import type { LedgerPruningService } from './ledger-pruning.service';
import type { LedgerUpdatesRepository } from './ledger-updates.repository';
import { listLimitExceeded, type FlatsQuery, type LedgerStreamSettings } from './ledger-updates.service';
import type { LedgerUser } from './ledger-users.repository';

/** Contracts per page when streaming over a WebSocket. */
const STREAM_PAGE_SIZE = 500;

interface ActiveContractsPlan {
  /** Where every page is read: the source whose ledger end admitted `activeAt`. */
  contracts: LedgerActiveContractsRepository;
  format: ResolvedEventFormat;
  activeAt: number;
  parties: string[] | 'any';
  withBlobs: boolean;
}

/**
 * The ledger node's active contract set at an offset (`/v2/state/active-contracts`): the list
 * (blocking, bounded by `http-list-max-elements-limit` as the update list is) and the stream of
 * its WebSocket. Contracts are read page by page in creation order and projected through the
 * request's event format as the created events of ACS-delta transactions are, so the set at N
 * equals what replaying the updates up to N gives.
 */
export class LedgerActiveContractsService {
  constructor(
    private readonly contracts: LedgerActiveContractsRepository,
    private readonly updates: LedgerUpdatesRepository,
    private readonly pruning: LedgerPruningService,
    private readonly settings: LedgerStreamSettings,
  ) {}

  /** At most min(limit, max + 1) contracts are collected; more than max is the list-limit 413. */
  async collectActiveContracts(
    user: LedgerUser,
    request: ledgerApi.GetActiveContractsRequest,
    query: FlatsQuery,
    signal?: AbortSignal,
  ): Promise<ledgerApi.GetActiveContractsResponse[]> {
    const plan = await this.plan(user, request);
    const max = this.settings.maxListElements;
    const cap = Math.min(query.limit ?? Number.POSITIVE_INFINITY, max + 1);
    const items: ledgerApi.GetActiveContractsResponse[] = [];
    for await (const item of this.read(plan, Math.min(Math.max(cap, 20), 500), signal)) {
      items.push(item);
      if (items.length >= cap) break;
    }
    if (items.length > max) throw listLimitExceeded('active contracts', max);
    return items;
  }

  /** Every active contract, one at a time (the consumer's pace drives the page reads). */
  async *streamActiveContracts(
    user: LedgerUser,
    request: ledgerApi.GetActiveContractsRequest,
    signal: AbortSignal,
  ): AsyncGenerator<ledgerApi.GetActiveContractsResponse> {
    const plan = await this.plan(user, request);
    yield* this.read(plan, STREAM_PAGE_SIZE, signal);
  }

  /** The plan's contracts, projected, read in pages of `pageSize` (the repository's windowed walk). */
  private async *read(
    plan: ActiveContractsPlan,
    pageSize: number,
    signal?: AbortSignal,
  ): AsyncGenerator<ledgerApi.GetActiveContractsResponse> {
    const contracts = plan.contracts.walk(
      { activeAt: plan.activeAt, limit: pageSize, parties: plan.parties, withBlobs: plan.withBlobs },
      signal,
    );
    for await (const contract of contracts) {
      const item = projectActiveContract(contract, plan.format);
      if (item) yield item;
    }
  }

  /** Checks a request in the order a participant does: format, rights, pruning, ledger end. */
  private async plan(
    user: LedgerUser,
    request: ledgerApi.GetActiveContractsRequest,
  ): Promise<ActiveContractsPlan> {
    const format = resolveActiveContractsFormat(request);
    assertMayRead(user, partiesRead({ reassignments: format }));
    const activeAt = request.activeAtOffset;
    await this.pruning.assertSnapshotNotPruned(activeAt);
    // One source for the ledger end and every page: a replica, or the primary when the offset
    // is beyond what that replica has replayed.
    let db = this.updates.db.pinned();
    let ledgerEnd = await this.updates.on(db).ledgerEnd();
    if (activeAt > ledgerEnd && db !== db.primary) {
      db = db.primary;
      ledgerEnd = await this.updates.on(db).ledgerEnd();
    }
    if (activeAt > ledgerEnd)
      throw invalidArgument(
        `OFFSET_AFTER_LEDGER_END: body.activeAtOffset (${activeAt}) is after the ledger end (${ledgerEnd})`,
      );
    return {
      contracts: this.contracts.on(db),
      format,
      activeAt,
      parties: format.anyParty ? 'any' : [...format.byParty.keys()],
      withBlobs: mayIncludeBlobs({ reassignments: format }),
    };
  }
}
