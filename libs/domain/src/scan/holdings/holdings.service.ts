import type { scanApi } from '@canton-scan/contracts';
import { invalidArgument } from '../../errors/domain-error';
import { JsonText } from '../../wire/json-text';
import { AcsSnapshotsRepository } from '../acs/acs-snapshots.repository';
import { resolveSnapshot } from '../acs/snapshot-resolution';
import { HoldingsRepository, type HoldingsPageForm } from './holdings.repository';

export type HoldingsSummaryRequest = scanApi.HoldingsSummaryRequest;
export type HoldingsSummary = scanApi.HoldingsSummaryV1;
export type HoldingsSummaryResponse = scanApi.HoldingsSummaryResponse;
export type HoldingsSummaryWithFeesRequest = scanApi.HoldingsSummaryRequestV0;
export type HoldingsSummaryWithFeesResponse = scanApi.HoldingsSummaryResponseV0;
export type HoldingsStateRequest = scanApi.HoldingsStateRequest;

/**
 * Amulet holdings per owner at an ACS snapshot (docs/acs-snapshots.md "Holdings summaries",
 * "Holding fees", "Holdings state"):
 * - `/v1/holdings/summary`: per requested owner, the initial amounts of the snapshot's Amulet and
 *   LockedAmulet contracts (holding fees not deducted). One summary per distinct owner, in the
 *   order of first request; owners without holdings get zeros.
 * - `/v0/holdings/summary`: the same, plus the holding fees as of a round.
 * - `/v0|v1/holdings/state`: the owners' Amulet and LockedAmulet contracts, paged as the ACS.
 */
export class HoldingsService {
  constructor(
    private readonly holdings: HoldingsRepository,
    private readonly snapshots: AcsSnapshotsRepository,
  ) {}

  async getSummary(request: HoldingsSummaryRequest): Promise<HoldingsSummaryResponse> {
    const snapshotTime = await resolveSnapshot(this.snapshots, request);
    const rows = await this.holdings.summaries(request.migration_id, snapshotTime, request.owner_party_ids);
    return {
      record_time: snapshotTime,
      migration_id: request.migration_id,
      summaries: rows.map((r) => ({
        party_id: r.owner,
        total_unlocked_coin: r.unlocked,
        total_locked_coin: r.locked,
        total_coin_holdings: r.total,
      })),
    };
  }

  /**
   * The v1 summary plus each owner's holding fees as of `as_of_round`, by default the earliest
   * open mining round of the current state (as Splice's scan does: its current store, not the
   * snapshot); without one, InvalidArgument (Splice answers 400 "No open mining rounds found").
   */
  async getSummaryWithFees(
    request: HoldingsSummaryWithFeesRequest,
  ): Promise<HoldingsSummaryWithFeesResponse> {
    const snapshotTime = await resolveSnapshot(this.snapshots, request);
    const round =
      request.as_of_round === undefined
        ? await this.holdings.lookupEarliestOpenRound()
        : String(request.as_of_round);
    if (round === undefined) {
      throw invalidArgument(
        'as_of_round: no open mining round has been ingested, so there is no default; pass as_of_round',
      );
    }
    const rows = await this.holdings.summariesWithFees(
      request.migration_id,
      snapshotTime,
      request.owner_party_ids,
      round,
    );
    return {
      record_time: snapshotTime,
      migration_id: request.migration_id,
      computed_as_of_round: Number(round),
      summaries: rows.map((r) => ({
        party_id: r.owner,
        total_unlocked_coin: r.unlocked,
        total_locked_coin: r.locked,
        total_coin_holdings: r.total,
        accumulated_holding_fees_unlocked: r.fees_unlocked,
        accumulated_holding_fees_locked: r.fees_locked,
        accumulated_holding_fees_total: r.fees_total,
        total_available_coin: r.available,
      })),
    };
  }

  /** `/v0/holdings/state`: a page of the owners' holdings, each as a CreatedEvent. */
  getStatePage(request: HoldingsStateRequest): Promise<JsonText<scanApi.AcsResponse>> {
    return this.statePage(request, 'created_event');
  }

  /** `/v1/holdings/state`: the same page, each contract as an ActiveContract. */
  getStatePageV1(request: HoldingsStateRequest): Promise<JsonText<scanApi.AcsResponseV1>> {
    return this.statePage(request, 'active_contract');
  }

  /**
   * Pages follow the ACS pages' rules (AcsService): creation order, `next_page_token` = the last
   * row id only on a full page, and a token must name a holding of the same selection.
   */
  private async statePage<T>(request: HoldingsStateRequest, form: HoldingsPageForm): Promise<JsonText<T>> {
    const snapshotTime = await resolveSnapshot(this.snapshots, request);
    // The owners' ids looked up once for the token check and the page.
    const selection = await this.holdings.withOwnerIds({
      migrationId: request.migration_id,
      snapshotTime,
      owners: request.owner_party_ids,
    });
    const after = request.after === undefined ? undefined : String(request.after);
    if (after !== undefined && !(await this.holdings.isHoldingRowOf(selection, after))) {
      throw invalidArgument(
        `after: ${after} is not a page token of this snapshot and these owners (pass next_page_token unchanged, with the same other parameters)`,
      );
    }
    return new JsonText(await this.holdings.page(selection, after, request.page_size, form));
  }
}
