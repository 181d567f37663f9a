import {
  ConfigError,
  DEVELOPMENT_HS256_SECRET,
  developmentAuthDefault,
  loadConfig,
  requireMirrorScanUrls,
  missingAuthKeyProblem,
} from './app-config';

const problemsOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.join('\n');
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('uses the real network defaults when nothing is set', () => {
    const config = loadConfig({});
    const http = {
      bodyLimitBytes: 1024 * 1024,
      realm: 'canton-scan-stack',
      rateLimits: [],
      trustProxy: false,
    };
    expect(config.scanApi).toEqual({
      port: 5012,
      prefix: '/api/scan',
      validatorPrefix: '/api/validator',
      publicUrl: 'http://localhost:5012',
      ui: { enabled: true, dir: undefined },
      forcedAcsSnapshots: false,
      ...http,
    });
    expect(config.registryApi).toEqual({ port: 5014, prefix: '/api/scan', ...http });
    expect(config.ledgerApi).toEqual({ port: 7575, prefix: '', wsFirstMessageTimeoutMs: 10_000, ...http });
    expect(config.database.url).toBeUndefined();
    expect(config.database.embeddedDataDir).toBe('./.data/pglite');
    expect(config.logLevel).toBe('info');
    expect(config.logFormat).toBe('json');
    expect(config.snapshotIntervalHours).toBe(3);
  });

  it('keeps HTTP settings out of the domain settings', () => {
    const config = loadConfig({});
    for (const old of ['bodyLimitBytes', 'scan', 'registry', 'ledger'])
      expect(config).not.toHaveProperty(old);
    expect(config.auth).not.toHaveProperty('realm');
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
        VALIDATOR_PREFIX: 'validator/',
        REGISTRY_PORT: '70000',
        REGISTRY_PREFIX: 'x y',
        LEDGER_PORT: '-1',
        LEDGER_PREFIX: 'ledger',
        LEDGER_WS_FIRST_MSG_TIMEOUT_MS: '0',
        RATE_LIMITS: 'scan:/x=fast',
        TRUST_PROXY: 'maybe',
        SCAN_PUBLIC_URL: 'scan.example.com',
        SCAN_UI_ENABLED: 'sometimes',
        LOG_FORMAT: 'fancy',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems } = error as ConfigError;
    for (const name of [
      'SCAN_PORT',
      'LOG_LEVEL',
      'DATABASE_URL',
      'BODY_LIMIT',
      'SCAN_PREFIX',
      'VALIDATOR_PREFIX',
      'REGISTRY_PORT',
      'REGISTRY_PREFIX',
      'LEDGER_PORT',
      'LEDGER_PREFIX',
      'LEDGER_WS_FIRST_MSG_TIMEOUT_MS',
      'RATE_LIMITS',
      'TRUST_PROXY',
      'SCAN_PUBLIC_URL',
      'SCAN_UI_ENABLED',
      'LOG_FORMAT',
    ]) {
      expect(problems.join('\n')).toContain(name);
    }
    // A variable shared by every app's slice is reported once.
    expect(problems.filter((p) => p.startsWith('BODY_LIMIT'))).toHaveLength(1);
  });

  it("takes the scan's public URL from SCAN_PUBLIC_URL without its trailing slash, else from SCAN_PORT", () => {
    expect(loadConfig({ SCAN_PUBLIC_URL: 'https://scan.sv-1.example.com/' }).scanApi.publicUrl).toBe(
      'https://scan.sv-1.example.com',
    );
    expect(loadConfig({ SCAN_PORT: '7012' }).scanApi.publicUrl).toBe('http://localhost:7012');
    expect(problemsOf(() => loadConfig({ SCAN_PUBLIC_URL: 'ftp://scan.example.com' }))).toMatch(
      /SCAN_PUBLIC_URL must use http: or https:/,
    );
  });

  it('parses sizes, prefixes and the database url', () => {
    const config = loadConfig({
      BODY_LIMIT: '64kb',
      LEDGER_PREFIX: '/ledger',
      DATABASE_URL: 'postgres://u@h:5/db',
    });
    expect(config.ledgerApi.bodyLimitBytes).toBe(65536);
    expect(config.ledgerApi.prefix).toBe('/ledger');
    expect(config.database.url).toBe('postgres://u@h:5/db');
  });

  it("puts each app's HTTP settings in its own slice", () => {
    const config = loadConfig({
      SCAN_PORT: '6000',
      SCAN_PREFIX: '/scan',
      VALIDATOR_PREFIX: '/',
      SCAN_UI_ENABLED: 'false',
      SCAN_UI_DIR: '/srv/scan-ui',
      SCAN_FORCED_ACS_SNAPSHOTS: 'true',
      REGISTRY_PORT: '6001',
      REGISTRY_PREFIX: '/registry',
      LEDGER_PORT: '6002',
      LEDGER_PREFIX: '/ledger/v',
      LEDGER_WS_FIRST_MSG_TIMEOUT_MS: '2500',
      BODY_LIMIT: '2mb',
      AUTH_REALM: 'wallets',
      RATE_LIMITS: 'ledger:*=5/s',
      TRUST_PROXY: '1',
    });
    const http = {
      bodyLimitBytes: 2 * 1024 * 1024,
      realm: 'wallets',
      rateLimits: [expect.objectContaining({ group: 'ledger', tokensPerSecond: 5 })],
      trustProxy: 1,
    };
    expect(config.scanApi).toEqual({
      port: 6000,
      prefix: '/scan',
      validatorPrefix: '',
      publicUrl: 'http://localhost:6000',
      ui: { enabled: false, dir: '/srv/scan-ui' },
      forcedAcsSnapshots: true,
      ...http,
    });
    expect(config.registryApi).toEqual({ port: 6001, prefix: '/registry', ...http });
    expect(config.ledgerApi).toEqual({
      port: 6002,
      prefix: '/ledger/v',
      wsFirstMessageTimeoutMs: 2500,
      ...http,
    });
  });

  it('takes only divisors of 24 as SNAPSHOT_INTERVAL_HOURS, naming the variable and the allowed values', () => {
    for (const hours of [1, 2, 3, 4, 6, 8, 12, 24])
      expect(loadConfig({ SNAPSHOT_INTERVAL_HOURS: String(hours) }).snapshotIntervalHours).toBe(hours);
    for (const bad of ['5', '7', '9', '10', '16', '0', '25', '-3'])
      expect(problemsOf(() => loadConfig({ SNAPSHOT_INTERVAL_HOURS: bad }))).toBe(
        `SNAPSHOT_INTERVAL_HOURS must divide 24 (one of 1, 2, 3, 4, 6, 8, 12, 24), got ${Number(bad)}`,
      );
  });

  it('runs the simulated network live on 600-second ticks by default; SIMULATION_TICK_SECONDS and SIMULATION_LIVE change it', () => {
    expect(loadConfig({}).simulation).toEqual({ live: true, tickSeconds: 600 });
    expect(loadConfig({ SIMULATION_LIVE: 'false', SIMULATION_TICK_SECONDS: '2' }).simulation).toEqual({
      live: false,
      tickSeconds: 2,
    });
    expect(problemsOf(() => loadConfig({ SIMULATION_LIVE: 'sometimes', SIMULATION_TICK_SECONDS: '0' }))).toBe(
      [
        'SIMULATION_LIVE must be true or false, got "sometimes"',
        'SIMULATION_TICK_SECONDS must be between 1 and 86400, got 0',
      ].join('\n'),
    );
  });

  it('takes the validator operator from VALIDATOR_USER (else SV_USER) and a party-id VALIDATOR_PARTY_ID', () => {
    expect(loadConfig({}).validator).toEqual({ user: 'sv1', partyId: undefined });
    expect(loadConfig({ SV_USER: 'sv-7' }).validator.user).toBe('sv-7');
    const party = 'validator-1::1220' + 'ab'.repeat(32);
    expect(loadConfig({ VALIDATOR_USER: 'op', VALIDATOR_PARTY_ID: party }).validator).toEqual({
      user: 'op',
      partyId: party,
    });
    for (const bad of ['validator-1', 'a b::1220ab', '::1220ab', 'validator::xyz'])
      expect(problemsOf(() => loadConfig({ VALIDATOR_PARTY_ID: bad }))).toContain(
        'VALIDATOR_PARTY_ID must be a party id',
      );
  });

  it('returns a frozen object', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    for (const slice of [config.scanApi, config.registryApi, config.ledgerApi]) {
      expect(Object.isFrozen(slice)).toBe(true);
    }
  });

  describe('authentication', () => {
    const KEY_VARIABLES = /AUTH_HS256_SECRET, AUTH_PUBLIC_KEY_FILE, AUTH_JWKS_URL, or AUTH_DEV_MODE=true/;

    it('never falls back to the development secret silently', () => {
      const { auth } = loadConfig({});
      expect(auth).toMatchObject({ hs256Secret: undefined, usingDevelopmentSecret: false });
      expect(missingAuthKeyProblem(auth)).toMatch(KEY_VARIABLES);
    });

    it('refuses, naming the variables, when tokens must be verified and no AUTH_* key is set', () => {
      expect(problemsOf(() => loadConfig({}, { requireAuth: true }))).toMatch(KEY_VARIABLES);
      expect(problemsOf(() => loadConfig({ AUTH_DEV_MODE: 'false' }, { requireAuth: true }))).toMatch(
        KEY_VARIABLES,
      );
    });

    it('uses the development secret only with AUTH_DEV_MODE=true', () => {
      const { auth } = loadConfig({ AUTH_DEV_MODE: 'true' }, { requireAuth: true });
      expect(auth).toMatchObject({ hs256Secret: DEVELOPMENT_HS256_SECRET, usingDevelopmentSecret: true });
    });

    it.each([
      ['AUTH_HS256_SECRET', 's'.repeat(32)],
      ['AUTH_PUBLIC_KEY_FILE', '/etc/ledger/jwt.pem'],
      ['AUTH_JWKS_URL', 'https://idp.example/jwks'],
    ])('accepts %s alone, and a configured key wins over AUTH_DEV_MODE', (name, value) => {
      for (const env of [{ [name]: value }, { [name]: value, AUTH_DEV_MODE: 'true' }]) {
        const { auth } = loadConfig(env, { requireAuth: true });
        expect(auth.usingDevelopmentSecret).toBe(false);
        expect(auth.hs256Secret).toBe(name === 'AUTH_HS256_SECRET' ? value : undefined);
      }
    });

    it('refuses the published development secret as AUTH_HS256_SECRET', () => {
      expect(problemsOf(() => loadConfig({ AUTH_HS256_SECRET: DEVELOPMENT_HS256_SECRET }))).toContain(
        'AUTH_HS256_SECRET must not be the development secret',
      );
    });

    it('has a 30 s clock skew and a 30-day maximum token lifetime by default, both settable', () => {
      expect(loadConfig({}).auth).toMatchObject({ clockSkewSeconds: 30, maxTokenLifetimeSeconds: 2592000 });
      expect(
        loadConfig({ AUTH_CLOCK_SKEW_SECONDS: '5', AUTH_MAX_TOKEN_LIFETIME_SECONDS: '3600' }).auth,
      ).toMatchObject({ clockSkewSeconds: 5, maxTokenLifetimeSeconds: 3600 });
    });

    it('names every bad authentication variable', () => {
      const problems = problemsOf(() =>
        loadConfig({
          AUTH_DEV_MODE: 'maybe',
          AUTH_CLOCK_SKEW_SECONDS: '-1',
          AUTH_MAX_TOKEN_LIFETIME_SECONDS: 'forever',
          AUTH_HS256_SECRET: 'short',
          AUTH_JWKS_URL: 'ftp://idp',
        }),
      );
      for (const name of [
        'AUTH_DEV_MODE',
        'AUTH_CLOCK_SKEW_SECONDS',
        'AUTH_MAX_TOKEN_LIFETIME_SECONDS',
        'AUTH_HS256_SECRET',
        'AUTH_JWKS_URL',
      ])
        expect(problems).toContain(name);
    });

    it('gives npm start development mode only when no AUTH_* key and no AUTH_DEV_MODE is set', () => {
      expect(developmentAuthDefault({})).toEqual({ AUTH_DEV_MODE: 'true' });
      expect(developmentAuthDefault({ AUTH_HS256_SECRET: 's'.repeat(32) })).toEqual({});
      expect(developmentAuthDefault({ AUTH_JWKS_URL: 'https://idp.example/jwks' })).toEqual({});
      expect(developmentAuthDefault({ AUTH_PUBLIC_KEY_FILE: '/k.pem' })).toEqual({});
      expect(developmentAuthDefault({ AUTH_DEV_MODE: 'false' })).toEqual({});
    });
  });
});

