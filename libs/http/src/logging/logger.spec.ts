import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger, logDestination, PinoNestLogger, requestLogger } from './logger';

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

describe('requestLogger', () => {
  /** A server answering `status` after the middleware (or never answering, for 0); its log lines. */
  async function serve(level: string, status: number) {
    const { out, text } = sink();
    const middleware = requestLogger(createLogger('scan-api', level, 'json', out));
    const server: Server = createServer((req, res) =>
      middleware(req, res, () => {
        if (status === 0) return; // left open: the client gives up
        res.statusCode = status;
        res.end('{}');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const lines = async () => {
      await settle();
      return text()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    };
    const close = () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    };
    return { origin, lines, close };
  }

  it('echoes a well-formed x-request-id and makes one up otherwise', async () => {
    const s = await serve('info', 200);
    try {
      const given = await fetch(`${s.origin}/a`, { headers: { 'x-request-id': 'trace-1.a_b' } });
      expect(given.headers.get('x-request-id')).toBe('trace-1.a_b');
      for (const headers of <Record<string, string>[]>[{}, { 'x-request-id': 'no spaces allowed' }]) {
        const made = await fetch(`${s.origin}/a`, { headers });
        expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await s.close();
    }
  });

  it('writes one line per request at the level its status calls for', async () => {
    for (const [status, level] of [
      [200, 30],
      [404, 40],
      [503, 50],
    ]) {
      const s = await serve('info', status);
      try {
        const res = await fetch(`${s.origin}/api/scan/v0/x?y=1`, { headers: { 'x-request-id': 'r1' } });
        await res.text();
        const lines = await s.lines();
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({
          level,
          app: 'scan-api',
          msg: 'request completed',
          req: { id: 'r1', method: 'GET', url: '/api/scan/v0/x?y=1' },
          res: { statusCode: status },
        });
        expect(typeof lines[0].responseTime).toBe('number');
      } finally {
        await s.close();
      }
    }
  });

  it('logs a healthy answer to a health probe at debug, an unhealthy one as any other', async () => {
    for (const [path, status, level] of [
      ['/api/scan/readyz', 200, 20],
      ['/livez?x=1', 200, 20],
      ['/api/scan/readyz', 503, 50],
      ['/api/scan/v0/readyz-like', 200, 30],
    ] as const) {
      const s = await serve('debug', status);
      try {
        await (await fetch(`${s.origin}${path}`)).text();
        expect((await s.lines()).map((l) => l.level)).toEqual([level]);
      } finally {
        await s.close();
      }
    }
  });

  it('writes nothing for requests below the configured level, but still the 4xx at warn', async () => {
    const ok = await serve('warn', 200);
    const missing = await serve('warn', 404);
    try {
      await (await fetch(`${ok.origin}/`)).text();
      await (await fetch(`${missing.origin}/`)).text();
      expect(await ok.lines()).toEqual([]);
      expect(await missing.lines()).toMatchObject([{ level: 40, res: { statusCode: 404 } }]);
    } finally {
      await ok.close();
      await missing.close();
    }
  });

  it('says when the client went away before the answer', async () => {
    const s = await serve('info', 0);
    try {
      const aborted = new AbortController();
      const pending = fetch(`${s.origin}/slow`, { signal: aborted.signal }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      aborted.abort();
      await pending;
      let lines: Record<string, unknown>[] = [];
      for (let i = 0; i < 50 && lines.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        lines = await s.lines();
      }
      expect(lines).toMatchObject([{ level: 40, msg: 'request aborted', req: { url: '/slow' } }]);
    } finally {
      await s.close();
    }
  });
});

describe('PinoNestLogger', () => {
  /** What one framework start-up line and one other Nest message become, per format and level. */
  async function logged(format: 'json' | 'pretty', level: string): Promise<string> {
    const { out, text } = sink();
    const nest = new PinoNestLogger(createLogger('scan-api', level, format, out), format);
    nest.log('AppModule dependencies initialized', 'InstanceLoader');
    nest.log('Mapped {/api/scan/v0/dso, GET} route', 'RouterExplorer');
    nest.log('a message of the app', 'ScanController');
    await settle();
    return text();
  }

  it('keeps the framework start-up lines out of the readable log at info, and shows them at debug', async () => {
    const info = await logged('pretty', 'info');
    expect(info).not.toContain('dependencies initialized');
    expect(info).not.toContain('Mapped');
    expect(info).toContain('ScanController: a message of the app');
    const debug = await logged('pretty', 'debug');
    expect(debug).toContain('InstanceLoader: AppModule dependencies initialized');
    expect(debug).toContain('RouterExplorer: Mapped {/api/scan/v0/dso, GET} route');
  });

  it('keeps every line, at info, in the JSON log', async () => {
    const lines = (await logged('json', 'info'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: number; context: string });
    expect(lines.map((l) => [l.context, l.level])).toEqual([
      ['InstanceLoader', 30],
      ['RouterExplorer', 30],
      ['ScanController', 30],
    ]);
  });
});
