import { V } from '../daml-value/daml-value.builders';
import { SpliceInterfaces, SpliceTemplates } from '../splice/splice-templates';
import { resolveEventFormat, type ResolvedEventFormat } from './ledger-format';
import {
  offsetCheckpoint,
  projectContractEvents,
  projectReassignment,
  projectTransaction,
  projectUpdate,
} from './ledger-projection';
import type { StoredLedgerEvent, StoredLedgerUpdate } from './ledger-updates.repository';

const ALICE = 'alice::1220aa';
const BOB = 'bob::1220bb';
const DSO = 'dso::1220dd';
const SYNC = 'global-domain::1220ee';

function created(
  nodeId: number,
  contractId: string,
  stakeholders: string[],
  template: { templateId: string; packageName: string } = SpliceTemplates.FeaturedAppRight,
): StoredLedgerEvent {
  return {
    nodeId,
    eventType: 'created',
    contractId,
    templateId: template.templateId,
    packageName: template.packageName,
    createArgumentCompact: null,
    createArguments: V.record({ dso: V.party(DSO) }),
    createdAt: '2026-01-05T00:00:01.000000Z',
    signatories: [DSO],
    observers: stakeholders.filter((p) => p !== DSO),
    choice: null,
    choiceArgument: null,
    exerciseResult: null,
    consuming: null,
    actingParties: null,
    interfaceId: null,
    childNodeIds: null,
    lastDescendantNodeId: nodeId,
    witnesses: stakeholders,
    stakeholders,
    createdEventBlob: `blob-${contractId}`,
  };
}

function exercised(
  nodeId: number,
  contractId: string,
  consuming: boolean,
  actors: string[],
  stakeholders: string[],
  lastDescendant = nodeId,
): StoredLedgerEvent {
  return {
    ...created(nodeId, contractId, stakeholders),
    eventType: 'exercised',
    createArgumentCompact: null,
    createArguments: null,
    createdAt: null,
    signatories: null,
    observers: null,
    choice: 'Do',
    choiceArgument: V.record({ n: V.int64('3') }),
    exerciseResult: V.text('done'),
    consuming,
    actingParties: actors,
    childNodeIds: [],
    lastDescendantNodeId: lastDescendant,
    witnesses: [...new Set([...stakeholders, ...actors])],
    createdEventBlob: null,
  };
}

function tx(events: StoredLedgerEvent[], rootNodeIds = [0]): StoredLedgerUpdate {
  return {
    offset: 9,
    kind: 'transaction',
    updateId: '1220ff',
    recordTime: '2026-01-05T00:00:01.000001Z',
    effectiveAt: '2026-01-05T00:00:01.000000Z',
    synchronizerId: SYNC,
    workflowId: '',
    commandId: 'cmd-1',
    externalTransactionHash: null,
    rootNodeIds,
    submitter: null,
    sourceSynchronizer: null,
    targetSynchronizer: null,
    unassignId: null,
    reassignmentCounter: null,
    reassignedContractId: null,
    visible: true,
    events,
  };
}

const byParty = (filters: Record<string, object>): ResolvedEventFormat =>
  resolveEventFormat({ filtersByParty: filters }, 'f');

