import { WebSocket } from 'ws';
import { useLedgerTestApp } from './ledger-test-app';

describe('WebSocket /v2/updates/flats: the first message', () => {
  const t = useLedgerTestApp({ LEDGER_WS_FIRST_MSG_TIMEOUT_MS: '100' });

  it('closes a socket that sends no request within LEDGER_WS_FIRST_MSG_TIMEOUT_MS (1008, with the reason)', async () => {
    const ws = new WebSocket(`${t.base().replace(/^http/, 'ws')}/v2/updates/flats`, [
      'daml.ws.auth',
      `jwt.token.${await t.token('admin')}`,
    ]);
    const messages: string[] = [];
    ws.on('message', (data) => messages.push(data.toString()));
    const [code, reason] = await new Promise<[number, string]>((resolve) =>
      ws.once('close', (closeCode, closeReason) => resolve([closeCode, closeReason.toString()])),
    );
    expect({ code, reason, messages }).toEqual({
      code: 1008,
      reason: 'no GetUpdatesRequest within 100 ms',
      messages: [],
    });
  });
});
