import { DomainError, DomainErrorCode } from '../errors/domain-error';
import { SpliceInterfaces, SpliceTemplates } from '../splice/splice-templates';
import {
  mayIncludeBlobs,
  partiesRead,
  resolveActiveContractsFormat,
  resolveEventFormat,
  resolveTransactionByOffsetFormat,
  resolveUpdatesRequestFormat,
} from './ledger-format';

const ALICE = 'alice::1220aa';
const BOB = 'bob::1220bb';

function invalid(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(DomainErrorCode.InvalidArgument);
    return (error as DomainError).message;
  }
  throw new Error('expected an invalid argument');
}

describe('resolveEventFormat', () => {
  it('treats a missing or empty filter list, or one of only Empty entries, as a wildcard without blob', () => {
    const f = resolveEventFormat(
      { filtersByParty: { [ALICE]: {}, [BOB]: { cumulative: [{ identifierFilter: { Empty: {} } }] } } },
      'format',
    );
    expect(f.byParty.get(ALICE)?.wildcard).toEqual({ blob: false });
    expect(f.byParty.get(BOB)?.wildcard).toEqual({ blob: false });
  });

  it('reads template references by package name (with or without #) and by package id', () => {
    const f = resolveEventFormat(
      {
        filtersForAnyParty: {
          cumulative: [
            {
              identifierFilter: {
                TemplateFilter: { value: { templateId: '#splice-amulet:Splice.Amulet:Amulet' } },
              },
            },
            {
              identifierFilter: {
                TemplateFilter: {
                  value: {
                    templateId: 'splice-amulet:Splice.Amulet:LockedAmulet',
                    includeCreatedEventBlob: true,
                  },
                },
              },
            },
            {
              identifierFilter: {
                TemplateFilter: { value: { templateId: SpliceTemplates.DsoRules.templateId } },
              },
            },
          ],
        },
      },
      'format',
    );
    const any = f.anyParty!;
    expect(any.wildcard).toBeUndefined();
    expect([...any.templatesByName]).toEqual([
      ['splice-amulet:Splice.Amulet:Amulet', false],
      ['splice-amulet:Splice.Amulet:LockedAmulet', true],
    ]);
    expect([...any.templatesById]).toEqual([[SpliceTemplates.DsoRules.templateId, false]]);
  });

  it('accumulates the include flags of repeated entries', () => {
    const f = resolveEventFormat(
      {
        filtersForAnyParty: {
          cumulative: [
            { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } },
            { identifierFilter: { WildcardFilter: { value: {} } } },
            {
              identifierFilter: {
                TemplateFilter: { value: { templateId: '#p:M:E', includeCreatedEventBlob: true } },
              },
            },
            { identifierFilter: { TemplateFilter: { value: { templateId: '#p:M:E' } } } },
          ],
        },
      },
      'format',
    );
    expect(f.anyParty?.wildcard).toEqual({ blob: true });
    expect(f.anyParty?.templatesByName.get('p:M:E')).toBe(true);
  });

  it('keeps an unknown interface as a filter that matches nothing (not a wildcard)', () => {
    const f = resolveEventFormat(
      {
        filtersForAnyParty: {
          cumulative: [
            {
              identifierFilter: {
                InterfaceFilter: { value: { interfaceId: '#unknown-pkg:Some.Module:Iface' } },
              },
            },
          ],
        },
      },
      'format',
    );
    expect(f.anyParty?.wildcard).toBeUndefined();
    expect(f.anyParty?.interfaces).toEqual([{ iface: undefined, view: false, blob: false }]);
    const known = resolveEventFormat(
      {
        filtersForAnyParty: {
          cumulative: [
            {
              identifierFilter: {
                InterfaceFilter: {
                  value: { interfaceId: SpliceInterfaces.Holding.interfaceId, includeInterfaceView: true },
                },
              },
            },
          ],
        },
      },
      'format',
    );
    expect(known.anyParty?.interfaces).toEqual([
      { iface: SpliceInterfaces.Holding, view: true, blob: false },
    ]);
  });

  it('names the field of a malformed template id and refuses a format without parties', () => {
    expect(
      invalid(() =>
        resolveEventFormat(
          {
            filtersByParty: {
              [ALICE]: {
                cumulative: [{ identifierFilter: { TemplateFilter: { value: { templateId: 'a:b' } } } }],
              },
            },
          },
          'body.x',
        ),
      ),
    ).toContain(
      `body.x.filtersByParty["${ALICE}"].cumulative[0].identifierFilter.TemplateFilter.value.templateId`,
    );
    expect(invalid(() => resolveEventFormat({ filtersByParty: {} }, 'body.x'))).toContain(
      'cannot be empty simultaneously',
    );
  });
});

