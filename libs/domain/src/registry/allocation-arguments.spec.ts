/* eslint-disable @typescript-eslint/no-explicit-any -- the tests mutate loosely typed JSON arguments */
import { DomainError, DomainErrorCode } from '../errors/domain-error';
import { validateAllocateArguments } from './allocation-arguments';

const party = (name: string) => `${name}::1220${'ab'.repeat(32)}`;
const cid = (n: number) => `00${n.toString(16).padStart(8, '0')}${'cd'.repeat(30)}`;
const DSO = party('DSO');

const leg = (i = 0) => ({
  sender: party(`sender-${i}`),
  receiver: party(`receiver-${i}`),
  amount: '10.5000000000',
  instrumentId: { admin: DSO, id: 'Amulet' },
  meta: { values: {} },
});

function singleLeg(): Record<string, any> {
  return {
    expectedAdmin: DSO,
    allocation: {
      settlement: {
        executor: party('venue'),
        settlementRef: { id: 'trade-1', cid: null },
        requestedAt: '2026-01-05T10:00:00.000000Z',
        allocateBefore: '2026-01-05T11:00:00Z',
        settleBefore: '2026-01-05T12:00:00+01:00',
        meta: { values: { 'splice.lfdecentralizedtrust.org/reason': 'trade' } },
      },
      transferLegId: 'leg-0',
      transferLeg: leg(),
    },
    requestedAt: '2026-01-05T10:00:00.000000Z',
    inputHoldingCids: [cid(1), cid(2)],
    extraArgs: { context: { values: {} }, meta: { values: {} } },
  };
}

function multiLeg(count: number, build: (i: number) => unknown = leg): Record<string, any> {
  const args = singleLeg();
  delete args.allocation.transferLegId;
  delete args.allocation.transferLeg;
  args.allocation.transferLegs = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`leg-${i}`, build(i)]),
  );
  return args;
}

