import type { IncomingMessage } from 'node:http';
import { WebSocket } from 'ws';
import { useLedgerTestApp } from './ledger-test-app';

/**
 * RATE_LIMITS apply to the WebSocket form too: its upgrade request never reaches express, so the
 * gateway takes the token itself, per client address (X-Forwarded-For as TRUST_PROXY trusts it).
 */
describe('WebSocket /v2/updates/flats: rate limits', () => {
  const t = useLedgerTestApp({ RATE_LIMITS: 'ledger:/v2/updates/flats=2/m', TRUST_PROXY: 'true' });

  /** Opens the socket and reports the upgrade's outcome: 101, or the refusal's status, headers and body. */
  async function upgrade(
    forwardedFor: string,
  ): Promise<{ status: number; retryAfter?: string; body?: unknown }> {
    const ws = new WebSocket(
      `${t.base().replace(/^http/, 'ws')}/v2/updates/flats`,
      ['daml.ws.auth', `jwt.token.${await t.token('admin')}`],
      {
        headers: { 'x-forwarded-for': forwardedFor },
      },
    );
    return new Promise((resolve) => {
      ws.once('open', () => {
        ws.close();
        resolve({ status: 101 });
      });
      ws.once('unexpected-response', (_req, res: IncomingMessage) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            body: JSON.parse(text),
          }),
        );
      });
      ws.once('error', () => undefined);
    });
  }

  it('refuses the third upgrade within the minute with 429, Retry-After and the ledger error body; another client has its own bucket', async () => {
    expect((await upgrade('203.0.113.7')).status).toBe(101);
    expect((await upgrade('203.0.113.7')).status).toBe(101);
    const refused = await upgrade('203.0.113.7');
    expect(refused).toEqual({
      status: 429,
      retryAfter: expect.stringMatching(/^[1-9]\d*$/),
      body: expect.objectContaining({
        code: 'PARTICIPANT_BACKPRESSURE',
        cause: expect.stringContaining('ledger:/v2/updates/flats=2/m'),
        errorCategory: 2,
        grpcCodeValue: 10,
      }),
    });
    expect((await upgrade('198.51.100.9')).status).toBe(101);
  });
});