describe('the scanMirror slice', () => {
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return [...(error as ConfigError).problems];
    }
    return [];
  };

  it('has its own port and defaults, and no peers unless MIRROR_SCAN_URLS is set', () => {
    const { scanMirror } = loadConfig({});
    expect(scanMirror).toEqual({
      port: 5016,
      bodyLimitBytes: 1024 * 1024,
      realm: 'canton-scan-stack',
      rateLimits: [],
      trustProxy: false,
      scanUrls: [],
      pageSize: 500,
      readyLagSeconds: 60,
      trafficIntervalSeconds: 300,
      hosting: true,
      stateConcurrency: 4,
      parallelMigrations: false,
    });
    const config = loadConfig({});
    expect(new Set([config.scanApi.port, config.registryApi.port, config.ledgerApi.port])).not.toContain(
      scanMirror.port,
    );
  });

  it('reads comma-separated peer URLs (spaces and trailing slashes dropped) and the other variables', () => {
    const { scanMirror } = loadConfig({
      MIRROR_SCAN_URLS: ' http://127.0.0.1:5012/api/scan/ , https://scan.sv-2.example.com/api/scan',
      MIRROR_PAGE_SIZE: '100',
      MIRROR_READY_LAG_SECONDS: '5',
      MIRROR_PORT: '6100',
      MIRROR_TRAFFIC_INTERVAL_SECONDS: '0',
      MIRROR_HOSTING: 'false',
      MIRROR_STATE_CONCURRENCY: '16',
      MIRROR_PARALLEL_MIGRATIONS: 'true',
    });
    expect(scanMirror.scanUrls).toEqual([
      'http://127.0.0.1:5012/api/scan',
      'https://scan.sv-2.example.com/api/scan',
    ]);
    expect(scanMirror).toMatchObject({
      pageSize: 100,
      readyLagSeconds: 5,
      port: 6100,
      trafficIntervalSeconds: 0,
      hosting: false,
      stateConcurrency: 16,
      parallelMigrations: true,
    });
  });

  it.each([
    ['not a URL', { MIRROR_SCAN_URLS: 'scan.example.com/api/scan' }, 'is not a URL'],
    ['a non-HTTP URL', { MIRROR_SCAN_URLS: 'ftp://scan.example.com/api/scan' }, 'must use http: or https:'],
    ['only commas', { MIRROR_SCAN_URLS: ' , ' }, 'at least one URL'],
    ['a URL twice', { MIRROR_SCAN_URLS: 'http://a/api/scan,http://a/api/scan/' }, 'more than once'],
    ['a page size over 1000', { MIRROR_PAGE_SIZE: '5000' }, 'MIRROR_PAGE_SIZE must be between 1 and 1000'],
    ['a negative lag', { MIRROR_READY_LAG_SECONDS: '-1' }, 'MIRROR_READY_LAG_SECONDS must be between'],
    ['a bad port', { MIRROR_PORT: 'x' }, 'MIRROR_PORT must be an integer'],
    ['no concurrency', { MIRROR_STATE_CONCURRENCY: '0' }, 'MIRROR_STATE_CONCURRENCY must be between'],
    ['a traffic interval over a day', { MIRROR_TRAFFIC_INTERVAL_SECONDS: '90000' }, 'must be between'],
  ])('is a ConfigError naming the variable for %s', (_, env, text) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(Object.keys(env)[0]);
    expect(problems[0]).toContain(text);
  });

  it('is required by the mirror app only: requireMirrorScanUrls is a ConfigError naming MIRROR_SCAN_URLS', () => {
    const config = loadConfig({});
    expect(() => requireMirrorScanUrls(config)).toThrow(ConfigError);
    expect(() => requireMirrorScanUrls(config)).toThrow(/MIRROR_SCAN_URLS must be set/);
    expect(requireMirrorScanUrls(loadConfig({ MIRROR_SCAN_URLS: 'http://a:1/api/scan' }))).toEqual([
      'http://a:1/api/scan',
    ]);
  });
});
