import { describe, expect, it } from 'vitest';
import { actionName } from './payloads';

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
