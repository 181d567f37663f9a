import { scanApi, scanSpec } from '@canton-scan/contracts';
import { simulateNetwork } from '@canton-scan/simulator';
import { expectResponseMatchesSpec, replayAcs } from '@canton-scan/testing';
import { client, NETWORK, snapshots, updates, useScanAcsApp } from './scan-acs.fixture';

/** The three ACS page routes, each through its generated client function, every answer checked against its operation. */
const ROUTES = {
  v0: { operationId: 'getAcsSnapshotAt', call: scanApi.getAcsSnapshotAt },
  v1: { operationId: 'getAcsSnapshotAtV1', call: scanApi.getAcsSnapshotAtV1 },
  v2: { operationId: 'getAcsSnapshotAtV2', call: scanApi.getAcsSnapshotAtV2 },
} as const;
type Version = keyof typeof ROUTES;
const VERSIONS = Object.keys(ROUTES) as Version[];

async function acsPage(version: Version, body: scanApi.AcsRequest) {
  const { operationId, call } = ROUTES[version];
  const res = await call({ client, body });
  expectResponseMatchesSpec(scanSpec, operationId, {
    status: res.response.status,
    contentType: res.response.headers.get('content-type'),
    body: res.data ?? res.error,
  });
  return res;
}

/** Every page of a snapshot through one route, following `next_page_token`. */
async function pagesOf(version: Version, body: Omit<scanApi.AcsRequest, 'after'>) {
  const pages: scanApi.AcsResponse[] = [];
  let after: number | undefined;
  for (;;) {
    const res = await acsPage(version, { ...body, ...(after === undefined ? {} : { after }) });
    expect(res.response.status).toBe(200);
    pages.push(res.data!);
    after = res.data!.next_page_token;
    if (after === undefined) return pages;
    if (pages.length > 1000) throw new Error('paging did not end');
  }
}

describe('scan ACS: /v0, /v1 and /v2/state/acs are one operation', () => {
  useScanAcsApp(() => [...simulateNetwork(NETWORK)]);

  it('pages the newest snapshot identically through the three routes', async () => {
    const newest = snapshots[snapshots.length - 1];
    const expected = replayAcs(updates, newest.migrationId, newest.recordTime);
    const body = { migration_id: newest.migrationId, record_time: newest.recordTime, page_size: 53 };
    expect(expected.length).toBeGreaterThan(3 * body.page_size);

    const byVersion = new Map<Version, scanApi.AcsResponse[]>();
    for (const version of VERSIONS) byVersion.set(version, await pagesOf(version, body));
    const v0 = byVersion.get('v0')!;
    expect(v0.length).toBeGreaterThan(3);
    expect(v0.flatMap((p) => p.created_events.map((e) => e.contract_id))).toEqual(
      expected.map((e) => e.contract_id),
    );
    expect(byVersion.get('v1')).toEqual(v0);
    expect(byVersion.get('v2')).toEqual(v0);

    // A token of one route continues the same query on another.
    const second = await acsPage('v2', { ...body, after: v0[0].next_page_token });
    expect(second.data).toEqual(v0[1]);
  });

  it('refuses bad input on v1 and v2 with the same 400 body as v0', async () => {
    const newest = snapshots[snapshots.length - 1];
    const valid = { migration_id: newest.migrationId, record_time: newest.recordTime, page_size: 10 };
    const badRequests: scanApi.AcsRequest[] = [
      { ...valid, page_size: 0 },
      { ...valid, record_time_match: 'sometimes' as 'exact' },
      // A token naming no contract of this query (the domain's refusal, not the spec's).
      { ...valid, after: 1 },
    ];
    for (const body of badRequests) {
      const answers = await Promise.all(VERSIONS.map((version) => acsPage(version, body)));
      for (const res of answers) expect(res.response.status).toBe(400);
      expect(answers[0].error).toEqual({ error: expect.any(String) });
      for (const res of answers.slice(1)) expect(res.error).toEqual(answers[0].error);
    }
  });
});
