import type { ledgerApi } from '@canton-scan/contracts';
import {
  isTransaction,
  toCompact,
  type HistoryTransaction,
  type HistoryTreeEvent,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  createArgumentsOf,
  eventForest,
  historyUpdateOf,
  inferDamlValue,
  LedgerConvertError,
  reassignmentOf,
  transactionOf,
} from './ledger-convert';

const ALICE = `alice::1220${'a'.repeat(64)}`;
const SYNC = `global-domain::1220${'b'.repeat(64)}`;
const TEMPLATE = `${'c'.repeat(64)}:Some.Module:Thing`;

const created = (nodeId: number, extra: Partial<ledgerApi.CreatedEvent> = {}): ledgerApi.Event => ({
  CreatedEvent: {
    offset: 7,
    nodeId,
    contractId: `00${String(nodeId).padStart(2, '0')}${'d'.repeat(64)}`,
    templateId: TEMPLATE,
    createArgument: { owner: ALICE, amount: '1.5000000000' },
    witnessParties: [ALICE],
    signatories: [ALICE],
    observers: [],
    createdAt: '2026-01-05T00:00:00.000001Z',
    packageName: 'some-package',
    ...extra,
  },
});

const exercised = (nodeId: number, lastDescendantNodeId: number): ledgerApi.Event => ({
  ExercisedEvent: {
    offset: 7,
    nodeId,
    contractId: `00ee${'d'.repeat(64)}`,
    templateId: TEMPLATE,
    choice: 'Do',
    choiceArgument: { 'amulet-rules': { tag: 'AV_ContractId', value: `00ff${'d'.repeat(64)}` } },
    actingParties: [ALICE],
    consuming: false,
    witnessParties: [ALICE],
    lastDescendantNodeId,
    exerciseResult: {},
    packageName: 'some-package',
  },
});

const transaction = (events: ledgerApi.Event[]): ledgerApi.Transaction => ({
  updateId: 'u1',
  commandId: 'cmd-1',
  workflowId: 'wf',
  effectiveAt: '2026-01-05T00:00:00.000001Z',
  events,
  offset: 7,
  synchronizerId: SYNC,
  recordTime: '2026-01-05T00:00:00.000002Z',
});

/** The ledger-effects form of a history transaction, as the ledger projection renders it (every node). */
function ledgerFormOf(tx: HistoryTransaction, offset: number): ledgerApi.Transaction {
  const events: ledgerApi.Event[] = [];
  const walk = (id: string): number => {
    const e: HistoryTreeEvent = tx.events_by_id[id];
    const nodeId = Number(id.slice(id.lastIndexOf(':') + 1));
    if (e.event_type === 'created_event') {
      events.push({
        CreatedEvent: {
          offset,
          nodeId,
          contractId: e.contract_id,
          templateId: e.template_id,
          createArgument: toCompact(e.create_arguments) as Record<string, unknown>,
          witnessParties: e.signatories,
          signatories: e.signatories,
          observers: e.observers,
          createdAt: e.created_at,
          packageName: e.package_name,
          createdEventBlob: `blob-of-${e.contract_id}`,
        },
      });
      return nodeId;
    }
    const at = events.length;
    events.push({ CreatedEvent: undefined as never });
    const last = Math.max(nodeId, ...e.child_event_ids.map(walk));
    events[at] = {
      ExercisedEvent: {
        offset,
        nodeId,
        contractId: e.contract_id,
        templateId: e.template_id,
        ...(typeof e.interface_id === 'string' ? { interfaceId: e.interface_id } : {}),
        choice: e.choice,
        choiceArgument: toCompact(e.choice_argument),
        actingParties: e.acting_parties,
        consuming: e.consuming,
        witnessParties: e.acting_parties,
        lastDescendantNodeId: last,
        exerciseResult: toCompact(e.exercise_result),
        packageName: e.package_name,
      },
    };
    return last;
  };
  tx.root_event_ids.forEach(walk);
  return {
    updateId: tx.update_id,
    commandId: tx.command_id ?? '',
    workflowId: tx.workflow_id,
    effectiveAt: tx.effective_at,
    events,
    offset,
    synchronizerId: tx.synchronizer_id,
    recordTime: tx.record_time,
    ...(tx.external_transaction_hash !== undefined
      ? { externalTransactionHash: tx.external_transaction_hash }
      : {}),
  };
}

