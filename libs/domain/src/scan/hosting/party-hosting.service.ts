import type { scanApi } from '@canton-scan/contracts';
import {
  DomainError,
  DomainErrorCode,
  hostingNotCopied,
  hostingNotHeld,
  notFound,
} from '../../errors/domain-error';
import { PartyHostingRepository } from './party-hosting.repository';

/**
 * Scan's `GET /v0|v1/domains/{domain_id}/parties/{party_id}/participant-id`: the participants
 * hosting a party on a synchronizer, from the hosting facts the store holds (docs/hosting.md).
 */
export class PartyHostingService {
  constructor(private readonly repository: PartyHostingRepository) {}

  /** v1: every hosting participant; NotFound for an unknown synchronizer or party. */
  async participantIds(
    synchronizerId: string,
    partyId: string,
  ): Promise<scanApi.GetPartyToParticipantResponseV1> {
    return { participant_ids: await this.hosting(synchronizerId, partyId) };
  }

  /** v0: the one hosting participant; a party several participants host fails as upstream's does (500). */
  async participantId(
    synchronizerId: string,
    partyId: string,
  ): Promise<scanApi.GetPartyToParticipantResponse> {
    const ids = await this.hosting(synchronizerId, partyId);
    if (ids.length > 1)
      throw new DomainError(
        DomainErrorCode.HostedOnSeveralParticipants,
        `Party ${partyId} is hosted on multiple participants, which is not supported in this version of the API. Please use the /v1 version instead.`,
      );
    return { participant_id: ids[0] };
  }

  private async hosting(synchronizerId: string, partyId: string): Promise<string[]> {
    const found = await this.repository.lookup(synchronizerId, partyId);
    if (found.participantIds !== undefined && found.participantIds.length > 0) return found.participantIds;
    // A mirror answers only for the parties whose hosting it copied (an empty mapping: f + 1 peers said 404).
    if (found.participantIds === undefined && found.copiedFromPeers)
      throw hostingNotCopied(`/domains/${synchronizerId}/parties/${partyId}/participant-id`);
    if (!found.synchronizerHasHosting) {
      // A node that holds its history without the synchronizers' topology (a mirror) cannot tell.
      if (!found.hostingHeld)
        throw hostingNotHeld(`/domains/${synchronizerId}/parties/${partyId}/participant-id`);
      throw notFound(`Synchronizer not found: ${synchronizerId}`);
    }
    throw notFound(`No participant id found hosting party: ${partyId}`);
  }
}
