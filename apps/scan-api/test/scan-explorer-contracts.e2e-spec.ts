import { scanApi, scanSpec } from '@canton-scan/contracts';
import { fewestDigitsText, type HistoryCreatedEvent } from '@canton-scan/domain';
import { callChecked, sendRaw } from '@canton-scan/testing';
import { useExplorerApp, type Client } from './explorer.fixture';

type Ref = scanApi.ExplorerUpdateRef;

const getContract = (client: Client, contractId: string) =>
  callChecked(
    scanSpec,
    'getExplorerContract',
    scanApi.getExplorerContract({ client, path: { contract_id: contractId } }),
  );

describe('explorer contract lookup (GET /v0/explorer/contracts/{contract_id})', () => {
  const app = useExplorerApp();

  /** Per contract id, from the history alone: its first creation, and its archival if any. */
  function expectedContracts() {
    const out = new Map<
      string,
      { event: HistoryCreatedEvent; created: Ref; imported: boolean; archived?: Ref }
    >();
    for (const u of app.history()) {
      if (!('events_by_id' in u)) continue;
      const ref = { update_id: u.update_id, migration_id: u.migration_id, record_time: u.record_time };
      for (const e of Object.values(u.events_by_id)) {
        const known = out.get(e.contract_id);
        if (e.event_type === 'created_event') {
          if (known) known.imported = true;
          else out.set(e.contract_id, { event: e, created: ref, imported: false });
        } else if (e.consuming && known) known.archived = ref;
      }
    }
    return out;
  }

  it('reports each contract as the history created and archived it, across the migration', async () => {
    const client = app.client();
    const expected = expectedContracts();
    const ids = [...expected.keys()];
    expect(ids.length).toBeGreaterThan(300);
    const kinds = { active: 0, archived: 0, imported: 0, importedArchived: 0 };
    for (let i = 0; i < ids.length; i += 10) {
      const answers = await Promise.all(ids.slice(i, i + 10).map((id) => getContract(client, id)));
      for (const res of answers) {
        expect(res.status).toBe(200);
        const body = res.body as scanApi.ExplorerContract;
        const want = expected.get(body.contract_id)!;
        const { event, created, archived, imported } = want;
        expect(body).toEqual({
          contract_id: event.contract_id,
          template_id: event.template_id,
          package_name: event.package_name,
          create_arguments: expect.any(Object),
          signatories: [...event.signatories].sort(),
          observers: [...event.observers].sort(),
          created_at: fewestDigitsText(event.created_at),
          created,
          ...(archived ? { archived } : {}),
          state: archived ? 'archived' : 'active',
        });
        kinds[archived ? 'archived' : 'active']++;
        if (imported) kinds[archived ? 'importedArchived' : 'imported']++;
      }
    }
    // The history has contracts of every kind: live, archived, and carried over the migration.
    expect(Object.values(kinds).every((n) => n > 0)).toBe(true);
  });

  it('agrees with GET /v2/updates/{id} of the creating and the archiving update', async () => {
    const client = app.client();
    const ids = [...expectedContracts().keys()].filter((_, i) => i % 23 === 0);
    for (const id of ids) {
      const contract = (await getContract(client, id)).body as scanApi.ExplorerContract;
      const created = await callChecked(
        scanSpec,
        'getUpdateByIdV2',
        scanApi.getUpdateByIdV2({ client, path: { update_id: contract.created.update_id } }),
      );
      const tx = created.body as scanApi.UpdateHistoryTransaction;
      expect(tx.migration_id).toBe(contract.created.migration_id);
      expect(tx.record_time).toBe(contract.created.record_time);
      const event = Object.values(tx.events_by_id).find(
        (e) => e.event_type === 'created_event' && e.contract_id === id,
      ) as scanApi.CreatedEvent;
      expect(event).toMatchObject({
        template_id: contract.template_id,
        package_name: contract.package_name,
        create_arguments: contract.create_arguments,
        created_at: contract.created_at,
        signatories: contract.signatories,
        observers: contract.observers,
      });
      if (contract.archived) {
        const archived = await callChecked(
          scanSpec,
          'getUpdateByIdV2',
          scanApi.getUpdateByIdV2({ client, path: { update_id: contract.archived.update_id } }),
        );
        const atx = archived.body as scanApi.UpdateHistoryTransaction;
        expect(atx.record_time).toBe(contract.archived.record_time);
        expect(
          Object.values(atx.events_by_id).some(
            (e) =>
              e.event_type === 'exercised_event' &&
              e.contract_id === id &&
              (e as { consuming: boolean }).consuming,
          ),
        ).toBe(true);
      }
    }
  });

  it('answers 404 for an unknown contract id and 400 for a malformed one, with an error body', async () => {
    const client = app.client();
    const unknown = await getContract(client, '00' + 'ab'.repeat(34));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: expect.stringContaining('not found') });
    for (const id of ['xyz', '00ABCDEF', '1220' + 'a'.repeat(64), '00', '00' + 'a'.repeat(600), '00a%20b']) {
      const res = await sendRaw(app.base(), {
        method: 'GET',
        path: `/v0/explorer/contracts/${encodeURIComponent(id)}`,
      });
      expect({ id, status: res.status }).toEqual({ id, status: 400 });
      expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
    }
  });
});