describe('ledger updates to the write path', () => {
  it('rebuilds the event tree from node ids and last descendants', () => {
    // 0 exercise(0..4) { 1 create, 2 exercise(2..3) { 3 create }, 4 create }, 5 create
    const events = [exercised(0, 4), created(1), exercised(2, 3), created(3), created(4), created(5)];
    const tree = eventForest(
      events.map((e) =>
        'CreatedEvent' in e
          ? { created: e.CreatedEvent }
          : { exercised: (e as { ExercisedEvent: ledgerApi.ExercisedEvent }).ExercisedEvent },
      ),
    );
    expect(tree).toEqual({ roots: [0, 5], children: [[1, 2, 4], [], [3], [], [], []] });

    const tx = transactionOf(transaction([...events].reverse()), 3);
    expect(tx.root_event_ids).toEqual(['u1:0', 'u1:5']);
    expect(Object.keys(tx.events_by_id)).toEqual(['u1:0', 'u1:1', 'u1:2', 'u1:3', 'u1:4', 'u1:5']);
    expect(tx.events_by_id['u1:0']).toMatchObject({ child_event_ids: ['u1:1', 'u1:2', 'u1:4'] });
    expect(tx.events_by_id['u1:2']).toMatchObject({ child_event_ids: ['u1:3'] });
  });

  it('carries the header, the caller migration id, the offset in the store encoding and the blobs', () => {
    const tx = transactionOf(
      { ...transaction([created(0, { createdEventBlob: 'QkxPQg==' })]), externalTransactionHash: 'abcd' },
      4,
    );
    expect(tx).toMatchObject({
      update_id: 'u1',
      migration_id: 4,
      workflow_id: 'wf',
      record_time: '2026-01-05T00:00:00.000002Z',
      synchronizer_id: SYNC,
      effective_at: '2026-01-05T00:00:00.000001Z',
      offset: '000000000000000007',
      command_id: 'cmd-1',
      external_transaction_hash: 'abcd',
      root_event_ids: ['u1:0'],
    });
    expect(tx.events_by_id['u1:0']).toMatchObject({
      event_type: 'created_event',
      created_event_blob: 'QkxPQg==',
      create_arguments: {
        record: {
          fields: [
            { label: 'owner', value: { party: ALICE } },
            { label: 'amount', value: { numeric: '1.5000000000' } },
          ],
        },
      },
    });
  });

  it('leaves out the blob of a created event the participant gives as ""', () => {
    const tx = transactionOf(transaction([created(0, { createdEventBlob: '' })]), 0);
    expect(tx.events_by_id['u1:0']).not.toHaveProperty('created_event_blob');
  });

  it('renumbers the nodes of a partly shown transaction in pre-order', () => {
    // Nodes 1 and 3 are not shown to this reader.
    const tx = transactionOf(transaction([exercised(0, 4), exercised(2, 3), created(4), created(6)]), 0);
    expect(tx.root_event_ids).toEqual(['u1:0', 'u1:3']);
    expect(tx.events_by_id['u1:0']).toMatchObject({ child_event_ids: ['u1:1', 'u1:2'] });
    expect(tx.events_by_id['u1:1']).toMatchObject({ child_event_ids: [] });
  });

  it('refuses what the store cannot hold, naming it', () => {
    const archived: ledgerApi.Event = {
      ArchivedEvent: {
        offset: 7,
        nodeId: 0,
        contractId: '00aa',
        templateId: TEMPLATE,
        witnessParties: [],
        packageName: 'p',
      },
    };
    expect(() => transactionOf(transaction([archived]), 0)).toThrow(/ledger-effects shape/);
    expect(() => transactionOf(transaction([]), 0)).toThrow(LedgerConvertError);
    expect(() => transactionOf(transaction([created(1), created(1)]), 0)).toThrow(/node id 1 appears twice/);
    const unassigned: ledgerApi.ReassignmentEvent = {
      JsUnassignedEvent: {
        reassignmentId: 'r1',
        contractId: '00aa',
        templateId: TEMPLATE,
        source: SYNC,
        target: 'other::1220ab',
        submitter: ALICE,
        reassignmentCounter: 1,
        witnessParties: [ALICE],
        packageName: 'p',
        offset: 9,
        nodeId: 0,
      },
    };
    const batch: ledgerApi.Reassignment = {
      updateId: 'r',
      commandId: '',
      workflowId: '',
      offset: 9,
      events: [unassigned, unassigned],
      recordTime: '2026-01-05T00:00:00Z',
      synchronizerId: SYNC,
    };
    expect(() => reassignmentOf(batch, 0)).toThrow(/moves 2 contracts/);
  });

  it('turns assignments and unassignments into scan-form reassignments', () => {
    const base = {
      updateId: 'r',
      commandId: '',
      workflowId: '',
      offset: 9,
      recordTime: '2026-01-05T00:00:00Z',
      synchronizerId: SYNC,
    };
    const common = {
      source: SYNC,
      target: 'other::1220ab',
      reassignmentId: 'r1',
      submitter: ALICE,
      reassignmentCounter: 2,
    };
    const assign = reassignmentOf(
      {
        ...base,
        events: [
          {
            JsAssignmentEvent: {
              ...common,
              createdEvent: (created(0) as { CreatedEvent: ledgerApi.CreatedEvent }).CreatedEvent,
            },
          },
        ],
      },
      1,
    );
    expect(assign).toMatchObject({
      update_id: 'r',
      offset: '000000000000000009',
      record_time: '2026-01-05T00:00:00Z',
      event: {
        submitter: ALICE,
        source_synchronizer: SYNC,
        target_synchronizer: 'other::1220ab',
        migration_id: 1,
        unassign_id: 'r1',
        reassignment_counter: 2,
        created_event: { event_id: 'r:0', contract_id: `0000${'d'.repeat(64)}` },
      },
    });
    const checkpoint: ledgerApi.GetUpdatesResponse = {
      update: { OffsetCheckpoint: { value: { offset: 10, synchronizerTimes: [] } } },
    };
    expect(historyUpdateOf(checkpoint, 0)).toBeUndefined();
  });

  it('types compact values by their look so that they read back the same', () => {
    const values: unknown[] = [
      {
        owner: ALICE,
        n: '12',
        amount: '0.5',
        at: '2026-01-05T00:00:00Z',
        day: '2026-01-05',
        cid: `00${'a'.repeat(64)}`,
      },
      { tag: 'Some', value: { x: [true, null, []] } },
      { 'amulet-rules': { tag: 'AV_Bool', value: false }, plain: 'text 1' },
      '2026-02-30',
    ];
    for (const v of values) expect(toCompact(inferDamlValue(v))).toEqual(v);
    expect(inferDamlValue(values[0])).toMatchObject({
      record: {
        fields: [
          { value: { party: ALICE } },
          { value: { int64: '12' } },
          { value: { numeric: '0.5' } },
          { value: { timestamp: '1767571200000000' } },
          // A date cannot be told from a text by its look alone; text compacts to the same string.
          { value: { text: '2026-01-05' } },
          { value: { contractId: `00${'a'.repeat(64)}` } },
        ],
      },
    });
    expect(inferDamlValue(values[2])).toHaveProperty('textMap');
    expect(inferDamlValue('2026-02-30')).toEqual({ text: '2026-02-30' });
    expect(createArgumentsOf(TEMPLATE, {})).toEqual({ record: {} });
  });

  it('gives back the simulated history from its ledger form (Splice create arguments exactly)', () => {
    let offset = 0;
    let checked = 0;
    for (const update of simulateNetwork({ seed: 2, rounds: 24 }) as Iterable<HistoryUpdate>) {
      if (!isTransaction(update) || update.offset === '') continue;
      const back = transactionOf(ledgerFormOf(update, ++offset), update.migration_id);
      const expected = structuredClone(update);
      for (const e of Object.values(expected.events_by_id))
        if (e.event_type === 'created_event') e.created_event_blob = `blob-of-${e.contract_id}`;
      // Choice arguments and results are typed by their look: the same compact form.
      for (const [id, e] of Object.entries(back.events_by_id)) {
        const want = expected.events_by_id[id];
        if (e.event_type !== 'exercised_event' || want.event_type !== 'exercised_event') continue;
        expect(toCompact(e.choice_argument)).toEqual(toCompact(want.choice_argument));
        expect(toCompact(e.exercise_result)).toEqual(toCompact(want.exercise_result));
        e.choice_argument = want.choice_argument;
        e.exercise_result = want.exercise_result;
      }
      expect(back).toEqual({ ...expected, offset: back.offset });
      expect(Object.keys(back.events_by_id)).toEqual(Object.keys(expected.events_by_id));
      checked++;
    }
    expect(checked).toBeGreaterThan(400);
  });
});
