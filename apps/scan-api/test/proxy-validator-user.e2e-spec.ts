import { request as httpRequest } from 'node:http';
import { createScanProxyClient, scanProxyApi, scanProxySpec, scanSpec } from '@canton-scan/contracts';
import { LedgerWriter, type HistoryUpdate } from '@canton-scan/domain';
import {
  callChecked,
  expectResponseMatchesSpec,
  signDevelopmentToken,
  startTestApp,
  TokenNetworkFixture,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

describe('validator: GET /v0/validator-user', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource);
  const append = (...updates: HistoryUpdate[]) =>
    new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append(updates);

  /** A started scan-api with `env`, and its validator-user answer, checked against the spec. */
  function useApp(env: Record<string, string>) {
    let running: RunningTestApp;
    beforeAll(async () => {
      running = await startTestApp(createScanApp, db.dataSource, env);
    });
    afterAll(() => running.close());
    return {
      get running() {
        return running;
      },
      async validatorUser(token?: string) {
        const client = createScanProxyClient({
          baseUrl: running.origin + running.config.scanApi.validatorPrefix,
          auth: async () => token ?? (await signDevelopmentToken()),
        });
        return callChecked(
          scanProxySpec,
          'getValidatorUserInfo',
          scanProxyApi.getValidatorUserInfo({ client }),
        );
      },
    };
  }

  describe('without VALIDATOR_PARTY_ID or VALIDATOR_USER', () => {
    const t = useApp({});

    it('answers the SV party of the DSO info and SV_USER (the SV runs its own validator)', async () => {
      const f = new TokenNetworkFixture();
      await append(f.genesis());
      const res = await t.validatorUser();
      expect(res.status).toBe(200);
      // The first SV listed in DsoRules, as sv_party_id; it holds no FeaturedAppRight.
      expect(res.body).toEqual({ party_id: f.svs[0], user_name: 'sv1', featured: false });
    });

    it('is a 404 {"error"} while no DSO info is known to derive the party from', async () => {
      const res = await t.validatorUser();
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.stringContaining('DsoRules') });
    });

    it('is public, as the Splice validator serves it: no token needed, none checked', async () => {
      const f = new TokenNetworkFixture();
      await append(f.genesis());
      const res = await fetch(
        `${t.running.origin}${t.running.config.scanApi.validatorPrefix}/v0/validator-user`,
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ party_id: f.svs[0], user_name: 'sv1', featured: false });
      const unknown = await t.validatorUser(await signDevelopmentToken({ sub: 'nobody' }));
      expect(unknown.status).toBe(200);
    });
  });

  describe('with VALIDATOR_PARTY_ID and VALIDATOR_USER', () => {
    const fixture = new TokenNetworkFixture();
    const t = useApp({
      VALIDATOR_PARTY_ID: fixture.featuredProvider,
      VALIDATOR_USER: 'validator-operator',
    });

    it('answers the configured operator, featured while its party holds a FeaturedAppRight', async () => {
      const before = await t.validatorUser();
      // No DSO info is needed when the party is configured.
      expect(before.body).toEqual({
        party_id: fixture.featuredProvider,
        user_name: 'validator-operator',
        featured: false,
      });
      await append(new TokenNetworkFixture().genesis());
      const after = await t.validatorUser();
      expect(after.status).toBe(200);
      expect(after.body).toEqual({
        party_id: fixture.featuredProvider,
        user_name: 'validator-operator',
        featured: true,
      });
    });

    // Only the ledger group reads a body without Content-Type as JSON (docs/ledger-api.md).
    it('the scan and validator groups still answer a POST without Content-Type with 415', async () => {
      const token = await signDevelopmentToken();
      const cases = [
        [t.running.config.scanApi.prefix, '/v0/backfilling/migration-info', scanSpec, 'getMigrationInfo'],
        [
          t.running.config.scanApi.validatorPrefix,
          '/v0/scan-proxy/registry/transfer-instruction/v1/transfer-factory',
          scanProxySpec,
          'proxyGetTransferFactory',
        ],
      ] as const;
      for (const [prefix, path, spec, operationId] of cases) {
        const res = await postUntyped(t.running.origin, prefix + path, '{"migration_id":0}', token);
        expect({ path, status: res.status }).toEqual({ path, status: 415 });
        expectResponseMatchesSpec(spec, operationId, {
          status: res.status,
          contentType: res.contentType ?? null,
          body: JSON.parse(res.text),
        });
      }
    });
  });
});

/** A POST with no Content-Type header (node's fetch would add one to a string body). */
function postUntyped(
  origin: string,
  path: string,
  body: string,
  token: string,
): Promise<{ status: number; contentType: string | undefined; text: string }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: { authorization: `Bearer ${token}`, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
