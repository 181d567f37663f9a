import type { OpenApiDocument } from '@canton-scan/contracts';
import { OpenApiRequestValidator } from './openapi-validator';

const document: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'integer', format: 'int64', minimum: 1 },
          },
          {
            name: 'tags',
            in: 'query',
            required: true,
            schema: { type: 'array', items: { type: 'string' }, minItems: 1 },
          },
          { name: 'verbose', in: 'query', schema: { type: 'boolean', default: false } },
        ],
      },
    },
    '/items': {
      post: {
        operationId: 'createItem',
        requestBody: { $ref: '#/components/requestBodies/Create' },
      },
    },
  },
  components: {
    requestBodies: {
      Create: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
      },
    },
    schemas: {
      Item: {
        type: 'object',
        required: ['name', 'kind'],
        properties: {
          name: { type: 'string' },
          kind: { type: 'string', enum: ['a', 'b'] },
          at: { type: 'string', format: 'date-time' },
          size: { type: 'integer', format: 'int32', minimum: 1 },
        },
      },
    },
  },
};

describe('OpenApiRequestValidator', () => {
  const validator = new OpenApiRequestValidator(document);
  const run = (method: string, path: string, query: Record<string, unknown>, body?: unknown) => {
    const { operation, params } = validator.match(method, path);
    if (!operation) throw new Error('no operation');
    return validator.validate(operation, params, query, body, body !== undefined);
  };

  it('coerces path and query parameters, wraps single values into arrays and applies defaults', () => {
    expect(run('GET', '/items/42', { tags: 'x' })).toEqual({
      input: {
        operationId: 'getItem',
        path: { id: 42 },
        query: { tags: ['x'], verbose: false },
        body: undefined,
      },
    });
  });

  it('names the parameter and the problem', () => {
    expect(run('GET', '/items/0', { tags: 'x' })).toEqual({ error: 'path.id must be >= 1' });
    expect(run('GET', '/items/abc', { tags: 'x' })).toEqual({ error: 'path.id must be of type integer' });
    expect(run('GET', '/items/1', {})).toEqual({ error: 'query.tags is required' });
    expect(run('GET', '/items/1', { tags: 'x', verbose: 'perhaps' })).toEqual({
      error: 'query.verbose must be of type boolean',
    });
  });

  it('rejects int64 values beyond 2^63', () => {
    expect(run('GET', '/items/99999999999999999999', { tags: 'x' })).toEqual({
      error: expect.stringContaining('path.id must be a valid int64'),
    });
  });

  it('tells an int64 beyond 2^53 (which JSON numbers cannot carry exactly) from one that is no int64', () => {
    const beyond = run('GET', '/items/9007199254740993', { tags: 'x' });
    expect(beyond).toEqual({ error: expect.stringContaining('path.id is beyond 2^53-1 (9007199254740991)') });
    expect(beyond).toEqual({ error: expect.not.stringContaining('must be a valid int64') });
    expect(run('GET', '/items/9007199254740991', { tags: 'x' })).toEqual({ input: expect.anything() });
  });

  it.each([
    ['0000-01-01T00:00:00Z', 'year 0000, which PostgreSQL does not have'],
    ['0001-01-01T00:00:00+01:00', 'an instant before 0001-01-01 UTC'],
    ['2026-06-30T23:59:60Z', 'a leap second'],
    ['2026-02-30T00:00:00Z', 'a day the month does not have'],
  ])('refuses the date-time %s (%s), naming the field', (at) => {
    expect(run('POST', '/items', {}, { name: 'n', kind: 'a', at })).toEqual({
      error: expect.stringContaining(
        'body.at must be a valid date-time (ISO-8601 with time zone, from 0001-01-01',
      ),
    });
  });

  it.each(['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999999Z', '2026-01-05T10:00:00.1234567+05:30'])(
    'takes the date-time %s',
    (at) =>
      expect(run('POST', '/items', {}, { name: 'n', kind: 'a', at })).toEqual({ input: expect.anything() }),
  );

  it('refuses NUL characters anywhere in the input, naming where', () => {
    const nul = (where: string) => ({
      error: `${where} must not contain the NUL character (\\u0000), which PostgreSQL text cannot hold`,
    });
    expect(run('POST', '/items', {}, { name: 'a\u0000b', kind: 'a' })).toEqual(nul('body.name'));
    expect(run('POST', '/items', {}, { name: 'n', kind: 'a', extra: { 'k\u0000': 1 } })).toEqual(
      nul('body.extra member name "k\\u0000"'),
    );
    expect(run('GET', '/items/1', { tags: ['x', 'y\u0000'] })).toEqual(nul('query.tags[1]'));
  });

  // Found by the fuzz test: `GET /livez?%00=x` was a 400 the operation does not declare.
  it('ignores NUL characters in query parameters the operation does not declare (never read)', () => {
    expect(run('GET', '/items/1', { tags: ['x'], 'a\u0000': 'b\u0000' })).toEqual({
      input: expect.anything(),
    });
  });

  it('validates bodies through $ref request bodies without coercion', () => {
    expect(run('POST', '/items', {}, { name: 'n', kind: 'a' })).toEqual({
      input: { operationId: 'createItem', path: {}, query: {}, body: { name: 'n', kind: 'a' } },
    });
    expect(run('POST', '/items', {}, { name: 'n' })).toEqual({ error: 'body.kind is required' });
    expect(run('POST', '/items', {}, { name: 'n', kind: 'c' })).toEqual({
      error: 'body.kind must be one of "a", "b"',
    });
    expect(run('POST', '/items', {}, { name: 'n', kind: 'a', size: '3' })).toEqual({
      error: 'body.size must be of type integer',
    });
    expect(run('POST', '/items', {}, { name: 'n', kind: 'a', at: '2026-13-01' })).toEqual({
      error: expect.stringContaining('body.at must be a valid date-time'),
    });
    expect(run('POST', '/items', {}, undefined)).toEqual({
      error: 'request body is required (application/json)',
    });
  });

  it('tells unknown paths from unsupported methods', () => {
    expect(validator.match('GET', '/nothing')).toEqual({ pathExists: false, params: {} });
    expect(validator.match('DELETE', '/items').pathExists).toBe(true);
    expect(validator.allowedMethods('/items')).toEqual(['POST']);
  });
});