describe('resolveUpdatesRequestFormat', () => {
  it('reads the deprecated filter as flat transactions and reassignments for its parties', () => {
    const f = resolveUpdatesRequestFormat({
      beginExclusive: 0,
      filter: { filtersByParty: { [ALICE]: {} } },
      verbose: true,
    });
    expect(f.transactions?.shape).toBe('ACS_DELTA');
    expect(f.transactions?.eventFormat.verbose).toBe(true);
    expect(f.reassignments?.byParty.has(ALICE)).toBe(true);
    expect(f.topologyParties).toBeUndefined();
  });

  it('refuses the two forms together and neither of them', () => {
    expect(
      invalid(() => resolveUpdatesRequestFormat({ beginExclusive: 0, verbose: true, updateFormat: {} })),
    ).toContain('not both');
    expect(
      invalid(() =>
        resolveUpdatesRequestFormat({
          beginExclusive: 0,
          filter: { filtersByParty: { [ALICE]: {} } },
          updateFormat: {},
        }),
      ),
    ).toContain('not both');
    expect(invalid(() => resolveUpdatesRequestFormat({ beginExclusive: 0 }))).toContain(
      'updateFormat is required',
    );
  });

  it('takes verbose false beside updateFormat as unset (protobuf false)', () => {
    const f = resolveUpdatesRequestFormat({
      beginExclusive: 0,
      verbose: false,
      updateFormat: { includeReassignments: { filtersByParty: { [ALICE]: {} } } },
    });
    expect(f.reassignments?.byParty.has(ALICE)).toBe(true);
    expect(f.transactions).toBeUndefined();
  });

  it('refuses an unspecified transaction shape', () => {
    expect(
      invalid(() =>
        resolveUpdatesRequestFormat({
          beginExclusive: 0,
          updateFormat: {
            includeTransactions: {
              eventFormat: { filtersForAnyParty: {} },
              transactionShape: 'TRANSACTION_SHAPE_UNSPECIFIED',
            },
          },
        }),
      ),
    ).toContain('transactionShape is unspecified');
  });

  it('reads topology for every party when no party is listed', () => {
    const f = resolveUpdatesRequestFormat({
      beginExclusive: 0,
      updateFormat: { includeTopologyEvents: { includeParticipantAuthorizationEvents: {} } },
    });
    expect(f.topologyParties).toBe('all');
    expect(partiesRead(f)).toEqual({ parties: new Set(), anyParty: true });
  });
});

describe('resolveActiveContractsFormat', () => {
  it('takes verbose false beside eventFormat as unset, verbose true as the deprecated form', () => {
    const eventFormat = { filtersByParty: { [ALICE]: {} } };
    const f = resolveActiveContractsFormat({ activeAtOffset: 1, verbose: false, eventFormat });
    expect(f.byParty.has(ALICE)).toBe(true);
    expect(
      invalid(() => resolveActiveContractsFormat({ activeAtOffset: 1, verbose: true, eventFormat })),
    ).toContain('not both');
  });
});

describe('resolveTransactionByOffsetFormat', () => {
  it('gives requestingParties its defaults: a wildcard without blob per party, ACS delta', () => {
    const f = resolveTransactionByOffsetFormat({ offset: 1, requestingParties: [ALICE, BOB] });
    expect(f.shape).toBe('ACS_DELTA');
    expect([...f.eventFormat.byParty.keys()]).toEqual([ALICE, BOB]);
    expect(f.eventFormat.byParty.get(BOB)?.wildcard).toEqual({ blob: false });
    expect(mayIncludeBlobs({ transactions: f })).toBe(false);
  });

  it('refuses requestingParties with transactionFormat', () => {
    expect(
      invalid(() =>
        resolveTransactionByOffsetFormat({
          offset: 1,
          requestingParties: [ALICE],
          transactionFormat: {
            eventFormat: { filtersForAnyParty: {} },
            transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
          },
        }),
      ),
    ).toContain('not both');
  });
});

describe('mayIncludeBlobs', () => {
  it('is true when any filter of any party asks for blobs', () => {
    const f = resolveUpdatesRequestFormat({
      beginExclusive: 0,
      updateFormat: {
        includeReassignments: {
          filtersByParty: {
            [ALICE]: {},
            [BOB]: {
              cumulative: [
                {
                  identifierFilter: {
                    InterfaceFilter: { value: { interfaceId: '#a:B:C', includeCreatedEventBlob: true } },
                  },
                },
              ],
            },
          },
        },
      },
    });
    expect(mayIncludeBlobs(f)).toBe(true);
  });
});
