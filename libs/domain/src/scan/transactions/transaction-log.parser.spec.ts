import { type LogNode, type LogTransaction, parseEventId, parseLogNode } from './transaction-log.parser';

const ALICE = 'alice::1220aa';
const BOB = 'bob::1220bb';
const CAROL = 'carol::1220cc';

function exercise(
  nodeId: number,
  choice: string,
  argument: unknown,
  result: unknown,
  children: number[] = [],
): LogNode {
  return {
    nodeId,
    kind: 'exercised',
    contractId: `c${nodeId}`,
    entity: 'X:Y',
    choice,
    argument,
    result,
    payload: null,
    children,
  };
}

function amulet(nodeId: number, owner: string, initialAmount: string): LogNode {
  return {
    nodeId,
    kind: 'created',
    contractId: `amulet${nodeId}`,
    entity: 'Splice.Amulet:Amulet',
    choice: null,
    argument: null,
    result: null,
    payload: { owner, amount: { initialAmount } },
    children: [],
  };
}

function tx(...nodes: LogNode[]): LogTransaction {
  return {
    updateId: '1220ff',
    ledgerOffset: '42',
    effectiveAt: '2026-01-30T10:00:00.000000Z',
    synchronizerId: 'global-domain::1220',
    nodes: new Map(nodes.map((n) => [n.nodeId, n])),
  };
}

/** An AmuletRules_Transfer from Alice: 10 to Bob (receiver pays 25% of the fee), 5 + 2 to Carol. */
const transfer = (nodeId: number) =>
  exercise(
    nodeId,
    'AmuletRules_Transfer',
    {
      transfer: {
        sender: ALICE,
        outputs: [
          { receiver: BOB, receiverFeeRatio: '0.2500000000', amount: '10.0000000000' },
          { receiver: CAROL, receiverFeeRatio: '0.0000000000', amount: '5.0000000000' },
          { receiver: CAROL, receiverFeeRatio: '1.0000000000', amount: '2.0000000000' },
        ],
      },
    },
    {
      round: { number: '7' },
      summary: {
        inputAppRewardAmount: '0.0000000000',
        inputValidatorRewardAmount: '0.0000000000',
        inputSvRewardAmount: '0.0000000000',
        inputAmuletAmount: '20.0000000000',
        balanceChanges: [
          [BOB, { changeToInitialAmountAsOfRoundZero: '9.9', changeToHoldingFeesRate: '0.1' }],
        ],
        holdingFees: '0.0100000000',
        outputFees: ['0.0000000003', '0.1000000000', '0.2000000000'],
        senderChangeFee: '0.0000000000',
        senderChangeAmount: '2.6899999997',
        inputValidatorFaucetAmount: null,
      },
    },
  );

describe('the amulet transaction log parser', () => {
  it('reads a transfer: fees split by the receiver fee ratio (half-even), receivers merged in output order', () => {
    const [item] = parseLogNode(tx(transfer(3)), 3);
    expect(item).toMatchObject({
      transaction_type: 'transfer',
      event_id: '#1220ff:3',
      offset: '00000000000000002a',
      round: 7,
      domain_id: 'global-domain::1220',
    });
    expect(item.transfer!.sender).toMatchObject({
      party: ALICE,
      input_amulet_amount: '20.0000000000',
      holding_fees: '0.0100000000',
      // 0.0000000003 × 0.75 rounds half-even to 0.0000000002; + 0.1 + 0.
      sender_fee: '0.1000000002',
    });
    expect(item.transfer!.sender).not.toHaveProperty('input_validator_faucet_amount');
    expect(item.transfer!.receivers).toEqual([
      { party: BOB, amount: '10.0000000000', receiver_fee: '0.0000000001' },
      { party: CAROL, amount: '7.0000000000', receiver_fee: '0.2000000000' },
    ]);
    // Empty although the summary has them, as upstream's log (and so every real scan) answers.
    expect(item.transfer!.balance_changes).toEqual([]);
  });

  it('anchors a pre-approval send at itself, and a two-step token transfer at the factory exercise', () => {
    const send = exercise(1, 'TransferPreapproval_Send', { description: 'rent' }, {}, [2]);
    const [sent] = parseLogNode(tx(send, transfer(2)), 1);
    expect(sent.event_id).toBe('#1220ff:1');
    expect(sent.transfer).toMatchObject({ transfer_kind: 'preapproval_send', description: 'rent' });

    const factory = exercise(
      0,
      'TransferFactory_Transfer',
      {
        transfer: {
          sender: ALICE,
          receiver: BOB,
          amount: '10.0000000000',
          meta: { values: { 'splice.lfdecentralizedtrust.org/reason': 'payment' } },
        },
      },
      { output: { tag: 'TransferInstructionResult_Pending', value: { transferInstructionCid: 'ti1' } } },
      [1],
    );
    const [pending] = parseLogNode(tx(factory, transfer(1)), 0);
    expect(pending.event_id).toBe('#1220ff:0');
    expect(pending.transfer).toMatchObject({
      transfer_kind: 'create_transfer_instruction',
      transferInstructionReceiver: BOB,
      transferInstructionAmount: '10.0000000000',
      transferInstructionCid: 'ti1',
      description: 'payment',
    });
  });

  it('reads a tap (with round) and a mint (without) from the amulet they created; the mint below a tap is no item', () => {
    const sum = { amuletSum: { amulet: 'amulet2', round: { number: '4' } } };
    const tap = exercise(0, 'AmuletRules_DevNet_Tap', {}, sum, [1]);
    const mint = exercise(1, 'AmuletRules_Mint', {}, sum, [2]);
    const t = tx(tap, mint, amulet(2, BOB, '100.0000000000'));
    expect(parseLogNode(t, 0)).toEqual([
      expect.objectContaining({
        transaction_type: 'devnet_tap',
        event_id: '#1220ff:0',
        round: 4,
        tap: { amulet_owner: BOB, amulet_amount: '100.0000000000' },
      }),
    ]);
    const [minted] = parseLogNode(t, 1);
    expect(minted).toMatchObject({
      transaction_type: 'mint',
      mint: { amulet_owner: BOB, amulet_amount: '100.0000000000' },
    });
    expect(minted).not.toHaveProperty('round');
  });

  it('reads nothing below a choice upstream reads as something else', () => {
    const buy = exercise(0, 'AmuletRules_BuyMemberTraffic', {}, {}, [1]);
    expect(parseLogNode(tx(buy, transfer(1)), 0)).toEqual([]);
    const other = exercise(0, 'TransferCommand_Send', {}, {}, [1]);
    expect(parseLogNode(tx(other, transfer(1)), 0).map((i) => i.event_id)).toEqual(['#1220ff:1']);
  });

  it('parses event ids of the form #<update_id>:<node_id> only', () => {
    expect(parseEventId('#1220ab:12')).toEqual({ updateId: '1220ab', nodeId: 12 });
    for (const bad of ['1220ab:12', '#1220ab', '#1220ab:x', '#:3', '#a:b:3', '#1220ab:12 '])
      expect(parseEventId(bad)).toBeUndefined();
  });
});