describe('projectTransaction', () => {
  // Alice exercises a consuming choice on c1 (alice, dso) creating c2 (alice) and the transient c3 (bob), archived at node 3.
  const update = tx([
    exercised(0, 'c1', true, [ALICE], [ALICE, DSO], 3),
    created(1, 'c2', [ALICE, DSO]),
    created(2, 'c3', [BOB, DSO]),
    exercised(3, 'c3', true, [BOB], [BOB, DSO]),
  ]);

  it('ACS delta: archives and creates of the party, without contracts created and archived in the transaction', () => {
    const result = projectTransaction(update, {
      eventFormat: byParty({ [ALICE]: {}, [BOB]: {} }),
      shape: 'ACS_DELTA',
    });
    expect(result?.events.map((e) => Object.keys(e)[0])).toEqual(['ArchivedEvent', 'CreatedEvent']);
    expect(result?.events[0]).toEqual({
      ArchivedEvent: {
        offset: 9,
        nodeId: 0,
        contractId: 'c1',
        templateId: SpliceTemplates.FeaturedAppRight.templateId,
        witnessParties: [ALICE],
        packageName: 'splice-amulet',
      },
    });
  });

  it('ledger effects: every witnessed node, with acsDelta false for the transient contract', () => {
    const result = projectTransaction(update, {
      eventFormat: byParty({ [BOB]: {} }),
      shape: 'LEDGER_EFFECTS',
    });
    expect(result?.events).toEqual([
      { CreatedEvent: expect.objectContaining({ contractId: 'c3', acsDelta: false, witnessParties: [BOB] }) },
      {
        ExercisedEvent: expect.objectContaining({
          contractId: 'c3',
          acsDelta: false,
          choiceArgument: { n: '3' },
          exerciseResult: 'done',
          lastDescendantNodeId: 3,
          actingParties: [BOB],
        }),
      },
    ]);
  });

  it('is undefined when nothing is visible, and shows the command id only to root authorizers', () => {
    expect(
      projectTransaction(update, { eventFormat: byParty({ 'carol::1': {} }), shape: 'LEDGER_EFFECTS' }),
    ).toBeUndefined();
    expect(
      projectTransaction(update, { eventFormat: byParty({ [ALICE]: {} }), shape: 'ACS_DELTA' })?.commandId,
    ).toBe('cmd-1');
    expect(
      projectTransaction(update, { eventFormat: byParty({ [DSO]: {} }), shape: 'ACS_DELTA' })?.commandId,
    ).toBe('');
  });

  it('accumulates include flags over the filters of every witness that matches, and lists only matching witnesses', () => {
    const format = byParty({
      [ALICE]: {
        cumulative: [
          {
            identifierFilter: {
              TemplateFilter: { value: { templateId: '#splice-amulet:Splice.Amulet:FeaturedAppRight' } },
            },
          },
        ],
      },
      [DSO]: {
        cumulative: [
          {
            identifierFilter: {
              TemplateFilter: {
                value: { templateId: SpliceTemplates.Amulet.templateId, includeCreatedEventBlob: true },
              },
            },
          },
        ],
      },
    });
    const c2 = projectTransaction(tx([created(0, 'c2', [ALICE, DSO])]), {
      eventFormat: format,
      shape: 'ACS_DELTA',
    })!.events[0];
    expect(c2).toEqual({ CreatedEvent: expect.objectContaining({ witnessParties: [ALICE] }) });
    expect(c2).not.toHaveProperty('CreatedEvent.createdEventBlob');
    const withBlob = byParty({
      [ALICE]: {},
      [DSO]: {
        cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } }],
      },
    });
    expect(
      projectTransaction(tx([created(0, 'c2', [ALICE, DSO])]), { eventFormat: withBlob, shape: 'ACS_DELTA' })!
        .events[0],
    ).toEqual({
      CreatedEvent: expect.objectContaining({ witnessParties: [ALICE, DSO], createdEventBlob: 'blob-c2' }),
    });
  });

  it('reports a view that cannot be computed in its status instead of failing', () => {
    const broken = {
      ...created(0, 'h1', [ALICE, DSO], SpliceTemplates.Amulet),
      createArguments: V.record({ owner: V.party(ALICE) }),
    };
    const format = resolveEventFormat(
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
      'f',
    );
    const event = projectTransaction(tx([broken]), { eventFormat: format, shape: 'ACS_DELTA' })!
      .events[0] as { CreatedEvent: { interfaceViews: unknown[] } };
    expect(event.CreatedEvent.interfaceViews).toEqual([
      {
        interfaceId: SpliceInterfaces.Holding.interfaceId,
        viewStatus: { code: 13, message: expect.stringContaining('could not be computed') },
      },
    ]);
  });
});

