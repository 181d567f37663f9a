import { parseDamlDecimal as d } from '@canton-scan/domain';
import {
  amuletValueAt,
  chargeSteppedRate,
  configuredOutputFee,
  divNumeric,
  feesInAmulet,
  mulNumeric,
  showDecimal,
  summarizeTransfer,
  transferFeesOf,
  type TransferFees,
} from './amulet-arithmetic';
import { TRANSFER_CONFIG } from './network-config';

// Worked examples computed by hand from the splice-amulet 0.1.22 formulas (Splice.Fees,
// Splice.AmuletRules.summarizeTransfer), not from this module's output.

const DEVNET_STYLE_USD: TransferFees = {
  createFee: d('0.03'),
  holdingFeeRate: d('0.0000190259'),
  lockHolderFee: d('0.005'),
  transferFee: {
    initialRate: d('0.01'),
    steps: [
      [d('100'), d('0.001')],
      [d('1000'), d('0.0001')],
      [d('1000000'), d('0.00001')],
    ],
  },
};

describe('Numeric rounding', () => {
  it('rounds quotients and products half to even at the 10th digit', () => {
    expect(divNumeric(d('1'), d('3'))).toBe(d('0.3333333333'));
    expect(divNumeric(d('2'), d('3'))).toBe(d('0.6666666667'));
    expect(divNumeric(d('0.0000000001'), d('2'))).toBe(0n); // 0.00000000005 -> even 0
    expect(divNumeric(d('0.0000000003'), d('2'))).toBe(d('0.0000000002')); // 0.00000000015 -> even 2
    expect(mulNumeric(d('0.0000000005'), d('0.5'))).toBe(d('0.0000000002')); // 0.00000000025 -> 2
    expect(mulNumeric(d('-0.0000000005'), d('0.3'))).toBe(d('-0.0000000002')); // -0.00000000015 -> -2
  });
});

describe('chargeSteppedRate', () => {
  const rate = DEVNET_STYLE_USD.transferFee;

  it('charges the initial rate below the first step', () => {
    expect(chargeSteppedRate(rate, d('50'))).toBe(d('0.5'));
    expect(chargeSteppedRate(rate, d('100'))).toBe(d('1'));
  });

  it('charges each band (step minus the sum of the previous steps) at the rate below it', () => {
    // bands: 100 @ 0.01, 1000 - 100 = 900 @ 0.001, 1000000 - 1100 = 998900 @ 0.0001, rest @ 0.00001
    // 1500 = 100 × 0.01 + 900 × 0.001 + 500 × 0.0001 = 1 + 0.9 + 0.05
    expect(chargeSteppedRate(rate, d('1500'))).toBe(d('1.95'));
    // 1001200 = 1 + 0.9 + 998900 × 0.0001 + (1001200 - 999900) × 0.00001 = 1.9 + 99.89 + 0.013
    expect(chargeSteppedRate(rate, d('1001200'))).toBe(d('101.803'));
  });

  it('charges nothing on a zero rate without steps (the MainNet configuration)', () => {
    expect(chargeSteppedRate({ initialRate: 0n, steps: [] }, d('123456.789'))).toBe(0n);
  });
});

describe('fees in amulet at the open round price', () => {
  it('scales fixed fees, the holding fee rate and step thresholds by 1 / amuletPrice', () => {
    const fees = feesInAmulet(DEVNET_STYLE_USD, d('0.005')); // s = 200
    expect(fees.createFee).toBe(d('6'));
    expect(fees.lockHolderFee).toBe(d('1'));
    expect(fees.holdingFeeRate).toBe(d('0.00380518'));
    expect(fees.transferFee.steps[0]).toEqual([d('20000'), d('0.001')]);
    expect(fees.transferFee.initialRate).toBe(d('0.01'));
  });

  it('rounds the scale factor first, then each scaled fee', () => {
    // s = 1 / 0.007 = 142.857142857142857... -> 142.8571428571; 0.03 × s = 4.285714285713 -> 4.2857142857
    const fees = feesInAmulet(DEVNET_STYLE_USD, d('0.007'));
    expect(fees.createFee).toBe(d('4.2857142857'));
    // 0.0000190259 × 142.8571428571 = 0.00271798571427... -> 0.0027179857
    expect(fees.holdingFeeRate).toBe(d('0.0027179857'));
  });

  it('prices an output at create fee + transfer fee (none back to the sender) + lock holder fees', () => {
    const fees = feesInAmulet(DEVNET_STYLE_USD, d('0.005'));
    // 6 + 1500 × 0.01 (below the first scaled step of 20000) + 1 × 1
    expect(configuredOutputFee(fees, { toSender: false, amount: d('1500'), lockHolders: 1 })).toBe(d('22'));
    expect(configuredOutputFee(fees, { toSender: true, amount: d('1500'), lockHolders: 1 })).toBe(d('7'));
  });

  it("prices every output at zero under the simulated network's configuration, as the 0.1.22 Daml charges", () => {
    const fees = feesInAmulet(transferFeesOf(TRANSFER_CONFIG), d('0.0123'));
    expect(configuredOutputFee(fees, { toSender: false, amount: d('987654.3'), lockHolders: 3 })).toBe(0n);
    expect(fees.holdingFeeRate).toBeGreaterThan(0n);
  });
});

