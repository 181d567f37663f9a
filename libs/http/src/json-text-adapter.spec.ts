import { Controller, Get, HttpCode, Module, Post, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import request from 'supertest';
import { JsonText } from '@canton-scan/domain';
import { jsonTextAdapter } from './json-text-adapter';

const TEXT = '{"b":1,"a":"é"}';
/** Over 1,000 characters, multi-byte ones among them. */
const LONG = `[${Array.from({ length: 200 }, () => TEXT).join(',')}]`;

@Controller()
class SampleController {
  @Get('text')
  text(): JsonText<unknown> {
    return new JsonText(TEXT);
  }

  @Get('long')
  long(): JsonText<unknown> {
    return new JsonText(LONG);
  }

  @Post('bytes')
  @HttpCode(200)
  bytes(): JsonText<unknown> {
    return new JsonText(Buffer.from(TEXT, 'utf8'));
  }

  @Get('object')
  object(): { b: number; a: string } {
    return { b: 1, a: 'é' };
  }
}

@Module({ controllers: [SampleController] })
class SampleModule {}

describe('JsonTextExpressAdapter', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await NestFactory.create(SampleModule, jsonTextAdapter(), { logger: false });
    await app.init();
  });
  afterAll(() => app.close());

  it.each([
    ['text', 'get'],
    ['bytes', 'post'],
    ['object', 'get'],
  ] as const)('sends %s as the same JSON bytes, typed and with their length', async (path, method) => {
    const res = await request(app.getHttpServer())[method](`/${path}`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(TEXT)));
    expect(res.text).toBe(TEXT);
  });

  it('sends a long text whole, with its length in bytes', async () => {
    const res = await request(app.getHttpServer()).get('/long').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(LONG)));
    expect(res.text).toBe(LONG);
  });

  it('answers a HEAD with the headers of the GET and no body', async () => {
    const res = await request(app.getHttpServer()).head('/long');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(LONG)));
    expect(res.text ?? '').toBe('');
  });

  it('makes requests and responses with the prototypes express gives them', async () => {
    const express = app.getHttpAdapter().getInstance() as { request: object; response: object };
    const server = app.getHttpServer() as Server;
    const made: object[] = [];
    const before = (req: IncomingMessage, res: ServerResponse) =>
      made.push(Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object);
    server.prependListener('request', before);
    try {
      const res = await request(server).get('/text');
      expect(res.status).toBe(200);
    } finally {
      server.removeListener('request', before);
    }
    expect(made).toHaveLength(2);
    expect(made[0]).toBe(express.request);
    expect(made[1]).toBe(express.response);
    expect(made[0]).toBeInstanceOf(IncomingMessage);
    expect(made[1]).toBeInstanceOf(ServerResponse);
  });
});
