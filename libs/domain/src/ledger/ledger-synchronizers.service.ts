import { assertMayRead } from './ledger-access';
import type { LedgerSynchronizersRepository } from './ledger-synchronizers.repository';
import type { LedgerUser } from './ledger-users.repository';

export type ParticipantPermission =
  | 'PARTICIPANT_PERMISSION_UNSPECIFIED'
  | 'PARTICIPANT_PERMISSION_SUBMISSION'
  | 'PARTICIPANT_PERMISSION_CONFIRMATION'
  | 'PARTICIPANT_PERMISSION_OBSERVATION';

export interface ConnectedSynchronizer {
  synchronizerAlias: string;
  synchronizerId: string;
  permission?: ParticipantPermission;
}

/** The alias of a synchronizer: the identifier part of its id (`global-domain` of `global-domain::1220…`). */
export function synchronizerAlias(synchronizerId: string): string {
  const separator = synchronizerId.indexOf('::');
  return separator > 0 ? synchronizerId.slice(0, separator) : synchronizerId;
}

/**
 * `GET /v2/state/connected-synchronizers`: the synchronizers of the recorded history. With a
 * party, the caller must be able to read as it, and the permission is observation: this node
 * serves recorded history and submits nothing.
 */
export class LedgerSynchronizersService {
  constructor(private readonly repository: LedgerSynchronizersRepository) {}

  async connectedSynchronizers(
    caller: LedgerUser,
    query: { party?: string },
  ): Promise<{ connectedSynchronizers: ConnectedSynchronizer[] }> {
    if (query.party !== undefined) assertMayRead(caller, { parties: [query.party], anyParty: false });
    const ids = await this.repository.listSynchronizerIds();
    return {
      connectedSynchronizers: ids.map((synchronizerId) => ({
        synchronizerAlias: synchronizerAlias(synchronizerId),
        synchronizerId,
        ...(query.party !== undefined ? { permission: 'PARTICIPANT_PERMISSION_OBSERVATION' as const } : {}),
      })),
    };
  }
}
