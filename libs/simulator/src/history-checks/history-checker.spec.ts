import {
  type DamlValue,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryTransaction,
  type HistoryUpdate,
  V,
} from '@canton-scan/domain';
import { damlTypeProblems, parseDamlType } from './daml-type-check';
import { checkHistory, type HistoryRule } from './history-checker';

/** A hand-built event tree: creates and exercises, children nested. */
type Node =
  | { create: string; cid: string; payload: DamlValue }
  | {
      exercise: string;
      choice: string;
      cid: string;
      argument: DamlValue;
      result: DamlValue;
      consuming?: boolean;
      children?: Node[];
    };

const PKG = 'ab'.repeat(32);
const DSO = 'DSO::1220' + 'd'.repeat(64);
const ALICE = 'alice::1220' + 'a'.repeat(64);
const BOB = 'bob::1220' + 'b'.repeat(64);
const cid = (name: string): string => `00${name.padEnd(136, '0')}`;

let updateSeq = 0;
function tx(...roots: Node[]): HistoryTransaction {
  const updateId = `1220${(++updateSeq).toString(16).padStart(64, '0')}`;
  const events: HistoryTransaction['events_by_id'] = {};
  let n = 0;
  const add = (node: Node): string => {
    const eventId = `${updateId}:${n++}`;
    if ('create' in node) {
      const created: HistoryCreatedEvent = {
        event_type: 'created_event',
        event_id: eventId,
        contract_id: node.cid,
        template_id: `${PKG}:${node.create}`,
        package_name: 'splice-amulet',
        create_arguments: node.payload,
        created_at: '2026-01-05T00:00:00.000000Z',
        signatories: [DSO],
        observers: [],
      };
      events[eventId] = created;
    } else {
      const exercised: HistoryExercisedEvent = {
        event_type: 'exercised_event',
        event_id: eventId,
        contract_id: node.cid,
        template_id: `${PKG}:${node.exercise}`,
        package_name: 'splice-amulet',
        choice: node.choice,
        choice_argument: node.argument,
        child_event_ids: [],
        exercise_result: node.result,
        consuming: node.consuming ?? false,
        acting_parties: [DSO],
      };
      events[eventId] = exercised;
      exercised.child_event_ids = (node.children ?? []).map(add);
    }
    return eventId;
  };
  const root_event_ids = roots.map(add);
  return {
    update_id: updateId,
    migration_id: 0,
    workflow_id: '',
    record_time: '2026-01-05T00:00:00.000000Z',
    synchronizer_id: `global-domain::1220${'e'.repeat(64)}`,
    effective_at: '2026-01-05T00:00:00.000000Z',
    offset: updateSeq.toString(16).padStart(18, '0'),
    root_event_ids,
    events_by_id: events,
  };
}

/** The kinds of violation of one rule, as `subject | problem`. */
function violations(rule: HistoryRule, updates: HistoryUpdate[]): string[] {
  return [...checkHistory(updates).values()]
    .map((t) => t.example)
    .filter((v) => v.rule === rule)
    .map((v) => `${v.subject} | ${v.problem}`);
}

const round0 = V.record({ number: V.int64(0) });
const amulet = (owner: string, amount: string): DamlValue =>
  V.record({
    dso: V.party(DSO),
    owner: V.party(owner),
    amount: V.record({
      initialAmount: V.numeric(amount),
      createdAt: round0,
      ratePerRound: V.record({ rate: V.numeric('0.0000190259') }),
    }),
  });

/** An OpenMiningRound of round 0 at `price`, with USD fees: the create and lock holder fee, and a flat transfer fee rate. */
function openRound(price: string, createFee = '0.0', transferRate = '0.0', lockHolderFee = '0.0'): Node {
  return {
    create: 'Splice.Round:OpenMiningRound',
    cid: cid('round0'),
    payload: V.record({
      dso: V.party(DSO),
      round: round0,
      amuletPrice: V.numeric(price),
      transferConfigUsd: V.record({
        createFee: V.record({ fee: V.numeric(createFee) }),
        holdingFee: V.record({ rate: V.numeric('0.0000190259') }),
        transferFee: V.record({ initialRate: V.numeric(transferRate), steps: V.list([]) }),
        lockHolderFee: V.record({ fee: V.numeric(lockHolderFee) }),
      }),
    }),
  };
}

