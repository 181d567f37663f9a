import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLedgerClient,
  createScanProxyClient,
  ledgerApi,
  scanApi,
  createScanClient,
  scanProxyApi,
  ledgerSpec,
  registrySpec,
  scanProxySpec,
  scanSpec,
} from '@canton-scan/contracts';

describe('generated contracts', () => {
  let server: Server;
  let seen: IncomingMessage[];
  let origin: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ participantId: 'p', status: 'ok' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    seen = [];
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('send requests to the injected base URL', async () => {
    await scanApi.isLive({ client: createScanClient({ baseUrl: `${origin}/api/scan` }) });
    expect(seen[0].url).toBe('/api/scan/livez');
  });

  it('inject the bearer token on secured operations only', async () => {
    const proxy = createScanProxyClient({ baseUrl: `${origin}/api/validator`, auth: () => 'tok-1' });
    await scanProxyApi.getProxyDsoInfo({ client: proxy });
    expect(seen[0].headers.authorization).toBe('Bearer tok-1');
    await scanProxyApi.getLivez({ client: proxy });
    expect(seen[1].headers.authorization).toBeUndefined();
  });

  it('accept a fixed authorization header', async () => {
    const ledger = createLedgerClient({ baseUrl: origin, headers: { Authorization: 'Bearer fixed' } });
    const { data } = await ledgerApi.getParticipantId({ client: ledger });
    expect(seen[0].headers.authorization).toBe('Bearer fixed');
    expect(data).toEqual({ participantId: 'p', status: 'ok' });
  });

  it('export the parsed spec documents', () => {
    for (const spec of [scanSpec, scanProxySpec, registrySpec, ledgerSpec]) {
      expect(spec.openapi).toBe('3.0.3');
      expect(Object.keys(spec.paths).length).toBeGreaterThan(2);
    }
    expect(scanSpec.paths['/v0/state/acs']).toBeDefined();
    expect(ledgerSpec.paths['/v2/updates/flats']).toBeDefined();
  });
});
