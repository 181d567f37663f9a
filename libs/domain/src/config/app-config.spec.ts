import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('uses the real network defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.scan).toEqual({ port: 5012, prefix: '/api/scan', validatorPrefix: '/api/validator' });
    expect(config.registry).toEqual({ port: 5014, prefix: '/api/scan' });
    expect(config.ledger).toEqual({ port: 7575, prefix: '' });
    expect(config.database.url).toBeUndefined();
    expect(config.database.embeddedDataDir).toBe('./.data/pglite');
    expect(config.bodyLimitBytes).toBe(1024 * 1024);
    expect(config.logLevel).toBe('info');
    expect(config.snapshotIntervalHours).toBe(3);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        SCAN_PORT: 'abc',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        BODY_LIMIT: 'huge',
        SCAN_PREFIX: 'api',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['SCAN_PORT', 'LOG_LEVEL', 'DATABASE_URL', 'BODY_LIMIT', 'SCAN_PREFIX']) {
      expect(problems).toContain(name);
    }
  });

  it('parses sizes, prefixes and the database url', () => {
    const config = loadConfig({
      BODY_LIMIT: '64kb',
      LEDGER_PREFIX: '/ledger',
      DATABASE_URL: 'postgres://u@h:5/db',
    });
    expect(config.bodyLimitBytes).toBe(65536);
    expect(config.ledger.prefix).toBe('/ledger');
    expect(config.database.url).toBe('postgres://u@h:5/db');
  });

  it('returns a frozen object', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.scan)).toBe(true);
  });
});
