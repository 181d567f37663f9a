import {
  DomainError,
  LedgerWriter,
  setUninterpretablePayloadSink,
  SpliceChoices,
  SpliceTemplates,
  type SpliceTemplate,
  type UninterpretablePayload,
} from '@canton-scan/domain';
import { useTestDatabase } from '@canton-scan/testing';

const DSO = 'DSO::1220aa';
const ALICE = 'alice::1220bb';
const BOB = 'bob::1220cc';
const SYNC = 'global-domain::1220aa';
const OTHER_PACKAGE = 'f'.repeat(64);

/** A v2 list item (compact payloads, no offset) of one transaction with the given events. */
function item(n: number, events: Record<string, unknown>[]): Record<string, unknown> {
  const updateId = `1220${n.toString(16).padStart(64, '0')}`;
  const byId: Record<string, unknown> = {};
  events.forEach((e, i) => {
    const id = `${updateId}:${i}`;
    byId[id] = { ...e, event_id: id };
  });
  return {
    update_id: updateId,
    migration_id: 0,
    workflow_id: '',
    record_time: `2026-01-05T00:${String(10 + n).padStart(2, '0')}:00.000000Z`,
    synchronizer_id: SYNC,
    effective_at: `2026-01-05T00:${String(10 + n).padStart(2, '0')}:00Z`,
    root_event_ids: events.map((_, i) => `${updateId}:${i}`),
    events_by_id: byId,
  };
}

const created = (template: SpliceTemplate | string, contractId: string, args: unknown) => ({
  event_type: 'created_event',
  contract_id: contractId,
  template_id: typeof template === 'string' ? template : template.templateId,
  package_name: typeof template === 'string' ? 'some-app' : template.packageName,
  create_arguments: args,
  created_at: '2026-01-05T00:10:00Z',
  signatories: [DSO],
  observers: [],
});