interface TransferSpec {
  input: string;
  output: string;
  outputFee?: string;
  change: string;
  changeAmulet?: string;
  price?: string;
}

/** Alice pays Bob `output` from one amulet of `input` (created in an earlier transaction), getting `change` back. */
function transfer({
  input,
  output,
  outputFee = '0.0',
  change,
  changeAmulet = change,
  price = '0.005',
}: TransferSpec): Node {
  const summary = V.record({
    inputAppRewardAmount: V.numeric('0.0'),
    inputValidatorRewardAmount: V.numeric('0.0'),
    inputSvRewardAmount: V.numeric('0.0'),
    inputAmuletAmount: V.numeric(input),
    balanceChanges: V.genMap([]),
    holdingFees: V.numeric('0.0'),
    outputFees: V.list([V.numeric(outputFee)]),
    senderChangeFee: V.numeric('0.0'),
    senderChangeAmount: V.numeric(change),
    amuletPrice: V.numeric(price),
  });
  return {
    exercise: 'Splice.AmuletRules:AmuletRules',
    choice: 'AmuletRules_Transfer',
    cid: cid('rules'),
    argument: V.record({
      transfer: V.record({
        sender: V.party(ALICE),
        provider: V.party(ALICE),
        inputs: V.list([V.variant('InputAmulet', V.contractId(cid('input')))]),
        outputs: V.list([
          V.record({
            receiver: V.party(BOB),
            receiverFeeRatio: V.numeric('0.0'),
            amount: V.numeric(output),
            lock: V.none(),
            meta: V.none(),
          }),
        ]),
        beneficiaries: V.none(),
      }),
      context: V.record({
        openMiningRound: V.contractId(cid('round0')),
        issuingMiningRounds: V.genMap([]),
        validatorRights: V.genMap([]),
        featuredAppRight: V.none(),
      }),
      expectedDso: V.some(V.party(DSO)),
    }),
    result: V.record({
      round: round0,
      summary,
      createdAmulets: V.list([V.variant('TransferResultAmulet', V.contractId(cid('bob')))]),
      senderChangeAmulet: V.some(V.contractId(cid('change'))),
      meta: V.none(),
    }),
    children: [
      {
        exercise: 'Splice.Amulet:Amulet',
        choice: 'Archive',
        cid: cid('input'),
        argument: V.record({}),
        result: V.unit(),
        consuming: true,
      },
      { create: 'Splice.Amulet:Amulet', cid: cid('bob'), payload: amulet(BOB, output) },
      { create: 'Splice.Amulet:Amulet', cid: cid('change'), payload: amulet(ALICE, changeAmulet) },
    ],
  };
}

/** The genesis: the open round and, unless `input` is null, Alice's amulet a transfer spends. */
const genesis = (round: Node, input: string | null = '100.0'): HistoryTransaction =>
  tx({
    exercise: 'Splice.DsoBootstrap:DsoBootstrap',
    choice: 'DsoBootstrap_Bootstrap',
    cid: cid('bootstrap'),
    argument: V.record({}),
    result: V.record({}),
    consuming: true,
    children: [
      round,
      ...(input === null
        ? []
        : [{ create: 'Splice.Amulet:Amulet', cid: cid('input'), payload: amulet(ALICE, input) }]),
    ],
  });

/** A DevNet tap of `amount` creating Alice's amulet of `created` (the input of the transfers above). */
const tap = (amount: string, created: string): Node => ({
  exercise: 'Splice.AmuletRules:AmuletRules',
  choice: 'AmuletRules_DevNet_Tap',
  cid: cid('rules'),
  argument: V.record({
    receiver: V.party(ALICE),
    amount: V.numeric(amount),
    openRound: V.contractId(cid('round0')),
  }),
  result: V.record({}),
  children: [{ create: 'Splice.Amulet:Amulet', cid: cid('input'), payload: amulet(ALICE, created) }],
});

