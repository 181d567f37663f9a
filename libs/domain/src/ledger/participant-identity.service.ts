/** The participant node's identity: one configured id, so every replica answers the same. */
export class ParticipantIdentityService {
  constructor(private readonly participantId: string) {}

  getParticipantId(): { participantId: string } {
    return { participantId: this.participantId };
  }
}