describe('summarizeTransfer', () => {
  const rate = d('0.0038');

  it('returns the leftover as change, charges no fee and normalises balance changes to round zero', () => {
    const s = summarizeTransfer({
      sender: 'alice::1',
      openRound: 10,
      amuletPrice: d('0.005'),
      holdingFeeRate: rate,
      inputs: {
        amulets: [
          { initialAmount: d('100'), createdAt: 4, ratePerRound: rate },
          { initialAmount: d('50'), createdAt: 10, ratePerRound: rate },
        ],
      },
      outputs: [
        { receiver: 'bob::1', amount: d('120') },
        { receiver: 'alice::1', amount: d('20') },
      ],
    });
    expect(s.inputAmuletAmount).toBe(d('150'));
    expect(s.outputFees).toEqual([0n, 0n]);
    expect(s.holdingFees).toBe(0n);
    expect(s.senderChangeFee).toBe(0n);
    expect(s.senderChangeAmount).toBe(d('10'));
    // archived as of round 0: 100 + 4 × 0.0038 + 50 + 10 × 0.0038 = 150.0532; adjustment 10 × 0.0038 = 0.038
    // alice: (10 + 0.038 - 150.0532) + (20 + 0.038) = -119.9772; rate 0.0038 - 0.0076 + 0.0038 = 0
    // bob: 120 + 0.038, rate 0.0038
    expect(s.balanceChanges).toEqual([
      ['alice::1', { changeToInitialAmountAsOfRoundZero: d('-119.9772'), changeToHoldingFeesRate: 0n }],
      ['bob::1', { changeToInitialAmountAsOfRoundZero: d('120.038'), changeToHoldingFeesRate: rate }],
    ]);
  });

  it('creates no change when the outputs use up the inputs', () => {
    const s = summarizeTransfer({
      sender: 'carol::1',
      openRound: 5,
      amuletPrice: d('0.01'),
      holdingFeeRate: d('0.001'),
      inputs: { amulets: [{ initialAmount: d('30'), createdAt: 2, ratePerRound: d('0.001') }] },
      outputs: [{ receiver: 'bob::1', amount: d('30') }],
    });
    expect(s.senderChangeAmount).toBe(0n);
    expect(s.balanceChanges).toEqual([
      ['bob::1', { changeToInitialAmountAsOfRoundZero: d('30.005'), changeToHoldingFeesRate: d('0.001') }],
      [
        'carol::1',
        { changeToInitialAmountAsOfRoundZero: d('-30.002'), changeToHoldingFeesRate: d('-0.001') },
      ],
    ]);
  });

  it('adds reward inputs to the leftover and reports the faucet inside the validator reward amount', () => {
    const s = summarizeTransfer({
      sender: 'val::1',
      openRound: 7,
      amuletPrice: d('0.01'),
      holdingFeeRate: d('0.002'),
      inputs: { amulets: [], validatorFaucet: d('25.5'), developmentFund: d('100'), appReward: d('3') },
      outputs: [],
    });
    expect(s.inputValidatorRewardAmount).toBe(d('25.5'));
    expect(s.inputValidatorFaucetAmount).toBe(d('25.5'));
    expect(s.inputDevelopmentFundAmount).toBe(d('100'));
    expect(s.senderChangeAmount).toBe(d('128.5'));
    expect(s.balanceChanges).toEqual([
      ['val::1', { changeToInitialAmountAsOfRoundZero: d('128.514'), changeToHoldingFeesRate: d('0.002') }],
    ]);
  });

  it('fails a transfer whose inputs do not cover its outputs', () => {
    expect(() =>
      summarizeTransfer({
        sender: 'a',
        openRound: 1,
        amuletPrice: d('1'),
        holdingFeeRate: 0n,
        inputs: { amulets: [{ initialAmount: d('1'), createdAt: 0, ratePerRound: 0n }] },
        outputs: [{ receiver: 'b', amount: d('1.0000000001') }],
      }),
    ).toThrow('insufficient funds: short by 0.0000000001');
  });
});

describe('amuletValueAt and showDecimal', () => {
  it('decays an amulet by its rate per round since creation, never below zero', () => {
    const a = { initialAmount: d('100'), createdAt: 4, ratePerRound: d('0.0038') };
    expect(amuletValueAt(a, 10)).toBe(d('99.9772'));
    expect(amuletValueAt(a, 3)).toBe(d('100'));
    expect(amuletValueAt({ ...a, initialAmount: d('0.01') }, 10)).toBe(0n);
  });

  it("writes decimals as Daml's show does", () => {
    expect(showDecimal(d('12.5'))).toBe('12.5');
    expect(showDecimal(d('3'))).toBe('3.0');
    expect(showDecimal(d('0.0000000001'))).toBe('0.0000000001');
  });
});