function rejection(args: unknown, maxLegs = 200): DomainError {
  try {
    validateAllocateArguments(args, maxLegs);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the arguments were accepted');
}

describe('validateAllocateArguments', () => {
  it('accepts a single-leg allocation in ledger JSON encoding', () => {
    expect(validateAllocateArguments(singleLeg(), 200)).toEqual({
      legs: 1,
      accounts: 2,
      parties: 4,
      instruments: 1,
      expectedAdmin: party('DSO'),
      legInstruments: [{ path: 'choiceArguments.allocation.transferLeg', admin: party('DSO'), id: 'Amulet' }],
    });
  });

  it('accepts 100 legs between 25 distinct accounts, parties and instruments', () => {
    const admins = Array.from({ length: 25 }, (_, i) => party(`admin-${i}`));
    const owners = Array.from({ length: 25 }, (_, i) => party(`owner-${i}`));
    const args = multiLeg(100, (i) => ({
      sender: { owner: owners[i % 25], provider: admins[i % 25], id: `acct-${i % 25}` },
      receiver: { owner: owners[(i + 1) % 25], provider: admins[(i + 1) % 25], id: `acct-${(i + 1) % 25}` },
      amount: `${i + 1}.0000000001`,
      instrumentId: { admin: admins[i % 25], id: `Token-${i % 25}` },
      meta: { values: { leg: String(i) } },
    }));
    const summary = validateAllocateArguments(args, 200);
    expect(summary.legs).toBe(100);
    expect(summary.accounts).toBe(25);
    expect(summary.instruments).toBe(25);
    // owners, admins (as providers and instrument admins), the executor and the expected admin
    expect(summary.parties).toBe(52);
  });

  it('refuses more legs than the configured bound, naming it', () => {
    const error = rejection(multiLeg(201), 200);
    expect(error.code).toBe(DomainErrorCode.InvalidArgument);
    expect(error.message).toContain('choiceArguments.allocation.transferLegs holds 201 legs');
    expect(error.message).toContain('(200, REGISTRY_MAX_TRANSFER_LEGS)');
  });

  it.each([
    [
      'a malformed sender',
      (a: any) => (a.allocation.transferLeg.sender = 'alice'),
      'choiceArguments.allocation.transferLeg.sender must be a party id',
    ],
    [
      'a malformed receiver account',
      (a: any) => (a.allocation.transferLeg.receiver = { owner: 'bob' }),
      'choiceArguments.allocation.transferLeg.receiver.owner must be a party id',
    ],
    [
      'a receiver of the wrong type',
      (a: any) => (a.allocation.transferLeg.receiver = 7),
      'choiceArguments.allocation.transferLeg.receiver must be a party id or an account',
    ],
    [
      'a malformed instrument admin',
      (a: any) => (a.allocation.transferLeg.instrumentId.admin = 'DSO'),
      'choiceArguments.allocation.transferLeg.instrumentId.admin must be a party id',
    ],
    [
      'an instrument without id',
      (a: any) => delete a.allocation.transferLeg.instrumentId.id,
      'choiceArguments.allocation.transferLeg.instrumentId.id is required',
    ],
    [
      'a missing instrument',
      (a: any) => delete a.allocation.transferLeg.instrumentId,
      'choiceArguments.allocation.transferLeg.instrumentId is required',
    ],
    [
      'a negative amount',
      (a: any) => (a.allocation.transferLeg.amount = '-1.0'),
      'choiceArguments.allocation.transferLeg.amount must be a decimal string',
    ],
    [
      'a zero amount',
      (a: any) => (a.allocation.transferLeg.amount = '0.0000000000'),
      'choiceArguments.allocation.transferLeg.amount must be positive',
    ],
    [
      'too many decimals',
      (a: any) => (a.allocation.transferLeg.amount = '1.00000000001'),
      'choiceArguments.allocation.transferLeg.amount must be a decimal string',
    ],
    [
      'a numeric amount',
      (a: any) => (a.allocation.transferLeg.amount = 5),
      'choiceArguments.allocation.transferLeg.amount must be a string',
    ],
    [
      'leg metadata that is not text',
      (a: any) => (a.allocation.transferLeg.meta = { values: { k: 1 } }),
      'choiceArguments.allocation.transferLeg.meta.values.k must be a string',
    ],
    [
      'a malformed executor',
      (a: any) => (a.allocation.settlement.executor = ''),
      'choiceArguments.allocation.settlement.executor must not be empty',
    ],
    [
      'a malformed settlement time',
      (a: any) => (a.allocation.settlement.settleBefore = 'tomorrow'),
      'choiceArguments.allocation.settlement.settleBefore must be an ISO-8601 time',
    ],
    [
      'a time without zone',
      (a: any) => (a.requestedAt = '2026-01-05T10:00:00'),
      'choiceArguments.requestedAt must be an ISO-8601 time',
    ],
    [
      'an impossible date',
      (a: any) => (a.requestedAt = '2026-13-05T10:00:00Z'),
      'choiceArguments.requestedAt must be an ISO-8601 time',
    ],
    [
      'a malformed settlement cid',
      (a: any) => (a.allocation.settlement.settlementRef.cid = 'xyz'),
      'choiceArguments.allocation.settlement.settlementRef.cid must be a contract id',
    ],
    [
      'a missing expected admin',
      (a: any) => delete a.expectedAdmin,
      'choiceArguments.expectedAdmin is required',
    ],
    [
      'holdings that are not a list',
      (a: any) => (a.inputHoldingCids = cid(1)),
      'choiceArguments.inputHoldingCids must be an array',
    ],
    [
      'a malformed holding',
      (a: any) => (a.inputHoldingCids = [cid(1), 'cid-2']),
      'choiceArguments.inputHoldingCids[1] must be a contract id',
    ],
    [
      'a repeated holding',
      (a: any) => (a.inputHoldingCids = [cid(1), cid(1)]),
      'choiceArguments.inputHoldingCids[1] repeats inputHoldingCids[0]',
    ],
    ['missing extra arguments', (a: any) => delete a.extraArgs, 'choiceArguments.extraArgs is required'],
    [
      'a context value without tag',
      (a: any) => (a.extraArgs.context.values = { x: {} }),
      'choiceArguments.extraArgs.context.values.x.tag is required',
    ],
    ['both leg forms', (a: any) => (a.allocation.transferLegs = { 'leg-1': leg() }), 'not both'],
    [
      'no legs at all',
      (a: any) => (delete a.allocation.transferLeg, delete a.allocation.transferLegId),
      'choiceArguments.allocation.transferLegs is required',
    ],
    [
      'a single leg without id',
      (a: any) => delete a.allocation.transferLegId,
      'choiceArguments.allocation.transferLegId is required',
    ],
  ])('refuses %s, naming the field', (_name, mutate, message) => {
    const args = singleLeg();
    mutate(args);
    const error = rejection(args);
    expect(error.code).toBe(DomainErrorCode.InvalidArgument);
    expect(error.message).toContain(message);
  });

  it('names the offending leg of a multi-leg allocation by its id', () => {
    const args = multiLeg(30);
    args.allocation.transferLegs['leg-17'].instrumentId = { admin: DSO };
    expect(rejection(args).message).toContain(
      'choiceArguments.allocation.transferLegs["leg-17"].instrumentId.id is required',
    );
  });

  it('refuses an empty leg map', () => {
    expect(rejection(multiLeg(0)).message).toContain(
      'choiceArguments.allocation.transferLegs must hold at least one leg',
    );
  });

  it('refuses arguments that are not an object', () => {
    expect(rejection([1, 2]).message).toBe('choiceArguments must be an object, got [1,2]');
  });
});