describe('projectReassignment and projectUpdate', () => {
  const unassignment: StoredLedgerUpdate = {
    ...tx([]),
    kind: 'unassignment',
    commandId: '',
    rootNodeIds: null,
    submitter: ALICE,
    sourceSynchronizer: SYNC,
    targetSynchronizer: 'other::1220',
    unassignId: 'u-1',
    reassignmentCounter: 2,
    reassignedContractId: 'c9',
    unassigned: {
      templateId: SpliceTemplates.Amulet.templateId,
      packageName: 'splice-amulet',
      stakeholders: [ALICE, DSO],
    },
  };

  it('renders an unassignment for a stakeholder and nothing for others', () => {
    expect(projectReassignment(unassignment, byParty({ [ALICE]: {} }))?.events).toEqual([
      {
        JsUnassignedEvent: {
          source: SYNC,
          target: 'other::1220',
          reassignmentId: 'u-1',
          submitter: ALICE,
          reassignmentCounter: 2,
          contractId: 'c9',
          templateId: SpliceTemplates.Amulet.templateId,
          witnessParties: [ALICE],
          packageName: 'splice-amulet',
          offset: 9,
          nodeId: 0,
        },
      },
    ]);
    expect(projectReassignment(unassignment, byParty({ [BOB]: {} }))).toBeUndefined();
  });

  it('skips updates the store marked invisible and kinds the format leaves out', () => {
    const format = { transactions: { eventFormat: byParty({ [ALICE]: {} }), shape: 'ACS_DELTA' as const } };
    expect(projectUpdate(unassignment, format)).toBeUndefined();
    expect(projectUpdate({ ...tx([created(0, 'c2', [ALICE])]), visible: false }, format)).toBeUndefined();
    expect(projectUpdate(tx([created(0, 'c2', [ALICE])]), format)).toEqual({
      update: { Transaction: { value: expect.objectContaining({ offset: 9 }) } },
    });
  });
});

describe('offsetCheckpoint', () => {
  it('lists the record time of each synchronizer', () => {
    expect(offsetCheckpoint(12, new Map([[SYNC, '2026-01-05T00:00:01.000001Z']]))).toEqual({
      update: {
        OffsetCheckpoint: {
          value: {
            offset: 12,
            synchronizerTimes: [{ synchronizerId: SYNC, recordTime: '2026-01-05T00:00:01.000001Z' }],
          },
        },
      },
    });
  });
});

describe('projectContractEvents', () => {
  // c3 (bob, dso) is created at node 2 and archived at node 3 of the same transaction; c1 is archived there.
  const update = tx([
    exercised(0, 'c1', true, [ALICE], [ALICE, DSO], 3),
    created(1, 'c2', [ALICE, DSO]),
    created(2, 'c3', [BOB, DSO]),
    exercised(3, 'c3', true, [BOB], [BOB, DSO]),
  ]);

  it('a transient contract: both events from the one transaction, seen by the requested stakeholders', () => {
    const events = projectContractEvents('c3', update, update, byParty({ [BOB]: {}, [ALICE]: {} }));
    expect(events.created).toMatchObject({
      createdEvent: { contractId: 'c3', nodeId: 2, offset: 9, witnessParties: [BOB], acsDelta: true },
      synchronizerId: SYNC,
    });
    expect(events.archived).toMatchObject({
      archivedEvent: { contractId: 'c3', nodeId: 3, offset: 9, witnessParties: [BOB] },
      synchronizerId: SYNC,
    });
  });

  it('nothing for a party that is no stakeholder, nor for an event the transactions do not hold', () => {
    expect(projectContractEvents('c3', update, update, byParty({ [ALICE]: {} }))).toEqual({});
    expect(projectContractEvents('c2', update, undefined, byParty({ [ALICE]: {} }))).toEqual({
      created: expect.objectContaining({ createdEvent: expect.objectContaining({ contractId: 'c2' }) }),
    });
    expect(projectContractEvents('c9', update, update, byParty({ [ALICE]: {} }))).toEqual({});
  });
});
