import { createHash } from 'node:crypto';
import { toCompact } from '../daml-value/compact';
import { V } from '../daml-value/daml-value.builders';
import type { AmuletPayload } from './amulet.payloads';
import type { CloseVoteRequestResult, VoteRequestPayload } from './dso-governance.payloads';
import { closeVoteRequestResultType } from './dso-governance.payloads';
import { fromCompact } from '../daml-value/daml-type';
import {
  buildSplicePayload,
  lookupSpliceTemplate,
  parseTemplateId,
  SpliceInterfaces,
  SplicePackages,
  SpliceTemplates,
  type SpliceTemplate,
} from './splice-templates';

const DSO = `DSO::1220${'11'.repeat(32)}`;
const ALICE = `alice::1220${'ab'.repeat(32)}`;

describe('Splice templates', () => {
  it('derives stable 64-hex package ids from package name and version', () => {
    expect(SplicePackages.amulet.id).toBe(createHash('sha256').update('splice-amulet-0.1.22').digest('hex'));
    for (const pkg of Object.values(SplicePackages)) expect(pkg.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names every template by package id and by package name', () => {
    for (const [name, t] of Object.entries(SpliceTemplates)) {
      expect(t.entityName).toBe(name);
      expect(t.templateId).toBe(`${t.packageId}:${t.moduleName}:${t.entityName}`);
      expect(t.qualifiedName).toBe(`${t.packageName}:${t.moduleName}:${t.entityName}`);
      expect(lookupSpliceTemplate(t.templateId)).toBe(t);
    }
    expect(SpliceTemplates.Amulet.qualifiedName).toBe('splice-amulet:Splice.Amulet:Amulet');
    expect(SpliceTemplates.VoteRequest.qualifiedName).toBe(
      'splice-dso-governance:Splice.DsoRules:VoteRequest',
    );
    expect(SpliceTemplates.SvNodeState.qualifiedName).toBe(
      'splice-dso-governance:Splice.DSO.SvState:SvNodeState',
    );
    expect(SpliceInterfaces.AllocationFactory.qualifiedName).toBe(
      'splice-api-token-allocation-instruction-v1:Splice.Api.Token.AllocationInstructionV1:AllocationFactory',
    );
  });

  it('splits template ids in either form', () => {
    expect(parseTemplateId('splice-amulet:Splice.Amulet:Amulet')).toEqual({
      packageRef: 'splice-amulet',
      moduleName: 'Splice.Amulet',
      entityName: 'Amulet',
    });
    expect(() => parseTemplateId('Splice.Amulet:Amulet')).toThrow(/PACKAGE:MODULE:ENTITY/);
    expect(lookupSpliceTemplate('splice-amulet:Splice.Amulet:Amulet')).toBeUndefined();
  });
});

describe('buildSplicePayload', () => {
  const amulet: AmuletPayload = {
    dso: DSO,
    owner: ALICE,
    amount: {
      initialAmount: '10.0000000000',
      createdAt: { number: '3' },
      ratePerRound: { rate: '0.0000190259' },
    },
  };

  it('builds the lossless record in Daml field order, typed per field', () => {
    expect(buildSplicePayload(SpliceTemplates.Amulet, amulet)).toEqual(
      V.record({
        dso: V.party(DSO),
        owner: V.party(ALICE),
        amount: V.record({
          initialAmount: V.numeric('10.0000000000'),
          createdAt: V.record({ number: V.int64(3) }),
          ratePerRound: V.record({ rate: V.numeric('0.0000190259') }),
        }),
      }),
    );
  });

  it('round-trips governance payloads with variants, maps and optionals', () => {
    const request: VoteRequestPayload = {
      dso: DSO,
      requester: 'Digital-Asset-2',
      action: {
        tag: 'ARC_DsoRules',
        value: { dsoAction: { tag: 'SRARC_OffboardSv', value: { sv: ALICE } } },
      },
      reason: { url: '', body: 'why' },
      voteBefore: '2026-01-12T00:00:00Z',
      votes: [['Digital-Asset-2', { sv: DSO, accept: true, reason: { url: '', body: '' }, optCastAt: null }]],
      trackingCid: null,
      targetEffectiveAt: null,
    };
    expect(toCompact(buildSplicePayload(SpliceTemplates.VoteRequest, request))).toEqual(request);
    const result: CloseVoteRequestResult = {
      request,
      completedAt: '2026-01-06T00:00:00Z',
      offboardedVoters: [],
      abstainingSvs: ['Cumberland-1'],
      outcome: { tag: 'VRO_Accepted', value: { effectiveAt: '2026-01-06T00:00:00Z' } },
    };
    expect(toCompact(fromCompact(closeVoteRequestResultType, result))).toEqual(result);
  });

  it('rejects a payload that does not fit, naming the template and field', () => {
    const loose: SpliceTemplate = SpliceTemplates.Amulet;
    expect(() =>
      buildSplicePayload(loose, { ...amulet, amount: { ...amulet.amount, createdAt: { number: 3 } } }),
    ).toThrow(/^Amulet\.amount\.createdAt\.number: expected int64 text/);
  });
});
