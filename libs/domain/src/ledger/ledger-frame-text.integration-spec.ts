import type { ledgerApi } from '@canton-scan/contracts';
import { loadSimulatedNetwork, useTestDatabase } from '@canton-scan/testing';
import { Db } from '../database/db';
import { mayIncludeBlobs, resolveUpdatesRequestFormat } from './ledger-format';
import { offsetCheckpointText, updateItemText } from './ledger-frame-text';
import { offsetCheckpoint, projectUpdate } from './ledger-projection';
import { LedgerUpdatesRepository, type StoredLedgerUpdate } from './ledger-updates.repository';

/**
 * Issue 12 item 4: the update list and stream write each item's JSON text straight from the
 * stored update (ledger-frame-text.ts), splicing the contract's stored compact arguments. The
 * bytes must be exactly what the rows → objects → `JSON.stringify` path gave: the object
 * projection (ledger-projection.ts) is the reference, fed the arguments as the database driver
 * used to give them (parsed from the stored JSON). Every update of a simulated network with two
 * migrations and reassignments, through every shape and kind of filter, runs on whichever
 * database the suite runs on (the real PostgreSQL, or PGlite with TEST_DATABASE_BACKEND=embedded).
 */
const NETWORK = { seed: 7, rounds: 40, migrationRound: 30, reassignEveryRounds: 5 };

const AMULET = '#splice-amulet:Splice.Amulet:Amulet';
const HOLDING = '#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding';

function formats(party: string): Record<string, ledgerApi.UpdateFormat> {
  const both = (
    eventFormat: ledgerApi.EventFormat,
    shape: 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
  ): ledgerApi.UpdateFormat => ({
    includeTransactions: { eventFormat, transactionShape: shape },
    includeReassignments: eventFormat,
  });
  const template = (blob: boolean): ledgerApi.Filters => ({
    cumulative: [
      {
        identifierFilter: {
          TemplateFilter: { value: { templateId: AMULET, includeCreatedEventBlob: blob } },
        },
      },
    ],
  });
  const holdingView: ledgerApi.Filters = {
    cumulative: [
      {
        identifierFilter: {
          InterfaceFilter: {
            value: { interfaceId: HOLDING, includeInterfaceView: true, includeCreatedEventBlob: true },
          },
        },
      },
    ],
  };
  return {
    'any party, ACS delta': both({ filtersForAnyParty: {} }, 'TRANSACTION_SHAPE_ACS_DELTA'),
    'any party, ledger effects': both({ filtersForAnyParty: {} }, 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
    'one party, ACS delta': both({ filtersByParty: { [party]: {} } }, 'TRANSACTION_SHAPE_ACS_DELTA'),
    'one party, ledger effects': both(
      { filtersByParty: { [party]: {} } },
      'TRANSACTION_SHAPE_LEDGER_EFFECTS',
    ),
    'Amulet template with blobs, ACS delta': both(
      { filtersForAnyParty: template(true) },
      'TRANSACTION_SHAPE_ACS_DELTA',
    ),
    'Amulet template, one party, ledger effects': both(
      { filtersByParty: { [party]: template(false) } },
      'TRANSACTION_SHAPE_LEDGER_EFFECTS',
    ),
    'Holding interface with views and blobs, ACS delta': both(
      { filtersForAnyParty: holdingView },
      'TRANSACTION_SHAPE_ACS_DELTA',
    ),
  };
}

/** The update as the reference path held it: compact arguments parsed from the stored JSON (what the driver did). */
function asObjects(u: StoredLedgerUpdate): StoredLedgerUpdate {
  return {
    ...u,
    events: u.events.map((e) => {
      const text = e.createArgumentCompactText;
      return {
        ...e,
        createArgumentCompact:
          text === undefined || text === null ? e.createArgumentCompact : (JSON.parse(text) as never),
        createArgumentCompactText: undefined,
      };
    }),
  };
}

describe('ledger update items as JSON text: byte for byte the object projection, serialised', () => {
  const db = useTestDatabase();

  beforeEach(() => loadSimulatedNetwork(db.dataSource, NETWORK));

  it('every update of a simulated network, through every shape and kind of filter', async () => {
    const repo = new LedgerUpdatesRepository(Db.of(db.dataSource));
    const [{ party }]: { party: string }[] = await db.dataSource.query(
      `SELECT p AS party FROM events, unnest(stakeholders) p WHERE template_id LIKE '%:Splice.Amulet:Amulet'
        GROUP BY p ORDER BY count(*) DESC, p OFFSET 3 LIMIT 1`,
    );
    const kindsShown = new Set<string>();
    let compared = 0;
    for (const [name, updateFormat] of Object.entries(formats(party))) {
      const format = resolveUpdatesRequestFormat({ beginExclusive: 0, updateFormat });
      const visibility = {
        transactions: {
          parties: format.transactions!.eventFormat.anyParty ? ('any' as const) : [party],
          column:
            format.transactions!.shape === 'ACS_DELTA' ? ('stakeholders' as const) : ('witnesses' as const),
        },
        reassignments: { parties: format.reassignments!.anyParty ? ('any' as const) : [party] },
      };
      let shown = 0;
      for (let after = 0; ;) {
        const page = await repo.readPage({
          afterExclusive: after,
          descending: false,
          limit: 200,
          visibility,
          withBlobs: mayIncludeBlobs(format),
          withExerciseValues: format.transactions!.shape === 'LEDGER_EFFECTS',
        });
        if (page.length === 0) break;
        for (const u of page) {
          const expected = projectUpdate(asObjects(u), format);
          const got = updateItemText(u, format);
          if (expected === undefined) {
            expect({ name, offset: u.offset, got }).toEqual({ name, offset: u.offset, got: undefined });
            continue;
          }
          const want = JSON.stringify(expected);
          if (got !== want)
            expect({ name, offset: u.offset, got }).toEqual({ name, offset: u.offset, got: want });
          shown++;
          kindsShown.add(
            `${Object.keys(expected.update)[0]}${want.includes('"interfaceViews"') ? '+views' : ''}`,
          );
          if (want.includes('"createdEventBlob"')) kindsShown.add('blob');
          if (want.includes('"ExercisedEvent"')) kindsShown.add('exercised');
          if (want.includes('"ArchivedEvent"')) kindsShown.add('archived');
          if (want.includes('"JsUnassignedEvent"')) kindsShown.add('unassigned');
        }
        after = page[page.length - 1].offset;
      }
      expect({ name, shown: shown > 0 }).toEqual({ name, shown: true });
      compared += shown;
    }
    // The comparison covered every kind of item and event the text writer has a branch for.
    expect([...kindsShown].sort()).toEqual(
      [
        'Reassignment',
        'Reassignment+views',
        'Transaction',
        'Transaction+views',
        'archived',
        'blob',
        'exercised',
        'unassigned',
      ].sort(),
    );
    expect(compared).toBeGreaterThan(500);
  });

  it('offset checkpoints as the object path serialised them', () => {
    const times = new Map([
      ['global-domain::1220aa', '2026-01-01T00:00:00.000001Z'],
      ['other::1220bb', '2026-01-02T00:00:00.000000Z'],
    ]);
    expect(offsetCheckpointText(42, times)).toBe(JSON.stringify(offsetCheckpoint(42, times)));
  });
});
