import { scanApi, scanSpec } from '@canton-scan/contracts';
import {
  formatDamlDecimal,
  microsToTimestamp,
  parseDamlDecimal,
  timestampToMicros,
  type AmuletPayload,
  type DsoRulesPayload,
  type LockedAmuletPayload,
  type OpenMiningRoundPayload,
  type ValidatorLicensePayload,
} from '@canton-scan/domain';
import { callChecked } from '@canton-scan/testing';
import { allV2Updates, migrationOf, useExplorerApp, type Client } from './explorer.fixture';

const summary = (client: Client) =>
  callChecked(scanSpec, 'getNetworkSummary', scanApi.getNetworkSummary({ client }));

/** Every created event of an ACS snapshot of these templates, page by page. */
async function acsOf(client: Client, migrationId: number, recordTime: string, templates: string[]) {
  const events: scanApi.CreatedEvent[] = [];
  let after: number | undefined;
  for (;;) {
    const res = await callChecked(
      scanSpec,
      'getAcsSnapshotAtV2',
      scanApi.getAcsSnapshotAtV2({
        client,
        body: { migration_id: migrationId, record_time: recordTime, page_size: 100, templates, after },
      }),
    );
    expect(res.status).toBe(200);
    const page = res.body as scanApi.AcsResponse;
    events.push(...page.created_events);
    if (page.next_page_token === undefined) return events;
    after = page.next_page_token;
  }
}

describe('explorer network summary (GET /v0/explorer/network-summary)', () => {
  const app = useExplorerApp();

  it('reports the newest record time, the update count, the DSO’s latest round and its SVs', async () => {
    const client = app.client();
    const v2 = await allV2Updates(client);
    const newest = v2[v2.length - 1];
    const res = await summary(client);
    expect(res.status).toBe(200);
    const body = res.body as scanApi.NetworkSummary;
    expect(body.record_time).toBe(newest.record_time);
    expect(body.migration_id).toBe(migrationOf(newest));
    expect(body.migration_id).toBe(1);
    expect(body.update_count).toBe(v2.length);

    const dso = (await callChecked(scanSpec, 'getDsoInfo', scanApi.getDsoInfo({ client })))
      .body as scanApi.DsoInfo;
    const round = dso.latest_mining_round.contract.payload as unknown as OpenMiningRoundPayload;
    expect(body.latest_open_round).toEqual({
      number: Number(round.round.number),
      opens_at: microsToTimestamp(timestampToMicros(round.opensAt)),
      target_closes_at: microsToTimestamp(timestampToMicros(round.targetClosesAt)),
    });
    const rules = dso.dso_rules.contract.payload as unknown as DsoRulesPayload;
    expect(body.super_validators).toBe(rules.svs.length);
    expect(body.super_validators).toBeGreaterThan(1);
  });

  it('totals the amulet as the holdings summary over every owner, and counts licensed validators, at the same time', async () => {
    const client = app.client();
    const body = (await summary(client)).body as scanApi.NetworkSummary;
    // A snapshot just after the newest update holds exactly the contracts in existence then.
    const at = microsToTimestamp(timestampToMicros(body.record_time) + 1n);
    await app.db.dataSource.query(`INSERT INTO acs_snapshots (migration_id, record_time) VALUES ($1, $2)`, [
      body.migration_id,
      at,
    ]);
    const holdings = await acsOf(client, body.migration_id, at, [
      'splice-amulet:Splice.Amulet:Amulet',
      'splice-amulet:Splice.Amulet:LockedAmulet',
    ]);
    const owners = new Set<string>();
    let locked = 0n;
    let unlocked = 0n;
    for (const e of holdings) {
      if (e.template_id.endsWith(':LockedAmulet')) {
        const p = e.create_arguments as unknown as LockedAmuletPayload;
        owners.add(p.amulet.owner);
        locked += parseDamlDecimal(p.amulet.amount.initialAmount);
      } else {
        const p = e.create_arguments as unknown as AmuletPayload;
        owners.add(p.owner);
        unlocked += parseDamlDecimal(p.amount.initialAmount);
      }
    }
    expect(owners.size).toBeGreaterThan(3);
    expect(locked).toBeGreaterThan(0n);
    const res = await callChecked(
      scanSpec,
      'getHoldingsSummaryAtV1',
      scanApi.getHoldingsSummaryAtV1({
        client,
        body: { migration_id: body.migration_id, record_time: at, owner_party_ids: [...owners] },
      }),
    );
    const sums = (res.body as scanApi.HoldingsSummaryResponse).summaries;
    const sum = (f: (s: scanApi.HoldingsSummaryV1) => string) =>
      formatDamlDecimal(sums.reduce((acc, s) => acc + parseDamlDecimal(f(s)), 0n));
    expect({
      total_amulet: body.total_amulet,
      locked_amulet: body.locked_amulet,
      unlocked_amulet: body.unlocked_amulet,
    }).toEqual({
      total_amulet: sum((s) => s.total_coin_holdings),
      locked_amulet: sum((s) => s.total_locked_coin),
      unlocked_amulet: sum((s) => s.total_unlocked_coin),
    });
    expect(body.locked_amulet).toBe(formatDamlDecimal(locked));
    expect(body.unlocked_amulet).toBe(formatDamlDecimal(unlocked));
    expect(body.total_amulet).toBe(formatDamlDecimal(locked + unlocked));

    const licences = await acsOf(client, body.migration_id, at, [
      'splice-amulet:Splice.ValidatorLicense:ValidatorLicense',
    ]);
    const validators = new Set(
      licences.map((e) => (e.create_arguments as unknown as ValidatorLicensePayload).validator),
    );
    expect(validators.size).toBeGreaterThan(2);
    expect(body.active_validators).toBe(validators.size);
  });

  it('answers 404 with an error body while no update has been ingested', async () => {
    await app.db.truncate();
    const res = await summary(app.client());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: expect.stringContaining('no update') });
  });
});