describe('LedgerWriter over compact-only history and payloads of other package versions', () => {
  const db = useTestDatabase();
  let reports: UninterpretablePayload[];
  let restore: ReturnType<typeof setUninterpretablePayloadSink>;

  beforeEach(() => {
    reports = [];
    restore = setUninterpretablePayloadSink((r) => reports.push(r));
  });
  afterEach(() => setUninterpretablePayloadSink(restore));

  const writer = () =>
    new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3, payloadEncoding: 'compact' });
  const rows = (sql: string) => db.dataSource.query(sql);

  it('stores compact payloads as given (no offset, marked compact-only) and derives from them', async () => {
    const amulet = {
      dso: DSO,
      owner: ALICE,
      amount: { initialAmount: '0E-10', createdAt: { number: '3' }, ratePerRound: { rate: '-1.43E-8' } },
      extraFieldOfANewerVersion: null,
    };
    const result = await writer().append([
      item(1, [
        created(SpliceTemplates.Amulet, '00a1', amulet),
        // An older ValidatorLicense: no faucetState, metadata or lastActiveAt at all.
        created(SpliceTemplates.ValidatorLicense, '00a2', { validator: BOB, sponsor: DSO, dso: DSO }),
        created(`${OTHER_PACKAGE}:Some.App:Unmodelled`, '00a3', { anything: ['goes', { here: 1 }] }),
      ]),
    ]);
    expect(result.appended).toBe(1);
    expect(await rows('SELECT compact_only, ledger_offset FROM updates')).toEqual([
      { compact_only: true, ledger_offset: null },
    ]);
    const contracts = await rows('SELECT contract_id, payload_compact FROM contracts ORDER BY contract_id');
    expect(contracts.map((c: { payload_compact: unknown }) => c.payload_compact)).toEqual([
      amulet,
      { validator: BOB, sponsor: DSO, dso: DSO },
      { anything: ['goes', { here: 1 }] },
    ]);
    expect(
      await rows(
        'SELECT p.party AS owner, h.amount::text AS amount FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id',
      ),
    ).toEqual([{ owner: ALICE, amount: '0.0000000000' }]);
    expect(await rows('SELECT validator, first_received_round FROM validator_licenses')).toEqual([
      { validator: BOB, first_received_round: null },
    ]);
    expect(reports).toEqual([]);
  });

  it('logs a payload the derived tables cannot read and leaves it out of them, writing the batch', async () => {
    const result = await writer().append([
      item(1, [
        // An Amulet without its amount, a licence without its validator.
        created(SpliceTemplates.Amulet, '00b1', { dso: DSO, owner: ALICE }),
        created(SpliceTemplates.ValidatorLicense, '00b2', { sponsor: DSO, dso: DSO, faucetState: { x: 1 } }),
        created(SpliceTemplates.OpenMiningRound, '00b3', { dso: DSO, round: 'not a round' }),
        // A value a derived column could not hold.
        created(SpliceTemplates.Amulet, '00b4', {
          dso: DSO,
          owner: ALICE,
          amount: { initialAmount: 'lots' },
        }),
      ]),
      item(2, [
        {
          event_type: 'exercised_event',
          contract_id: '00b9',
          template_id: SpliceTemplates.DsoRules.templateId,
          package_name: SpliceTemplates.DsoRules.packageName,
          choice: SpliceChoices.DsoRulesCloseVoteRequest,
          choice_argument: {},
          child_event_ids: [],
          exercise_result: { outcome: { tag: 'VRO_Rejected', value: {} } },
          consuming: false,
          acting_parties: [DSO],
          interface_id: null,
        },
      ]),
    ]);
    expect(result.appended).toBe(2);
    expect(await rows('SELECT count(*)::int AS n FROM contracts')).toEqual([{ n: 4 }]);
    for (const table of ['amulet_holdings', 'validator_licenses', 'mining_rounds', 'vote_results'])
      expect(await rows(`SELECT count(*)::int AS n FROM ${table}`)).toEqual([{ n: 0 }]);
    expect(reports).toEqual([
      {
        derived: 'mining_rounds',
        template: SpliceTemplates.OpenMiningRound.qualifiedName,
        contract: '00b3',
        missing: ['round.number', 'opensAt'],
      },
      {
        derived: 'vote_results',
        template: SpliceChoices.DsoRulesCloseVoteRequest,
        contract: `1220${(2).toString(16).padStart(64, '0')}:0`,
        missing: ['completedAt', 'request.action.value', 'request.requester'],
      },
      {
        derived: 'amulet_holdings',
        template: SpliceTemplates.Amulet.qualifiedName,
        contract: '00b1',
        missing: ['amount.initialAmount'],
      },
      {
        derived: 'validator_licenses',
        template: SpliceTemplates.ValidatorLicense.qualifiedName,
        contract: '00b2',
        missing: [
          'faucetState.firstReceivedFor.number',
          'faucetState.lastReceivedFor.number',
          'faucetState.numCouponsMissed',
          'validator',
        ],
      },
      {
        derived: 'amulet_holdings',
        template: SpliceTemplates.Amulet.qualifiedName,
        contract: '00b4',
        missing: ['amount.initialAmount'],
      },
    ]);
  });

  it('rejects what is not an update in compact form, naming it: reassignments, non-object arguments', async () => {
    const reassignment = {
      update_id: '1220ee',
      offset: '000000000000000001',
      record_time: '2026-01-05T00:10:00Z',
      event: {},
    };
    await expect(writer().append([reassignment])).rejects.toThrow(
      'update 1220ee: reassignments cannot be loaded from compact-only history',
    );
    await expect(
      writer().append([item(1, [created(SpliceTemplates.Amulet, '00c1', 'not a record')])]),
    ).rejects.toThrow(DomainError);
    expect(await rows('SELECT count(*)::int AS n FROM updates')).toEqual([{ n: 0 }]);
  });
});
