import { DEVELOPMENT_MODE_WARNING, loadConfig } from '@canton-scan/domain';
import { loadConfigOrExit, warnIfDevelopmentMode } from './bootstrap';

describe('app start-up authentication', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.restoreAllMocks();
  });

  it('ends the process, naming the AUTH_* variables, when an app has no key and no development mode', () => {
    for (const name of Object.keys(process.env)) if (name.startsWith('AUTH_')) delete process.env[name];
    const exit = jest.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => loadConfigOrExit({ requireAuth: true })).toThrow('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    expect(String(error.mock.calls[0][0])).toMatch(
      /AUTH_HS256_SECRET, AUTH_PUBLIC_KEY_FILE, AUTH_JWKS_URL, or AUTH_DEV_MODE=true/,
    );
  });

  it('ends the process, naming the file, when AUTH_PUBLIC_KEY_FILE cannot be read', () => {
    process.env = { ...saved, AUTH_PUBLIC_KEY_FILE: '/nonexistent/ledger-jwt.pem' };
    for (const name of ['AUTH_HS256_SECRET', 'AUTH_JWKS_URL']) delete process.env[name];
    jest.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => loadConfigOrExit({ requireAuth: true })).toThrow('exit 1');
    expect(String(error.mock.calls[0][0])).toContain(
      'AUTH_PUBLIC_KEY_FILE /nonexistent/ledger-jwt.pem is not a readable PEM public key or X.509 certificate',
    );
  });

  it('starts with AUTH_DEV_MODE=true and warns at every start', () => {
    process.env = { ...saved, AUTH_DEV_MODE: 'true' };
    for (const name of ['AUTH_HS256_SECRET', 'AUTH_PUBLIC_KEY_FILE', 'AUTH_JWKS_URL'])
      delete process.env[name];
    const config = loadConfigOrExit({ requireAuth: true });
    const warn = jest.fn();
    warnIfDevelopmentMode(config, { warn });
    expect(warn).toHaveBeenCalledWith(DEVELOPMENT_MODE_WARNING);
    expect(DEVELOPMENT_MODE_WARNING).toContain('development secret');
  });

  it('leaves the warning to a launcher that prints it once (AUTH_DEV_MODE_WARNING=false), and refuses a bad value', () => {
    const warn = jest.fn();
    warnIfDevelopmentMode(loadConfig({ AUTH_DEV_MODE: 'true', AUTH_DEV_MODE_WARNING: 'false' }), { warn });
    expect(warn).not.toHaveBeenCalled();
    expect(() => loadConfig({ AUTH_DEV_MODE: 'true', AUTH_DEV_MODE_WARNING: 'maybe' })).toThrow(
      /AUTH_DEV_MODE_WARNING/,
    );
  });

  it('does not warn when a key is configured', () => {
    const warn = jest.fn();
    warnIfDevelopmentMode(loadConfig({ AUTH_HS256_SECRET: 'k'.repeat(32), AUTH_DEV_MODE: 'true' }), { warn });
    expect(warn).not.toHaveBeenCalled();
  });
});
