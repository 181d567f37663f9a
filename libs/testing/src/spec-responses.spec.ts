import type { OpenApiDocument } from '@canton-scan/contracts';
import { expectResponseMatchesSpec } from './spec-responses';

const document: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/x': {
      get: {
        operationId: 'getX',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/X' } } },
          },
          '400': { $ref: '#/components/responses/Bad' },
        },
      },
    },
  },
  components: {
    schemas: {
      X: { type: 'object', required: ['n'], properties: { n: { type: 'integer', format: 'int64' } } },
    },
    responses: { Bad: { description: 'bad', content: { 'text/plain': { schema: { type: 'string' } } } } },
  },
};

describe('expectResponseMatchesSpec', () => {
  it('accepts a declared status with a matching body', () => {
    expect(() =>
      expectResponseMatchesSpec(document, 'getX', {
        status: 200,
        contentType: 'application/json; charset=utf-8',
        body: { n: 1 },
      }),
    ).not.toThrow();
    expect(() =>
      expectResponseMatchesSpec(document, 'getX', { status: 400, contentType: 'text/plain', body: 'bad id' }),
    ).not.toThrow();
  });

  it('rejects bodies that do not match, undeclared statuses and wrong content types', () => {
    expect(() =>
      expectResponseMatchesSpec(document, 'getX', {
        status: 200,
        contentType: 'application/json',
        body: { n: 'one' },
      }),
    ).toThrow(/does not match/);
    expect(() =>
      expectResponseMatchesSpec(document, 'getX', { status: 200, contentType: 'application/json', body: {} }),
    ).toThrow(/does not match/);
    expect(() =>
      expectResponseMatchesSpec(document, 'getX', { status: 404, contentType: 'application/json', body: {} }),
    ).toThrow(/does not declare status 404/);
    expect(() =>
      expectResponseMatchesSpec(document, 'getX', {
        status: 400,
        contentType: 'application/json',
        body: 'x',
      }),
    ).toThrow(/answered application\/json/);
    expect(() => expectResponseMatchesSpec(document, 'nope', { status: 200, body: {} })).toThrow(/not in t/);
  });
});
