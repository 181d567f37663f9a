import { Controller, Get, HttpException, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import { jsonErrorResponder } from './errors/error-responder';
import { GroupExceptionFilter } from './errors/group-exception-filter';
import { JSON_ARRAY_PIECE_CHARS, JsonArrayStream } from './json-array-stream';
import { jsonTextAdapter } from './json-text-adapter';

/** Items with what JSON escapes (quotes, backslashes, control characters, non-ASCII). */
function item(i: number): { n: number; text: string; nested: { ok: boolean; none: null } } {
  return { n: i, text: `"é\\\n\u0001 ${'x'.repeat(i % 97)}`, nested: { ok: i % 2 === 0, none: null } };
}
const LONG = Array.from({ length: 2000 }, (_, i) => item(i));
const SHORT = LONG.slice(0, 3);

async function* produce<T>(items: T[], failAfter?: number): AsyncGenerator<T> {
  for (const [i, value] of items.entries()) {
    if (i === failAfter) throw new Error('the store went away');
    await Promise.resolve();
    yield value;
  }
  if (failAfter === items.length) throw new HttpException('conflict before anything was sent', 409);
}

/** What a slow client's answer pulled, and whether its iteration ended (its `finally` ran). */
const slow = { pulled: 0, ended: undefined as Promise<void> | undefined };

@Controller()
class SampleController {
  @Get('long')
  long(): JsonArrayStream<unknown> {
    return new JsonArrayStream(produce(LONG));
  }

  @Get('short')
  short(): JsonArrayStream<unknown> {
    return new JsonArrayStream(produce(SHORT));
  }

  @Get('empty')
  empty(): JsonArrayStream<unknown> {
    return new JsonArrayStream(produce([]));
  }

  @Get('fails-early')
  failsEarly(): JsonArrayStream<unknown> {
    return new JsonArrayStream(produce(SHORT, SHORT.length));
  }

  @Get('fails-late')
  failsLate(): JsonArrayStream<unknown> {
    return new JsonArrayStream(produce(LONG, LONG.length - 1));
  }

  @Get('endless')
  endless(): JsonArrayStream<unknown> {
    let ended!: () => void;
    slow.pulled = 0;
    slow.ended = new Promise((resolve) => (ended = resolve));
    const big = 'y'.repeat(1024);
    return new JsonArrayStream(
      (async function* () {
        try {
          // 100 MiB if nothing held it back.
          for (let i = 0; i < 100_000; i++) {
            slow.pulled++;
            await Promise.resolve();
            yield { i, big };
          }
        } finally {
          ended();
        }
      })(),
    );
  }
}

@Module({ controllers: [SampleController] })
class SampleModule {}

/** A raw GET: the status, the body as far as it came, and whether the answer completed. */
function rawGet(base: string, path: string): Promise<{ status: number; body: string; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, complete: true }));
      res.on('aborted', () => resolve({ status: res.statusCode!, body, complete: false }));
      res.on('error', () => resolve({ status: res.statusCode!, body, complete: false }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('JsonArrayStream (written by writeJsonArray)', () => {
  let app: INestApplication;
  let base: string;
  const logged: unknown[] = [];

  beforeAll(async () => {
    app = await NestFactory.create(SampleModule, jsonTextAdapter(), { logger: false });
    const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    app.useGlobalFilters(new GroupExceptionFilter(() => jsonErrorResponder, logger, 'test'));
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('writes a long list in pieces, byte for byte what res.json sends, typed, without a length', async () => {
    expect(JSON.stringify(LONG).length).toBeGreaterThan(4 * JSON_ARRAY_PIECE_CHARS);
    const res = await request(app.getHttpServer()).get('/long').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.text).toBe(JSON.stringify(LONG));
  });

  it.each([
    ['short', SHORT],
    ['empty', []],
  ])('sends a %s list that fits one piece at once, with its length', async (path, items) => {
    const res = await request(app.getHttpServer()).get(`/${path}`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(items))));
    expect(res.text).toBe(JSON.stringify(items));
  });

  it('answers an error before the first piece with its status', async () => {
    const res = await request(app.getHttpServer()).get('/fails-early');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'conflict before anything was sent' });
  });

  it('cuts the connection on an error after the first piece: the client never gets a complete list', async () => {
    logged.length = 0;
    const answer = await rawGet(base, '/fails-late');
    expect(answer.status).toBe(200);
    expect(answer.complete).toBe(false);
    expect(answer.body.startsWith('[{"n":0,')).toBe(true);
    expect(() => JSON.parse(answer.body) as unknown).toThrow();
    expect(logged).toEqual([
      expect.objectContaining({
        msg: 'error after the answer started: connection cut',
        correlationId: expect.any(String) as string,
      }),
    ]);
  });

  it('pulls no further while the client does not read, and ends the items once it has gone', async () => {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(`${base}/endless`, resolve);
      req.on('error', reject);
      req.end();
    });
    res.pause();
    // Wait for the writer to stall on the unread socket (the count stops moving).
    let seen = -1;
    while (slow.pulled !== seen) {
      seen = slow.pulled;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The socket's buffers hold some MiB of the 100 MiB; the rest was not pulled.
    expect(slow.pulled).toBeLessThan(50_000);
    res.destroy();
    await slow.ended;
    expect(slow.pulled).toBeLessThan(50_000);
  });
});
