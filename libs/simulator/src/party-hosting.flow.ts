import {
  type HistoryHostingItem,
  IMPORT_RECORD_TIME,
  isHostingItem,
  isTransaction,
  isVerdictItem,
  type HistoryUpdate,
} from '@canton-scan/domain';
import type { SimulatedNetwork } from './network-identities';
import { formatMicros, parseMicros } from './sim-clock';
import type { SimulatedItem } from './synchronizer-events.flow';

/**
 * The synchronizers' party-to-participant topology as a scan learns it (docs/hosting.md): when a
 * party first takes part in an update on a synchronizer, a hosting item follows that update (after
 * its verdict item), saying which participants host the party there, effective one microsecond
 * before the update. Who hosts whom is what the rest of the simulator assumes: each SV's party on
 * its own participant, the DSO party on every SV's participant (it is a decentralized party), each
 * validator's party on its participant, users (external parties among them) on the validators'
 * participants in turn. Import updates re-create contracts on a synchronizer whose topology
 * carries over; they bring no hosting of their own.
 */
export class PartyHostingFlow {
  private readonly participantsOf = new Map<string, string[]>();
  private readonly hosted = new Set<string>();

  constructor(network: SimulatedNetwork) {
    this.participantsOf.set(
      network.dso.id,
      network.svs.map((sv) => sv.participantId),
    );
    for (const sv of network.svs) this.participantsOf.set(sv.party.id, [sv.participantId]);
    network.validators.forEach((v, i) => this.participantsOf.set(v.id, [network.validatorParticipantIds[i]]));
    network.users.forEach((u, i) =>
      this.participantsOf.set(u.id, [
        network.validatorParticipantIds[i % network.validatorParticipantIds.length],
      ]),
    );
  }

  /** Passes `items` on, each update followed by the hosting items of the parties it brings to its synchronizer. */
  *observe<R>(items: Generator<SimulatedItem, R, undefined>): Generator<SimulatedItem, R, undefined> {
    let pending: HistoryHostingItem[] = [];
    let step = items.next();
    while (!step.done) {
      const item = step.value;
      // The hosting items of an update go after its verdict item, before the next update.
      if (!isVerdictItem(item) && !isHostingItem(item)) {
        yield* pending;
        pending = this.hostingOf(item);
      }
      yield item;
      step = items.next();
    }
    yield* pending;
    return step.value;
  }

  private hostingOf(update: HistoryUpdate): HistoryHostingItem[] {
    if (update.record_time === IMPORT_RECORD_TIME) return [];
    let synchronizer: string;
    let migration: number;
    const parties: string[] = [];
    if (isTransaction(update)) {
      synchronizer = update.synchronizer_id;
      migration = update.migration_id;
      for (const e of Object.values(update.events_by_id))
        if (e.event_type === 'created_event') parties.push(...e.signatories, ...e.observers);
        else parties.push(...e.acting_parties);
    } else if ('created_event' in update.event) {
      synchronizer = update.event.target_synchronizer;
      migration = update.event.migration_id;
      parties.push(...update.event.created_event.signatories, ...update.event.created_event.observers);
    } else return [];
    const at = formatMicros(parseMicros(update.record_time) - 1);
    const items: HistoryHostingItem[] = [];
    for (const party of parties) {
      const key = `${synchronizer} ${party}`;
      const participants = this.participantsOf.get(party);
      if (this.hosted.has(key) || participants === undefined) continue;
      this.hosted.add(key);
      items.push({
        party_to_participant: {
          synchronizer_id: synchronizer,
          migration_id: migration,
          record_time: at,
          party_id: party,
          participant_ids: [...participants],
        },
      });
    }
    return items;
  }
}
