import {
  DomainError,
  LedgerWriter,
  partyNamesOf,
  SpliceTemplates,
  synchronizerNameOf,
  type HistoryTransaction,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { createdEvents, HistoryBuilder, useTestDatabase } from '@canton-scan/testing';

const amuletPayload = (dso: string, owner: string, amount: string) => ({
  dso,
  owner,
  amount: { initialAmount: amount, createdAt: { number: '1' }, ratePerRound: { rate: '0.0000190259' } },
});

describe('LedgerWriter', () => {
  const db = useTestDatabase();
  let h: HistoryBuilder;
  let writer: LedgerWriter;
  const dso = () => h.party('dso');
  const alice = () => h.party('alice');

  beforeEach(() => {
    h = new HistoryBuilder('2026-01-05T00:10:00.000000Z');
    writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
  });

  const count = async (table: string) =>
    Number((await db.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  const counts = async () => ({
    updates: await count('updates'),
    events: await count('events'),
    contracts: await count('contracts'),
    holdings: await count('amulet_holdings'),
  });
  const mint = (owner: string, amount: string) =>
    h.tx([
      {
        create: {
          template: SpliceTemplates.Amulet,
          payload: amuletPayload(dso(), owner, amount),
          signatories: [dso(), owner],
        },
      },
    ]);
  const archiveOf = (tx: HistoryTransaction, children: Parameters<HistoryBuilder['tx']>[0] = []) => {
    const created = createdEvents(tx)[0];
    return h.tx([
      {
        exercise: {
          contractId: created.contract_id,
          template: SpliceTemplates.Amulet,
          choice: 'Archive',
          consuming: true,
          actingParties: [alice()],
          children,
        },
      },
    ]);
  };
  const expectRejected = async (batch: HistoryUpdate[], message: RegExp) => {
    const before = await counts();
    await expect(writer.append(batch)).rejects.toThrow(message);
    await expect(writer.append(batch)).rejects.toBeInstanceOf(DomainError);
    expect(await counts()).toEqual(before);
  };

  it('stores transactions, their event trees, contracts and derived holdings', async () => {
    const minted = mint(alice(), '100.0000000000');
    const spent = archiveOf(minted, [
      {
        create: {
          template: SpliceTemplates.Amulet,
          payload: amuletPayload(dso(), alice(), '60.0000000000'),
          signatories: [dso(), alice()],
        },
      },
    ]);
    const result = await writer.append([minted, spent]);
    expect(result).toMatchObject({ appended: 2, skipped: 0, contractsCreated: 2, contractsArchived: 1 });
    expect(await counts()).toEqual({ updates: 2, events: 3, contracts: 2, holdings: 2 });

    const contracts = await db.dataSource.query(
      `SELECT contract_id, package_name, module_name, entity_name, payload_compact->'amount'->>'initialAmount' AS amount,
              created_offset::int, archived_offset::int, created_record_time, archived_record_time,
              ${partyNamesOf('stakeholders')} AS stakeholders
         FROM contracts ORDER BY row_id`,
    );
    expect(contracts[0]).toMatchObject({
      contract_id: createdEvents(minted)[0].contract_id,
      package_name: 'splice-amulet',
      module_name: 'Splice.Amulet',
      entity_name: 'Amulet',
      amount: '100.0000000000',
      created_offset: 1,
      archived_offset: 2,
      created_record_time: minted.record_time,
      archived_record_time: spent.record_time,
    });
    expect(contracts[0].stakeholders).toEqual([alice(), dso()].sort());
    expect(contracts[1]).toMatchObject({ amount: '60.0000000000', archived_offset: null });

    const holdings = await db.dataSource.query(
      `SELECT p.party AS owner, h.amount, h.locked, h.archived_record_time
         FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id ORDER BY h.contract_row_id`,
    );
    expect(holdings).toEqual([
      { owner: alice(), amount: '100.0000000000', locked: false, archived_record_time: spent.record_time },
      { owner: alice(), amount: '60.0000000000', locked: false, archived_record_time: null },
    ]);

    const events = await db.dataSource.query(
      `SELECT node_id, event_type, child_node_ids, last_descendant_node_id, witnesses,
              ${partyNamesOf('stakeholders')} AS stakeholders, other_party_ids
         FROM events e JOIN updates u ON u.row_id = e.update_row_id WHERE u.update_id = $1 ORDER BY node_id`,
      [spent.update_id],
    );
    expect(events).toEqual([
      // Witnesses equal to the stakeholders are stored as null (readers coalesce).
      {
        node_id: 0,
        event_type: 'exercised',
        child_node_ids: [1],
        last_descendant_node_id: 1,
        witnesses: null,
        stakeholders: [alice(), dso()].sort(),
        // The acting party is a stakeholder.
        other_party_ids: null,
      },
      {
        node_id: 1,
        event_type: 'created',
        child_node_ids: null,
        last_descendant_node_id: 1,
        witnesses: null,
        stakeholders: [alice(), dso()].sort(),
        other_party_ids: null,
      },
    ]);
  });

  it('inserts a contract archived within its batch as archived: one row version, the rows a later archive leaves', async () => {
    const minted = mint(alice(), '100.0000000000');
    const spent = archiveOf(minted);
    const rows = async () => ({
      contracts: await db.dataSource.query(`SELECT * FROM contracts ORDER BY row_id`),
      holdings: await db.dataSource.query(`SELECT * FROM amulet_holdings ORDER BY contract_row_id`),
    });
    // Where each row's live version sits in its (new, truncated) heap: an insert takes the first
    // line pointer, an UPDATE writes a second version after it and leaves the first dead.
    const positions = async () => ({
      contracts: (await db.dataSource.query(`SELECT ctid::text AS t FROM contracts`)).map(
        (r: { t: string }) => r.t,
      ),
      holdings: (await db.dataSource.query(`SELECT ctid::text AS t FROM amulet_holdings`)).map(
        (r: { t: string }) => r.t,
      ),
    });

    await writer.append([minted, spent]);
    const inOneBatch = await rows();
    expect(inOneBatch.contracts[0]).toMatchObject({
      archived_offset: '2',
      archived_record_time: spent.record_time,
    });
    expect(inOneBatch.holdings[0]).toMatchObject({ archived_record_time: spent.record_time });
    expect(await positions()).toEqual({ contracts: ['(0,1)'], holdings: ['(0,1)'] });

    // The same history with the archive in a later batch: the stored contract is updated.
    await db.truncate();
    await writer.append([minted]);
    await writer.append([spent]);
    expect(await rows()).toEqual(inOneBatch);
    expect(await positions()).toEqual({ contracts: ['(0,2)'], holdings: ['(0,2)'] });
  });

  it('treats re-appending identical updates as a no-op', async () => {
    const batch = [mint(alice(), '1.0000000000'), mint(alice(), '2.0000000000')];
    await writer.append(batch);
    const before = await counts();
    expect(await writer.append(batch)).toMatchObject({ appended: 0, skipped: 2 });
    // Key order does not matter: the stored update is compared by content.
    const reverseKeys = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reverseKeys)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reverseKeys(x)]),
            )
          : v;
    const reordered = reverseKeys(batch[0]);
    expect(Object.keys(reordered as object)[0]).not.toBe(Object.keys(batch[0])[0]);
    expect(await writer.append([reordered])).toMatchObject({ appended: 0, skipped: 1 });
    expect(await counts()).toEqual(before);
  });

  it('rejects an update id stored with different content', async () => {
    const tx = mint(alice(), '1.0000000000');
    await writer.append([tx]);
    await expectRejected([{ ...tx, workflow_id: 'changed' }], /already stored with different content/);
  });

  it('keeps update ids and offsets unique across migrations (partitioned keys include the migration)', async () => {
    const tx = mint(alice(), '1.0000000000');
    const later = mint(alice(), '2.0000000000');
    await writer.append([tx]);
    await expectRejected(
      [{ ...tx, migration_id: 1, offset: later.offset }],
      /already stored with different content/,
    );
    await expectRejected([{ ...later, migration_id: 1, offset: tx.offset }], /does not increase/);
  });

  it('rejects archiving an unknown contract, writing nothing of the batch', async () => {
    const ok = mint(alice(), '1.0000000000');
    const ghost = h.tx([
      {
        exercise: {
          contractId: h.contractId(),
          template: SpliceTemplates.Amulet,
          choice: 'Archive',
          consuming: true,
          actingParties: [alice()],
        },
      },
    ]);
    await expectRejected([ok, ghost], new RegExp(`update ${ghost.update_id}: archives contract .* unknown`));
  });

  it('rejects archiving an archived contract', async () => {
    const minted = mint(alice(), '1.0000000000');
    await writer.append([minted, archiveOf(minted)]);
    await expectRejected([archiveOf(minted)], /already archived/);
  });

  it('rejects offsets that do not increase', async () => {
    const first = mint(alice(), '1.0000000000');
    const second = mint(alice(), '2.0000000000');
    await writer.append([second]);
    await expectRejected([first], new RegExp(`update ${first.update_id}: offset 1 does not increase`));
  });

  it('rejects malformed items naming the update and the field', async () => {
    const tx = mint(alice(), '1.0000000000');
    const bad = JSON.parse(JSON.stringify(tx));
    const node = bad.events_by_id[bad.root_event_ids[0]];
    node.create_arguments.record.fields[2].value.record.fields[0].value = { numeric: 'lots' };
    await expectRejected(
      [mint(alice(), '3.0000000000'), bad],
      new RegExp(`update ${tx.update_id}: .*create_arguments.amount.initialAmount`),
    );
    await expectRejected([{ ...tx, root_event_ids: ['nope'] }], /is not a key of events_by_id/);
    await expectRejected([{ ...tx, record_time: 'noon' }], /record_time must be an ISO-8601 timestamp/);
    await expectRejected([{ ...tx, offset: '12' }], /malformed scan offset/);
    await expectRejected(
      [{ update_id: 'x', record_time: tx.record_time, offset: '' } as never],
      /update x: must have events_by_id/,
    );
  });

  it('leaves the store as it was when the batch fails half-way through its writes', async () => {
    await writer.append([mint(alice(), '1.0000000000')]);
    const before = await counts();
    // Fail the last statements of the write (derived holdings) after updates, events and contracts went in.
    await db.dataSource.query(
      `CREATE FUNCTION fail_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await db.dataSource.query(
      `CREATE TRIGGER fail_holdings BEFORE INSERT ON amulet_holdings FOR EACH ROW EXECUTE FUNCTION fail_insert()`,
    );
    try {
      await expect(writer.append([mint(alice(), '2.0000000000')])).rejects.toThrow(/disk full/);
      expect(await counts()).toEqual(before);
    } finally {
      await db.dataSource.query(`DROP TRIGGER fail_holdings ON amulet_holdings; DROP FUNCTION fail_insert()`);
    }
  });

  it('gives each party one dictionary id for good, written or not, through append and a pipeline', async () => {
    const carol = () => h.party('carol');
    const dave = () => h.party('dave');
    const namesOfStored = async () =>
      db.dataSource.query(
        `SELECT c.contract_id, ${partyNamesOf('c.stakeholders')} AS stakeholders FROM contracts c ORDER BY c.row_id`,
      );
    await db.dataSource.query(
      `CREATE FUNCTION fail_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await db.dataSource.query(
      `CREATE TRIGGER fail_holdings BEFORE INSERT ON amulet_holdings FOR EACH ROW EXECUTE FUNCTION fail_insert()`,
    );
    try {
      // A batch written on its own adds its parties in its transaction: gone with it.
      await expect(writer.append([mint(carol(), '1.0000000000')])).rejects.toThrow(/disk full/);
      expect(await db.dataSource.query(`SELECT party FROM parties`)).toEqual([]);
      if (db.backend === 'postgres') {
        // A pipeline adds them before the batch's transaction: they stay, unused.
        const pipeline = await writer.openPipeline();
        try {
          const built = await pipeline.build(writer.prepare([mint(dave(), '1.0000000000')]));
          await expect(pipeline.write(built)).rejects.toThrow(/disk full/);
        } finally {
          await pipeline.close();
        }
        expect(
          (await db.dataSource.query(`SELECT party FROM parties`)).map((r: { party: string }) => r.party),
        ).toContain(dave());
      }
    } finally {
      await db.dataSource.query(`DROP TRIGGER fail_holdings ON amulet_holdings; DROP FUNCTION fail_insert()`);
    }
    const pipeline = await writer.openPipeline();
    try {
      await pipeline.write(await pipeline.build(writer.prepare([mint(carol(), '2.0000000000')])));
      await pipeline.write(await pipeline.build(writer.prepare([mint(dave(), '3.0000000000')])));
    } finally {
      await pipeline.close();
    }
    await writer.append([mint(carol(), '4.0000000000'), mint(alice(), '5.0000000000')]);
    expect((await namesOfStored()).map((r: { stakeholders: string[] }) => r.stakeholders)).toEqual([
      [carol(), dso()].sort(),
      [dave(), dso()].sort(),
      [carol(), dso()].sort(),
      [alice(), dso()].sort(),
    ]);
    const parties: { party: string; n: number }[] = await db.dataSource.query(
      `SELECT party, count(*)::int AS n FROM parties GROUP BY party ORDER BY party`,
    );
    expect(parties).toEqual([alice(), carol(), dave(), dso()].sort().map((party) => ({ party, n: 1 })));
  });

  it('gives each template one dictionary id for good, through append and pipelines, and prints it back', async () => {
    // The Amulet of another package version (the same names, another template id), and one given
    // with another package name (the same template id): each a template of its own.
    const packageId = 'ab'.repeat(32);
    const upgraded = {
      ...SpliceTemplates.Amulet,
      packageId,
      templateId: `${packageId}:Splice.Amulet:Amulet`,
    };
    const renamed = { ...SpliceTemplates.Amulet, packageName: 'splice-amulet-renamed' };
    const mintOf = (template: typeof SpliceTemplates.Amulet, owner: string, amount: string) =>
      h.tx([
        {
          create: { template, payload: amuletPayload(dso(), owner, amount), signatories: [dso(), owner] },
        },
      ]);
    const dictionary = async () =>
      db.dataSource.query<{ template_id: string; package_name: string; n: number }[]>(
        `SELECT package_id || ':' || module_name || ':' || entity_name AS template_id, package_name, count(*)::int AS n
           FROM templates GROUP BY 1, 2 ORDER BY 1, 2`,
      );
    const storedTemplates = async () =>
      db.dataSource.query<{ node: string; template_id: string; package_name: string }[]>(
        `SELECT u.update_id || ':' || e.node_id AS node, t.package_id || ':' || t.module_name || ':' || t.entity_name AS template_id,
                t.package_name
           FROM events e JOIN updates u ON u.row_id = e.update_row_id JOIN templates t ON t.id = e.template_ref
          ORDER BY e.update_row_id, e.node_id`,
      );
    const sent: { node: string; template_id: string; package_name: string }[] = [];
    const noteSent = (txs: HistoryTransaction[]) => {
      for (const tx of txs)
        for (const [node, e] of Object.entries(tx.events_by_id))
          sent.push({ node, template_id: e.template_id, package_name: e.package_name });
      return txs;
    };

    await db.dataSource.query(
      `CREATE FUNCTION fail_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await db.dataSource.query(
      `CREATE TRIGGER fail_holdings BEFORE INSERT ON amulet_holdings FOR EACH ROW EXECUTE FUNCTION fail_insert()`,
    );
    try {
      // A batch written on its own adds its templates in its transaction: gone with it.
      await expect(writer.append([mint(alice(), '1.0000000000')])).rejects.toThrow(/disk full/);
      expect(await dictionary()).toEqual([]);
    } finally {
      await db.dataSource.query(`DROP TRIGGER fail_holdings ON amulet_holdings; DROP FUNCTION fail_insert()`);
    }

    // New templates in a batch, each repeated (a create and its archive, two mints): one id each.
    const first = mint(alice(), '2.0000000000');
    await writer.append(noteSent([first, archiveOf(first), mintOf(upgraded, alice(), '3.0000000000')]));
    expect(await dictionary()).toEqual(
      [
        { template_id: SpliceTemplates.Amulet.templateId, package_name: 'splice-amulet', n: 1 },
        { template_id: upgraded.templateId, package_name: 'splice-amulet', n: 1 },
      ].sort((a, b) => (a.template_id < b.template_id ? -1 : 1)),
    );
    const [{ last }] = await db.dataSource.query<{ last: number }[]>(`SELECT max(id) AS last FROM templates`);

    // Two pipelines, one after the other: the second learns the ids the first added, and both
    // add a template once, a known one never (no id drawn for it).
    for (const owner of [alice(), h.party('carol')]) {
      const pipeline = await writer.openPipeline();
      try {
        const minted = mintOf(upgraded, owner, '4.0000000000');
        await pipeline.write(await pipeline.build(writer.prepare(noteSent([minted]))));
        await pipeline.write(
          await pipeline.build(
            writer.prepare(noteSent([archiveOf(minted), mintOf(renamed, owner, '5.0000000000')])),
          ),
        );
      } finally {
        await pipeline.close();
      }
    }
    const held = await dictionary();
    expect(held.map((r) => r.n)).toEqual([1, 1, 1]);
    expect(held).toContainEqual({
      template_id: SpliceTemplates.Amulet.templateId,
      package_name: 'splice-amulet-renamed',
      n: 1,
    });
    const [{ ids, drawn }] = await db.dataSource.query<{ ids: number[]; drawn: number }[]>(
      `SELECT array_agg(id ORDER BY id) AS ids, (SELECT last_value FROM templates_id_seq)::int AS drawn FROM templates`,
    );
    expect(ids.slice(0, 2).every((id) => id <= last)).toBe(true);
    expect(ids[2]).toBeGreaterThan(last);
    expect(drawn).toBe(ids[2]);
    // Every event reads back the template id and package name it was written with.
    expect(await storedTemplates()).toEqual(sent);
  });

  it('gives each synchronizer one dictionary id, added by the first batch that names it, through append and a pipeline', async () => {
    const dictionary = async () =>
      (await db.dataSource.query(`SELECT id, synchronizer FROM synchronizers ORDER BY id`)) as {
        id: number;
        synchronizer: string;
      }[];
    const stored = async (table: 'updates' | 'contracts') =>
      (
        await db.dataSource.query(
          `SELECT t.synchronizer AS id, d.synchronizer AS name FROM ${table} t LEFT JOIN synchronizers d ON d.id = t.synchronizer ORDER BY t.row_id`,
        )
      ).map((r: { id: number; name: string | null }) => [r.id, r.name]);
    const minted = mint(alice(), '1.0000000000');
    const created = createdEvents(minted)[0];
    await writer.append([minted]);
    const [first] = await dictionary();
    expect(await dictionary()).toEqual([{ id: first.id, synchronizer: h.synchronizer }]);
    // A known synchronizer is not added again.
    await writer.append([h.unassign(created.contract_id, 1), mint(dso(), '2.0000000000')]);
    expect(await dictionary()).toEqual([first]);
    // A new one (the assignment's target) gets the next id, as do the rows on it, new or stored.
    const pipeline = await writer.openPipeline();
    try {
      await pipeline.write(await pipeline.build(writer.prepare([h.assign(created, 1)])));
      await pipeline.write(await pipeline.build(writer.prepare([mint(alice(), '3.0000000000')])));
    } finally {
      await pipeline.close();
    }
    const [, other] = await dictionary();
    expect(await dictionary()).toEqual([first, { id: other.id, synchronizer: h.otherSynchronizer }]);
    expect(other.id).toBeGreaterThan(first.id);
    const a = [first.id, h.synchronizer];
    const b = [other.id, h.otherSynchronizer];
    // mint, unassign (on the source), mint, assign (on the target), mint
    expect(await stored('updates')).toEqual([a, a, a, b, a]);
    // The reassigned contract now on the target; the others where they were created.
    expect(await stored('contracts')).toEqual([b, a, a]);
  });

  it('records ACS snapshot times every N hours after the first update of a migration', async () => {
    // First update at 00:10:01 → first snapshot at 03:00, then 06:00 once history reaches it.
    const first = mint(alice(), '1.0000000000');
    await writer.append([first]);
    h.advance(2 * 3600);
    expect((await writer.append([mint(alice(), '1.0000000000')])).snapshotsRecorded).toEqual([]);
    h.advance(4 * 3600);
    const late = mint(alice(), '1.0000000000');
    expect((await writer.append([late])).snapshotsRecorded).toEqual([
      '2026-01-05T03:00:00.000000Z',
      '2026-01-05T06:00:00.000000Z',
    ]);
    const rows = await db.dataSource.query(
      `SELECT migration_id::int, record_time FROM acs_snapshots ORDER BY record_time`,
    );
    expect(rows).toEqual([
      { migration_id: 0, record_time: '2026-01-05T03:00:00.000000Z' },
      { migration_id: 0, record_time: '2026-01-05T06:00:00.000000Z' },
    ]);
  });

  it('re-creates the ACS of a migration from its import updates', async () => {
    const a = mint(alice(), '5.0000000000');
    const b = mint(alice(), '7.0000000000');
    await writer.append([a, b, archiveOf(a)]);
    const imports = [h.importOf(createdEvents(b)[0], 1)];
    const next = mint(alice(), '9.0000000000');
    const migration1 = { ...next, migration_id: 1 };
    expect(await writer.append([...imports, migration1])).toMatchObject({ appended: 2 });
    const rows = await db.dataSource.query(
      `SELECT c.migration_id::int, c.contract_id, u.is_import, u.ledger_offset FROM contracts c JOIN updates u ON u.row_id = c.created_update_row_id
        WHERE c.migration_id = 1 ORDER BY c.row_id`,
    );
    expect(rows).toEqual([
      { migration_id: 1, contract_id: createdEvents(b)[0].contract_id, is_import: true, ledger_offset: null },
      {
        migration_id: 1,
        contract_id: createdEvents(next)[0].contract_id,
        is_import: false,
        ledger_offset: String(next.offset ? parseInt(next.offset, 16) : 0),
      },
    ]);
    // The same contract is still active in migration 0's own history.
    const m0 = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM contracts WHERE migration_id = 0 AND archived_record_time IS NULL`,
    );
    expect(m0[0].n).toBe(1);
  });

  it('tracks a reassignment in flight until its assignment arrives', async () => {
    const minted = mint(alice(), '1.0000000000');
    const created = createdEvents(minted)[0];
    await writer.append([minted, h.unassign(created.contract_id, 1)]);
    const state = () =>
      db.dataSource.query(
        `SELECT ${synchronizerNameOf('t.synchronizer')} AS synchronizer_id, in_flight, reassignment_counter::int FROM contracts t`,
      );
    expect(await state()).toEqual([
      { synchronizer_id: h.synchronizer, in_flight: true, reassignment_counter: 1 },
    ]);
    await expectRejected([h.unassign(created.contract_id, 2)], /already unassigned/);
    await writer.append([h.assign(created, 1)]);
    expect(await state()).toEqual([
      { synchronizer_id: h.otherSynchronizer, in_flight: false, reassignment_counter: 1 },
    ]);
    const kinds = await db.dataSource.query(`SELECT kind FROM updates ORDER BY row_id`);
    expect(kinds.map((k: { kind: string }) => k.kind)).toEqual(['transaction', 'unassignment', 'assignment']);
  });

  const heldMigrations = () =>
    db.dataSource.query(`SELECT migration_id::int, from_start FROM history_migrations ORDER BY migration_id`);

  it('records each migration held with whether it is held from its start (the default rule)', async () => {
    const a = mint(alice(), '5.0000000000');
    await writer.append([a]);
    expect(await heldMigrations()).toEqual([{ migration_id: 0, from_start: true }]);
    // Migration 1 opens with its import updates; migration 2 follows a held migration.
    await writer.append([
      h.importOf(createdEvents(a)[0], 1),
      { ...mint(alice(), '1.0000000000'), migration_id: 1 },
    ]);
    await writer.append([{ ...mint(alice(), '2.0000000000'), migration_id: 2 }]);
    expect(await heldMigrations()).toEqual([
      { migration_id: 0, from_start: true },
      { migration_id: 1, from_start: true },
      { migration_id: 2, from_start: true },
    ]);
  });

  it('records a later migration that opens with neither imports nor a held predecessor as not from its start', async () => {
    await writer.append([{ ...mint(alice(), '1.0000000000'), migration_id: 3 }]);
    expect(await heldMigrations()).toEqual([{ migration_id: 3, from_start: false }]);
  });

  it('records what the caller says of a migration it brings; the first batch of a migration decides', async () => {
    await writer.append([mint(alice(), '1.0000000000')], { migrationFromStart: false });
    await writer.append([mint(alice(), '2.0000000000')], { migrationFromStart: true });
    expect(await heldMigrations()).toEqual([{ migration_id: 0, from_start: false }]);
    // Nothing is recorded for a batch that writes nothing, and a failed batch records nothing.
    await expectRejected([{ ...archiveOf(mint(alice(), '3.0000000000')), migration_id: 4 }], /unknown/);
    expect(await heldMigrations()).toEqual([{ migration_id: 0, from_start: false }]);
  });

  it('marks the contracts of a writer for supplied blobs only as not derivable, others as derivable', async () => {
    const mirrored = new LedgerWriter(db.dataSource, {
      snapshotIntervalHours: 3,
      createdEventBlobs: 'supplied-only',
    });
    const first = mint(alice(), '1.0000000000');
    await writer.append([first]);
    const second = mint(alice(), '2.0000000000');
    await mirrored.append([second]);
    const rows = await db.dataSource.query(
      `SELECT contract_id, created_event_blob, created_event_blob_derivable FROM contracts ORDER BY row_id`,
    );
    expect(rows).toEqual([
      {
        contract_id: createdEvents(first)[0].contract_id,
        created_event_blob: null,
        created_event_blob_derivable: true,
      },
      {
        contract_id: createdEvents(second)[0].contract_id,
        created_event_blob: null,
        created_event_blob_derivable: false,
      },
    ]);
  });
  it('tells its observer what each committed batch appended and its newest record time, through append and a pipeline', async () => {
    const told: [number, string | undefined][] = [];
    const observed = new LedgerWriter(db.dataSource, {
      snapshotIntervalHours: 3,
      observer: { appended: (count, newest) => told.push([count, newest]) },
    });
    const first = mint(alice(), '1.0000000000');
    const second = mint(alice(), '2.0000000000');
    await observed.append([first, second]);
    // Already stored: nothing appended, nothing told.
    await observed.append([first]);
    const third = mint(alice(), '3.0000000000');
    const pipeline = await observed.openPipeline();
    try {
      await pipeline.write(await pipeline.build(observed.prepare([third])));
    } finally {
      await pipeline.close();
    }
    // A rejected batch is not told either.
    await expect(observed.append([{ update_id: 'x' }])).rejects.toBeInstanceOf(DomainError);
    expect(told).toEqual([
      [2, second.record_time],
      [1, third.record_time],
    ]);
  });
});
