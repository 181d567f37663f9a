import type { ActiveContract } from '../contracts/active-contracts.repository';
import { DomainError } from '../errors/domain-error';
import { setUninterpretablePayloadSink, type UninterpretablePayload } from '../history/payload-reader';
import { DsoInfoService } from './dso-info.service';
import type { DsoRepository } from './dso.repository';

const contract = (contractId: string, payload: Record<string, unknown>): ActiveContract => ({
  rowId: '1',
  migrationId: 0,
  contractId,
  templateId: `${'a'.repeat(64)}:Splice.DsoRules:DsoRules`,
  packageName: 'splice-dso-governance',
  payload: payload as ActiveContract['payload'],
  createdEventBlob: 'blob',
  createdAt: '2024-06-24T21:08:35Z',
  synchronizerId: 'global-domain::1220aa',
  inFlight: false,
  reassignmentCounter: 0,
  signatories: ['DSO::1220aa'],
  observers: [],
});

function service(dsoRules: Record<string, unknown>): DsoInfoService {
  const repository = {
    loadDsoContracts: () =>
      Promise.resolve({
        dsoRules: contract('00d1', dsoRules),
        amuletRules: contract('00a1', { dso: 'DSO::1220aa' }),
        latestMiningRound: contract('00r1', { dso: 'DSO::1220aa', round: { number: '0' } }),
        svNodeStates: [],
      }),
    lookupInitialRound: () => Promise.resolve('0'),
  } as unknown as DsoRepository;
  return new DsoInfoService(repository, { user: 'sv', partyId: undefined });
}

describe('DsoInfoService over DsoRules of other package versions', () => {
  let reports: UninterpretablePayload[];
  let restore: ReturnType<typeof setUninterpretablePayloadSink>;
  beforeEach(() => {
    reports = [];
    restore = setUninterpretablePayloadSink((r) => reports.push(r));
  });
  afterEach(() => setUninterpretablePayloadSink(restore));

  it('reads the DSO party and SVs by field name, tolerating absent optional fields', async () => {
    const info = await service({
      dso: 'DSO::1220aa',
      svs: [['sv1::1220bb', { name: 'sv1' }]],
      newField: 1,
    }).getDsoInfo();
    expect(info).toMatchObject({
      dso_party_id: 'DSO::1220aa',
      sv_party_id: 'sv1::1220bb',
      voting_threshold: 1,
    });
    // No svs and no dsoDelegate (an older or stripped payload): the DSO party stands in.
    const bare = await service({ dso: 'DSO::1220aa' }).getDsoInfo();
    expect(bare).toMatchObject({ dso_party_id: 'DSO::1220aa', sv_party_id: 'DSO::1220aa' });
    expect(reports).toEqual([]);
  });

  it('answers NotFound, and logs the payload, when DsoRules has no DSO party it can read', async () => {
    const error = await service({ svs: [] })
      .getDsoInfo()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('NOT_FOUND');
    expect(reports).toEqual([
      {
        derived: 'dso info',
        template: `${'a'.repeat(64)}:Splice.DsoRules:DsoRules`,
        contract: '00d1',
        missing: ['dso'],
      },
    ]);
  });
});