describe('the history checks', () => {
  describe('root: every root is a workflow Splice runs', () => {
    it('accepts a root DsoBootstrap create and the DSO automation’s root choices', () => {
      const history = [
        tx({ create: 'Splice.DsoBootstrap:DsoBootstrap', cid: cid('b'), payload: V.record({}) }),
        tx({
          exercise: 'Splice.DsoRules:DsoRules',
          choice: 'DsoRules_AdvanceOpenMiningRounds',
          cid: cid('rules'),
          argument: V.record({}),
          result: V.record({}),
        }),
      ];
      expect(violations('root', history)).toEqual([]);
    });

    it('flags a root create of anything else and a root choice outside the workflows', () => {
      const history = [
        tx({ create: 'Splice.DsoRules:DsoRules', cid: cid('r'), payload: V.record({}) }),
        tx({
          exercise: 'Splice.DsoRules:DsoRules',
          choice: 'DsoRules_MiningRound_StartIssuing',
          cid: cid('r'),
          argument: V.record({}),
          result: V.record({}),
        }),
      ];
      expect(violations('root', history)).toEqual([
        'create Splice.DsoRules:DsoRules | not a root create of a Splice workflow',
        'Splice.DsoRules:DsoRules DsoRules_MiningRound_StartIssuing | not a root choice of a Splice workflow',
      ]);
    });
  });

  describe('daml: arguments, results and payloads parse against Splice’s Daml', () => {
    const liveness = (result: DamlValue): Node => ({
      exercise: 'Splice.ValidatorLicense:ValidatorLicense',
      choice: 'ValidatorLicense_RecordValidatorLivenessActivity',
      cid: cid('licence'),
      argument: V.record({ openRoundCid: V.contractId(cid('round0')) }),
      result,
      consuming: true,
      children: [
        {
          create: 'Splice.ValidatorLicense:ValidatorLivenessActivityRecord',
          cid: cid('record'),
          payload: V.record({ dso: V.party(DSO), validator: V.party(ALICE), round: round0 }),
        },
      ],
    });

    it('accepts values with Splice’s fields, an enum result as its constructor and Optional fields left out', () => {
      const history = [
        tx(
          liveness(V.record({ licenseCid: V.contractId(cid('l2')), couponCid: V.contractId(cid('record')) })),
        ),
        tx({
          exercise: 'Splice.ValidatorLicense:ValidatorLicense',
          choice: 'ValidatorLicense_Withdraw',
          cid: cid('l2'),
          argument: V.record({ reason: V.text('gone') }),
          result: V.enum('ValidatorLicense_WithdrawResult'),
          consuming: true,
        }),
      ];
      expect(violations('daml', history)).toEqual([]);
      // `TransferSummary`'s trailing fields are Optional: a value may leave them out.
      expect(damlTypeProblems(V.record({ number: V.int64(3) }), 'Splice.Types:Round', 'r')).toEqual([]);
    });

    it('flags a missing field, a field Splice does not have, a value of another kind, an enum as a record, and an unknown choice', () => {
      const history = [
        tx(liveness(V.record({ licenseCid: V.contractId(cid('l2')), coupon: V.text('x') }))),
        tx({
          exercise: 'Splice.ValidatorLicense:ValidatorLicense',
          choice: 'ValidatorLicense_Withdraw',
          cid: cid('l2'),
          argument: V.record({ reason: V.party(ALICE) }),
          result: V.record({}),
          consuming: true,
        }),
        tx({
          exercise: 'Splice.DsoRules:DsoRules',
          choice: 'DsoRules_RecordAppActivity',
          cid: cid('r'),
          argument: V.record({}),
          result: V.record({}),
        }),
      ];
      expect(violations('daml', history)).toEqual([
        "Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_RecordValidatorLivenessActivity | result.coupon: not a field in Splice's Daml",
        "Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_RecordValidatorLivenessActivity | result.couponCid: missing (not Optional in Splice's Daml)",
        'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_Withdraw | argument.reason: expected Text, got party',
        'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_Withdraw | result: expected the enum Splice.ValidatorLicense:ValidatorLicense_WithdrawResult (a constructor name), got record',
        'Splice.DsoRules:DsoRules:DsoRules_RecordAppActivity | not a choice of Splice’s Daml',
      ]);
    });

    it('reads the notation of the field lists: applications, lists, maps, tuples and type parameters', () => {
      expect(parseDamlType('Optional [Splice.Types:Round]')).toEqual({
        kind: 'optional',
        of: { kind: 'list', of: { kind: 'named', name: 'Splice.Types:Round', args: [] } },
      });
      const schedule = 'Splice.Schedule:Schedule Time Splice.Types:Round';
      const good = V.record({
        initialValue: round0,
        futureValues: V.list([V.tuple(V.timestamp('2026-01-05T00:00:00Z'), round0)]),
      });
      expect(damlTypeProblems(good, schedule, 's')).toEqual([]);
      const bad = V.record({ initialValue: round0, futureValues: V.list([V.tuple(V.text('soon'), round0)]) });
      expect(damlTypeProblems(bad, schedule, 's')).toEqual(['s.futureValues[]._1: expected Time, got text']);
    });
  });

  describe('conservation: inputs equal outputs plus fees', () => {
    it('accepts a transfer whose amulets add up', () => {
      const history = [
        genesis(openRound('0.005')),
        tx(transfer({ input: '100.0', output: '40.0', change: '60.0' })),
      ];
      expect(violations('conservation', history)).toEqual([]);
    });

    it('flags a change amulet that does not hold the change, and inputs that do not add up', () => {
      const history = [
        genesis(openRound('0.005')),
        tx(transfer({ input: '100.0', output: '40.0', change: '61.0' })),
      ];
      expect(violations('conservation', history)).toEqual([
        'AmuletRules_Transfer | inputs (amulets less holding fees, plus rewards) do not equal outputs plus change plus fees',
      ]);
      const wrongAmulet = [
        genesis(openRound('0.005')),
        tx(transfer({ input: '100.0', output: '40.0', change: '60.0', changeAmulet: '59.0' })),
      ];
      expect(violations('conservation', wrongAmulet)).toEqual([
        'AmuletRules_Transfer | the sender change amulet does not hold summary.senderChangeAmount',
      ]);
    });
  });

  describe('conservation and supply of a payment that splits and burns (a transfer preapproval)', () => {
    const preapproval = (paid: string, change: string): Node => ({
      exercise: 'Splice.AmuletRules:AmuletRules',
      choice: 'AmuletRules_CreateTransferPreapproval',
      cid: cid('rules'),
      argument: V.record({
        inputs: V.list([V.variant('InputAmulet', V.contractId(cid('input')))]),
        receiver: V.party(BOB),
        provider: V.party(ALICE),
      }),
      result: V.record({
        transferPreapprovalCid: V.contractId(cid('preapproval')),
        transferResult: V.record({
          round: round0,
          summary: V.record({
            inputAppRewardAmount: V.numeric('0.0'),
            inputValidatorRewardAmount: V.numeric('0.0'),
            inputSvRewardAmount: V.numeric('0.0'),
            inputAmuletAmount: V.numeric('100.0'),
            holdingFees: V.numeric('0.0'),
            outputFees: V.list([V.numeric('0.0')]),
            senderChangeFee: V.numeric('0.0'),
            senderChangeAmount: V.numeric('90.0'),
            amuletPrice: V.numeric('0.005'),
          }),
          createdAmulets: V.list([]),
          senderChangeAmulet: V.some(V.contractId(cid('change'))),
        }),
        amuletPaid: V.numeric(paid),
      }),
      children: [
        {
          exercise: 'Splice.Amulet:Amulet',
          choice: 'Archive',
          cid: cid('input'),
          argument: V.record({}),
          result: V.unit(),
          consuming: true,
        },
        { create: 'Splice.Amulet:Amulet', cid: cid('change'), payload: amulet(ALICE, change) },
      ],
    });

    it('accepts the amount paid burnt and the change returned', () => {
      const history = [
        genesis(openRound('0.005'), null),
        tx(tap('100.0', '100.0')),
        tx(preapproval('10.0', '90.0')),
      ];
      expect([...violations('conservation', history), ...violations('supply', history)]).toEqual([]);
    });

    it('flags a payment whose paid amount and change do not make up its inputs', () => {
      const history = [
        genesis(openRound('0.005'), null),
        tx(tap('100.0', '100.0')),
        tx(preapproval('9.0', '90.0')),
      ];
      expect(violations('conservation', history)).toEqual([
        'AmuletRules_CreateTransferPreapproval | inputs (amulets less holding fees, plus rewards) do not equal outputs plus change plus fees',
      ]);
      expect(violations('supply', history)).toEqual([
        'AmuletRules_CreateTransferPreapproval | amulet balances change by other than what its exercises mint and burn',
        'the whole history | total supply (minted less burnt) differs from the sum of amulet balances',
      ]);
    });
  });

  describe('fees: Amulet’s formulas at the open round’s amulet price', () => {
    it('accepts fees of 0 under a fee-free config (MainNet’s), and the formula’s fee under a charging one', () => {
      const free = [
        genesis(openRound('0.005')),
        tx(transfer({ input: '100.0', output: '40.0', change: '60.0' })),
      ];
      expect(violations('fees', free)).toEqual([]);
      // 0.03 USD create fee + 1% of 40 at 0.5 USD/CC: 0.06 + 0.4 CC.
      const charging = [
        genesis(openRound('0.5', '0.03', '0.01')),
        tx(transfer({ input: '100.0', output: '40.0', outputFee: '0.46', change: '59.54', price: '0.5' })),
      ];
      expect(violations('fees', charging)).toEqual([
        'AmuletRules_Transfer | an output fee is charged (splice-amulet 0.1.22 charges none)',
      ]);
    });

    it('flags a fee in USD where the formula converts at the amulet price, and a summary at another price', () => {
      const history = [
        genesis(openRound('0.5', '0.03')),
        tx(transfer({ input: '100.0', output: '40.0', outputFee: '0.03', change: '59.97', price: '0.005' })),
      ];
      expect(violations('fees', history)).toEqual([
        'AmuletRules_Transfer | an output fee is charged (splice-amulet 0.1.22 charges none)',
        'AmuletRules_Transfer | summary.amuletPrice is not the open round’s amulet price',
        'AmuletRules_Transfer | an output fee is not create fee + tiered transfer fee + lock holder fees at the open round’s amulet price',
      ]);
    });
  });

  describe('supply: total supply equals the sum of balances', () => {
    it('accepts taps minting what they create and transfers burning their fees', () => {
      const history = [
        genesis(openRound('0.5', '0.03', '0.01'), null),
        tx(tap('100.0', '100.0')),
        tx(transfer({ input: '100.0', output: '40.0', outputFee: '0.46', change: '59.54', price: '0.5' })),
      ];
      expect(violations('supply', history)).toEqual([]);
    });

    it('flags amulet created out of nothing, per transaction and over the whole history', () => {
      const history = [
        genesis(openRound('0.005'), null),
        tx(tap('100.0', '101.0')),
        tx({
          exercise: 'Splice.Amulet:UnclaimedDevelopmentFundCoupon',
          choice: 'UnclaimedDevelopmentFundCoupon_Claim',
          cid: cid('fund'),
          argument: V.record({}),
          result: V.record({}),
          consuming: true,
          children: [{ create: 'Splice.Amulet:Amulet', cid: cid('claimed'), payload: amulet(BOB, '5.0') }],
        }),
      ];
      expect(violations('supply', history)).toEqual([
        'AmuletRules_DevNet_Tap | amulet balances change by other than what its exercises mint and burn',
        'UnclaimedDevelopmentFundCoupon_Claim | amulet balances change by other than what its exercises mint and burn',
        'the whole history | total supply (minted less burnt) differs from the sum of amulet balances',
      ]);
    });
  });
});
