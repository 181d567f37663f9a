import { describe, expect, it } from 'vitest';
import { actionName, configInForce, type AmuletConfig, type AmuletRules } from './payloads';

describe('actionName', () => {
  it('names a vote request by its innermost action constructor, as MainNet vote requests nest them', () => {
    expect(
      actionName({
        tag: 'ARC_DsoRules',
        value: { dsoAction: { tag: 'SRARC_OffboardSv', value: { offboardedSv: 'x' } } },
      }),
    ).toBe('SRARC_OffboardSv');
    expect(
      actionName({
        tag: 'ARC_AmuletRules',
        value: { amuletRulesAction: { tag: 'CRARC_SetConfig', value: { newConfig: {}, baseConfig: {} } } },
      }),
    ).toBe('CRARC_SetConfig');
    expect(
      actionName({
        tag: 'ARC_AnsEntryContext',
        value: {
          ansEntryContextCid: '00ab',
          ansEntryContextAction: { tag: 'ANSEARC_CollectInitialEntryPayment', value: {} },
        },
      }),
    ).toBe('ANSEARC_CollectInitialEntryPayment');
  });

  it('falls back to the outer tag when the action holds no nested variant', () => {
    expect(actionName({ tag: 'ARC_Something', value: { n: '1' } })).toBe('ARC_Something');
    expect(actionName({ tag: 'ARC_Unit', value: {} })).toBe('ARC_Unit');
  });
});

describe('configInForce', () => {
  const config = (fee: string) => ({ transferConfig: { createFee: { fee } } }) as unknown as AmuletConfig;
  const rules = (initial: AmuletConfig, futureValues: { _1: string; _2: AmuletConfig }[]) =>
    ({ configSchedule: { initialValue: initial, futureValues } }) as unknown as AmuletRules;

  it('takes initialValue, in force since the AmuletRules was created, when no future value remains (AmuletRules_SetConfig)', () => {
    expect(configInForce(rules(config('0.03'), []), '2026-03-01T00:00:00Z', '2026-02-01T00:00:00Z')).toEqual({
      config: config('0.03'),
      since: '2026-02-01T00:00:00Z',
    });
  });

  it('takes the latest future value at or before now in older histories, else initialValue', () => {
    const r = rules(config('0.01'), [
      { _1: '2026-01-10T00:00:00Z', _2: config('0.02') },
      { _1: '2026-01-20T00:00:00Z', _2: config('0.03') },
    ]);
    expect(configInForce(r, '2026-01-15T00:00:00Z', '2026-01-01T00:00:00Z')).toEqual({
      config: config('0.02'),
      since: '2026-01-10T00:00:00Z',
    });
    expect(configInForce(r, '2026-01-05T00:00:00Z', '2026-01-01T00:00:00Z')).toEqual({
      config: config('0.01'),
      since: '2026-01-01T00:00:00Z',
    });
  });
});
