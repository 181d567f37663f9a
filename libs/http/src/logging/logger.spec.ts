import { Writable } from 'node:stream';
import { createLogger, logDestination } from './logger';

/** A stream keeping what is written to it. */
function sink(): { out: Writable; text: () => string } {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { out, text: () => chunks.join('') };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createLogger', () => {
  it('writes one JSON object a line by default (LOG_FORMAT=json), tagged with the app', async () => {
    const { out, text } = sink();
    createLogger('scan-api', 'info', 'json', out).info({ port: 5012 }, 'listening');
    await settle();
    const line = JSON.parse(text().trim());
    expect(line).toMatchObject({ app: 'scan-api', level: 30, msg: 'listening', port: 5012 });
    expect(typeof line.time).toBe('string');
  });

  it('writes readable lines through pino-pretty for LOG_FORMAT=pretty', async () => {
    const { out, text } = sink();
    createLogger('scan-api', 'info', 'pretty', out).info({ port: 5012 }, 'listening');
    await settle();
    const written = text();
    expect(written).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO.*: \[scan-api\] listening\n/);
    expect(written).toContain('port: 5012');
    expect(() => JSON.parse(written.split('\n')[0])).toThrow();
  });

  it('puts a request and its answer on the pretty line', async () => {
    const { out, text } = sink();
    createLogger('ledger-api', 'info', 'pretty', out).info(
      { req: { id: 'r1', method: 'GET', url: '/v2/x' }, res: { statusCode: 200 }, responseTime: 3 },
      'request completed',
    );
    await settle();
    expect(text()).toMatch(/INFO.*: \[ledger-api\] request completed GET \/v2\/x 200 3 ms \(r1\)\n$/);
  });

  it('keeps pino’s own stdout destination for JSON when no stream is given', () => {
    expect(logDestination('json')).toBeUndefined();
  });
});
