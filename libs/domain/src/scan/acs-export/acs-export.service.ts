import type { scanApi } from '@canton-scan/contracts';
import { DomainError, DomainErrorCode, invalidArgument, notFound } from '../../errors/domain-error';
import type { LedgerActiveContractsRepository } from '../../ledger/ledger-active-contracts.repository';
import type { LedgerUpdatesRepository } from '../../ledger/ledger-updates.repository';
import { requireRequestTime } from '../time/request-time';
import { encodeAcsExport, type ExportedContract } from './acs-export.codec';
import type { AcsExportRepository, ExportContext } from './acs-export.repository';

export type AcsExportResponse = scanApi.GetAcsSnapshotResponse;

const PAGE_SIZE = 500;
/** A Canton party id: `<hint>::<namespace fingerprint>` (PartyId.fromProtoPrimitive). */
const PARTY_ID = /^[A-Za-z0-9:\-_ ]+::[0-9a-f]+$/;

/**
 * `/v0/acs/{party}` (upstream's deprecated getAcsSnapshot): the ACS export a Splice scan takes
 * from its SV participant for `party` at the ledger end (or at the offset of `record_time` on
 * the decentralized synchronizer), restricted to that synchronizer and to the contracts the DSO
 * party is also a stakeholder on, as Canton's export bytes (acs-export.codec.ts), base64.
 */
export class AcsExportService {
  constructor(
    private readonly repository: AcsExportRepository,
    private readonly contracts: LedgerActiveContractsRepository,
    private readonly updates: LedgerUpdatesRepository,
  ) {}

  async getAcsExport(party: string, recordTime: string | undefined): Promise<AcsExportResponse> {
    if (party.length > 255 || !PARTY_ID.test(party))
      throw invalidArgument(`party: "${party}" is not a party id (<hint>::<fingerprint>)`);
    const time = recordTime === undefined ? undefined : requireRequestTime('record_time', recordTime);
    // One source for the offset and every page.
    const db = this.updates.db.pinned();
    const repository = this.repository.on(db);
    const context = await repository.lookupContext();
    if (context === undefined)
      throw notFound('no AmuletRules contract has been ingested yet: no decentralized synchronizer');
    if (context.inFlight)
      throw new DomainError(
        DomainErrorCode.InvalidArgument,
        'AmuletRules is in flight between synchronizers: no current decentralized synchronizer',
      );
    const offset =
      time === undefined
        ? await this.updates.on(db).ledgerEnd()
        : await offsetAt(repository, context, time.exact ? time.floor : undefined, recordTime!);
    const exported: ExportedContract[] = [];
    for await (const c of this.read(this.contracts.on(db), context, party, offset)) exported.push(c);
    return { acs_snapshot: encodeAcsExport(exported).toString('base64') };
  }

  /** The export's contracts in creation-offset order (the ledger node's windowed walk of the ACS). */
  private async *read(
    contracts: LedgerActiveContractsRepository,
    context: ExportContext,
    party: string,
    activeAt: number,
  ): AsyncGenerator<ExportedContract> {
    const active = contracts.walk({
      activeAt,
      limit: PAGE_SIZE,
      parties: [party],
      allStakeholders: [context.dso],
      withBlobs: true,
    });
    for await (const c of active) {
      if (c.synchronizerId !== context.synchronizerId) continue;
      const e = c.event;
      if (e.createArguments === null)
        throw new DomainError(
          DomainErrorCode.CompactOnlyHistory,
          `contract ${e.contractId} was loaded without type information (compact-only history): an ACS export needs its lossless arguments`,
          { contractId: e.contractId },
        );
      if (e.createdEventBlob === null)
        throw new DomainError(
          DomainErrorCode.CreatedEventBlobNotStored,
          `created event blob of contract ${e.contractId} is not stored yet (mirrored history), and an ACS export carries every contract's blob; retry later`,
          { contractId: e.contractId },
        );
      yield {
        offset: c.offset,
        nodeId: e.nodeId,
        contractId: e.contractId,
        templateId: e.templateId,
        packageName: e.packageName,
        createArguments: e.createArguments,
        createdEventBlob: e.createdEventBlob,
        witnessParties: [party],
        signatories: e.signatories ?? [],
        observers: e.observers ?? [],
        createdAt: e.createdAt ?? '',
        synchronizerId: c.synchronizerId,
        reassignmentCounter: c.reassignmentCounter,
      };
    }
  }
}

/** The offset of an update recorded exactly at the time on the synchronizer, else a 404 naming why. */
async function offsetAt(
  repository: AcsExportRepository,
  context: ExportContext,
  exact: string | undefined,
  asked: string,
): Promise<number> {
  const offset =
    exact === undefined
      ? undefined
      : await repository.lookupOffsetAt(context.migrationId, context.synchronizerId, exact);
  if (offset !== undefined) return offset;
  const range = await repository.recordTimeRange(context.migrationId, context.synchronizerId);
  const where = `on synchronizer ${context.synchronizerId}`;
  if (range === undefined) throw notFound(`no update has been recorded ${where} yet`);
  if (exact !== undefined && exact > range.last)
    throw notFound(`record_time ${asked} is after the last update recorded ${where} (${range.last})`);
  if (exact !== undefined && exact < range.first)
    throw notFound(`record_time ${asked} is before the first update recorded ${where} (${range.first})`);
  throw notFound(
    `no update was recorded ${where} exactly at record_time ${asked}: pass the record time of an update (as a participant's export without force)`,
  );
}
