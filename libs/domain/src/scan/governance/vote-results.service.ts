import type { scanApi } from '@canton-scan/contracts';
import { requireRequestTime } from '../time/request-time';
import { toCompact } from '../../daml-value/compact';
import type { DamlValue } from '../../daml-value/daml-value.types';
import { VoteResultsRepository, type VoteResultFilter, type VoteResultKey } from './vote-results.repository';

export type VoteResultsCountRequest = scanApi.VoteResultsCountRequest;
export type VoteResultsListRequest = scanApi.ListVoteResultsRequest;
export type VoteResultsPage = scanApi.ListDsoRulesVoteResultsResponse;

/**
 * A page token names a result's closing exercise as one integer: its update row id times 2^20
 * plus its node id (a transaction of more than 2^20 nodes has no token for the nodes past it).
 */
const NODE_SPACE = 2n ** 20n;

export function voteResultToken(key: VoteResultKey): number {
  return Number(BigInt(key.updateRowId) * NODE_SPACE + BigInt(key.nodeId));
}

export function voteResultKeyOf(token: number): VoteResultKey | undefined {
  if (!Number.isSafeInteger(token) || token < 0) return undefined;
  const t = BigInt(token);
  return { updateRowId: String(t / NODE_SPACE), nodeId: Number(t % NODE_SPACE) };
}

function filterOf(request: VoteResultsCountRequest): VoteResultFilter {
  return {
    actionName: request.actionName,
    accepted: request.accepted,
    requester: request.requester,
    effectiveFrom:
      request.effectiveFrom === undefined
        ? undefined
        : requireRequestTime('effectiveFrom', request.effectiveFrom).ceil,
    effectiveTo:
      request.effectiveTo === undefined
        ? undefined
        : requireRequestTime('effectiveTo', request.effectiveTo).ceil,
  };
}

/**
 * `/v0/admin/sv/voteresults/count`. A result's effective date is the accepted vote's
 * `effectiveAt`, else the time the request completed (docs/governance.md "Vote results"). Bounds compare at microsecond
 * precision: as stored dates are whole microseconds, `date >= from` and `date < to` hold exactly
 * when they hold against the bounds rounded up to a microsecond.
 */
export class VoteResultsService {
  constructor(private readonly results: VoteResultsRepository) {}

  async count(request: VoteResultsCountRequest): Promise<{ count: number }> {
    return { count: await this.results.count(filterOf(request)) };
  }

  /**
   * `/v0/admin/sv/voteresults`: the results the count counts, newest effective date first. As
   * upstream, every non-empty page carries a token (its last result); a token that names no
   * result gives an empty page.
   */
  async list(request: VoteResultsListRequest): Promise<VoteResultsPage> {
    const filter = filterOf(request);
    const after = request.pageToken === undefined ? undefined : voteResultKeyOf(request.pageToken);
    if (request.pageToken !== undefined && after === undefined) return { dso_rules_vote_results: [] };
    const rows = await this.results.page(filter, request.limit, after);
    const page: VoteResultsPage = {
      dso_rules_vote_results: rows.map(
        (r) =>
          (r.compactOnly ? r.exerciseResult : toCompact(r.exerciseResult as DamlValue)) as Record<
            string,
            unknown
          >,
      ),
    };
    const last = rows.at(-1);
    if (last !== undefined) page.next_page_token = voteResultToken(last);
    return page;
  }

  /**
   * `/v0/admin/sv/previous-sv-reward-weight`: the `newRewardWeight` of the newest accepted
   * `SRARC_UpdateSvRewardWeight` vote for `svParty` effective strictly before `effectiveBefore`
   * (any time without it), as upstream's scan finds it; `{}` when there is none. The accepted
   * votes of that action are read newest first from ix_vote_results_action_name, a page at a
   * time, until one names the SV (such votes are few: one per reward weight change of any SV).
   */
  async previousSvRewardWeight(
    request: scanApi.PreviousSvRewardWeightRequest,
  ): Promise<scanApi.PreviousSvRewardWeightResponse> {
    const filter: VoteResultFilter = {
      actionName: 'SRARC_UpdateSvRewardWeight',
      accepted: true,
      effectiveTo:
        request.effectiveBefore === undefined
          ? undefined
          : requireRequestTime('effectiveBefore', request.effectiveBefore).ceil,
    };
    let after: VoteResultKey | undefined;
    for (;;) {
      const rows = await this.results.page(filter, REWARD_WEIGHT_SCAN_PAGE, after);
      for (const row of rows) {
        const weight = rewardWeightSet(
          row.compactOnly ? row.exerciseResult : toCompact(row.exerciseResult as DamlValue),
        );
        if (weight?.svParty === request.svParty) return { rewardWeight: weight.newRewardWeight };
      }
      if (rows.length < REWARD_WEIGHT_SCAN_PAGE) return {};
      after = rows[rows.length - 1];
    }
  }
}

/** How many reward weight votes are read per statement while looking for an SV's. */
const REWARD_WEIGHT_SCAN_PAGE = 100;

/**
 * The SV and weight a closed `SRARC_UpdateSvRewardWeight` request set, from its compact
 * `DsoRules_CloseVoteRequestResult` (`request.action` = ARC_DsoRules { dsoAction =
 * SRARC_UpdateSvRewardWeight { svParty, newRewardWeight } }); undefined for any other action.
 */
export function rewardWeightSet(result: unknown): { svParty: string; newRewardWeight: string } | undefined {
  const field = (v: unknown, key: string): unknown =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)[key]
      : undefined;
  const action = field(field(result, 'request'), 'action');
  if (field(action, 'tag') !== 'ARC_DsoRules') return undefined;
  const dsoAction = field(field(action, 'value'), 'dsoAction');
  if (field(dsoAction, 'tag') !== 'SRARC_UpdateSvRewardWeight') return undefined;
  const value = field(dsoAction, 'value');
  const svParty = field(value, 'svParty');
  const weight = field(value, 'newRewardWeight');
  if (typeof svParty !== 'string' || (typeof weight !== 'string' && typeof weight !== 'number'))
    return undefined;
  return { svParty, newRewardWeight: String(weight) };
}
