import { useQuery } from '@tanstack/react-query';
import { scanApi } from '@canton-scan/contracts/browser';
import { ApiError, scanClient, unwrap } from '../api/client';

/** One hosting participant of a party and its traffic state (null: the sequencer has none, a 404). */
export interface ParticipantTraffic {
  participant: string;
  status: scanApi.MemberTrafficStatus | null;
}

/**
 * What the scan says about the traffic of a party's participants on a synchronizer:
 * - `hosted`: the participants hosting the party there, each with its traffic state;
 * - `not-hosted`: no participant hosts the party there (the participant-id lookup's 404);
 * - `not-held`: this scan does not hold the synchronizer's topology or traffic (a 503: a mirror
 *   that copies the history only), with the scan's own words.
 */
export type PartyTraffic =
  | { kind: 'hosted'; synchronizer: string; participants: ParticipantTraffic[] }
  | { kind: 'not-hosted'; synchronizer: string }
  | { kind: 'not-held'; synchronizer: string; reason: string };

type Call<T> = Promise<{ data?: T; error?: unknown; response?: Response }>;

/**
 * The traffic of the participants hosting `party` on `synchronizer`, as a client finds it: the
 * hosting participants from `GET /v1/domains/{d}/parties/{p}/participant-id`, then
 * `GET /v0/domains/{d}/members/{PAR::…}/traffic-status` for each. The calls are passed in so the
 * outcomes of each status can be tested without a server.
 */
export async function partyTraffic(
  synchronizer: string,
  hosting: () => Call<scanApi.GetPartyToParticipantResponseV1>,
  traffic: (participant: string) => Call<scanApi.GetMemberTrafficStatusResponse>,
): Promise<PartyTraffic> {
  let participants: string[];
  try {
    participants = (await unwrap(hosting())).participant_ids;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { kind: 'not-hosted', synchronizer };
    if (e instanceof ApiError && e.status === 503)
      return { kind: 'not-held', synchronizer, reason: e.message };
    throw e;
  }
  if (participants.length === 0) return { kind: 'not-hosted', synchronizer };
  const states: ParticipantTraffic[] = [];
  for (const participant of participants) {
    try {
      states.push({ participant, status: (await unwrap(traffic(participant))).traffic_status });
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) states.push({ participant, status: null });
      else if (e instanceof ApiError && e.status === 503)
        return { kind: 'not-held', synchronizer, reason: e.message };
      else throw e;
    }
  }
  return { kind: 'hosted', synchronizer, participants: states };
}

/**
 * {@link partyTraffic} of `party` on `synchronizer` (the DSO's active synchronizer, from
 * `GET /v0/dso`); no call until both are known.
 */
export function usePartyTraffic(synchronizer: string | undefined, party: string) {
  return useQuery({
    queryKey: ['party-traffic', synchronizer, party],
    queryFn: () =>
      partyTraffic(
        synchronizer!,
        () =>
          scanApi.getPartyToParticipantV1({
            client: scanClient,
            path: { domain_id: synchronizer!, party_id: party },
          }),
        (participant) =>
          scanApi.getMemberTrafficStatus({
            client: scanClient,
            path: { domain_id: synchronizer!, member_id: participant },
          }),
      ),
    enabled: synchronizer !== undefined && party !== '',
    retry: false,
  });
}
