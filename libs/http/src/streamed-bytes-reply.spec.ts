import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { JsonText, StreamedBytes } from '@canton-scan/domain';
import { jsonErrorResponder } from './errors/error-responder';
import { GroupExceptionFilter } from './errors/group-exception-filter';
import { jsonTextAdapter } from './json-text-adapter';

/** JSON with multi-byte characters, cut below in the middle of one of them. */
const BODY = Buffer.from(
  `{"items":[${Array.from({ length: 500 }, (_, i) => `"é€😀 ${i}"`).join(',')}]}`,
  'utf8',
);
const CUT = 4001;

/** The body the current request is answered with, fed by the test. */
let current: StreamedBytes;

@Controller()
class SampleController {
  @Get('streamed')
  streamed(): JsonText<unknown> {
    return new JsonText(current);
  }
}

@Module({ controllers: [SampleController] })
class SampleModule {}

/** A raw GET whose body is collected as bytes; `onFirst` is called when the first bytes come. */
function rawGet(
  url: string,
  method = 'GET',
  onFirst: () => void = () => undefined,
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method }, (res: IncomingMessage) => {
      const parts: Buffer[] = [];
      const done = (complete: boolean) =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts), complete });
      res.on('data', (chunk: Buffer) => {
        if (parts.length === 0) onFirst();
        parts.push(chunk);
      });
      res.on('end', () => done(true));
      res.on('aborted', () => done(false));
      res.on('error', () => done(false));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a streamed JsonText (writeStreamedBytes)', () => {
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

  it('sends the bytes on as they arrive, whole, typed and with their length', async () => {
    current = new StreamedBytes(BODY.length);
    current.push(BODY.subarray(0, CUT));
    // The rest comes only once the client has the first bytes: a reply that waited for the whole
    // value would never start.
    const feed = current;
    const answer = await rawGet(`${base}/streamed`, 'GET', () => {
      feed.push(BODY.subarray(CUT));
      feed.end();
    });
    expect(answer.status).toBe(200);
    expect(answer.complete).toBe(true);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['content-length']).toBe(String(BODY.length));
    expect(answer.body.equals(BODY)).toBe(true);
  });

  it('answers a HEAD with the headers and no body', async () => {
    current = StreamedBytes.of(BODY);
    const answer = await rawGet(`${base}/streamed`, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-length']).toBe(String(BODY.length));
    expect(answer.body.length).toBe(0);
  });

  it('cuts the connection when the bytes stop part-way: the client never gets a complete body', async () => {
    logged.length = 0;
    current = new StreamedBytes(BODY.length);
    current.push(BODY.subarray(0, CUT));
    const feed = current;
    const answer = await rawGet(`${base}/streamed`, 'GET', () =>
      feed.fail(new Error('connection to PostgreSQL lost')),
    );
    expect(answer.status).toBe(200);
    expect(answer.complete).toBe(false);
    expect(answer.body.equals(BODY.subarray(0, CUT))).toBe(true);
    expect(logged).toEqual([
      expect.objectContaining({ msg: 'error after the answer started: connection cut' }),
    ]);
  });
});
