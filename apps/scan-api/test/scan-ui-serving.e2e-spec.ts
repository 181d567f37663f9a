import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, useTestDatabase, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** Serving of the explorer's static build at `/` (a stand-in build: the files' content does not matter). */
describe('scan-api serving the explorer UI', () => {
  const db = useTestDatabase();
  let dir: string;
  let running: RunningTestApp;
  const INDEX = '<!doctype html><title>explorer</title><div id="root"></div>';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scan-ui-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets/index-Ab12Cd34.js'), 'console.log(1)');
    writeFileSync(join(dir, '.vite/manifest.json'), '{}');
    // Files under the API's, the docs' and the health paths are never looked up, let alone served.
    mkdirSync(join(dir, 'api/scan/v2/updates'), { recursive: true });
    writeFileSync(join(dir, 'api/scan/v2/updates/abc0'), 'a file, not the API');
    writeFileSync(join(dir, 'livez'), 'a file, not the health check');
    running = await startTestApp(createScanApp, db.dataSource, { SCAN_UI_DIR: dir });
  });
  afterAll(async () => {
    await running.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (path: string, init?: RequestInit) => fetch(`${running.origin}${path}`, init);

  it('serves index.html at / and for every deep link, revalidated on each load', async () => {
    for (const path of [
      '/',
      '/updates',
      '/updates/1220abcd',
      '/parties/alice%3A%3A1220ab',
      '/acs?at=2026-01-01',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('serves hashed assets with a year-long immutable cache, and a missing asset is a 404', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log(1)');
    expect((await get('/assets/index-gone.js')).status).toBe(404);
    expect((await get('/.vite/manifest.json')).status).toBe(404);
  });

  it('leaves the API, the docs, the health and metrics endpoints as they were', async () => {
    const api = await get('/api/scan/v0/no-such-endpoint');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: expect.any(String) });
    const update = await get('/api/scan/v2/updates/no-such-update');
    expect(update.headers.get('content-type')).toMatch(/^application\/json/);
    const shadowed = await get('/api/scan/v2/updates/abc0');
    expect(shadowed.status).toBe(404);
    expect(await shadowed.json()).toEqual({ error: expect.stringContaining('abc0') });
    expect(await (await get('/livez')).text()).not.toContain('a file');
    expect((await get('/api/validator/v0/no-such-endpoint')).headers.get('content-type')).toMatch(/json/);
    const docs = await get('/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).not.toBe(INDEX);
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('# HELP');
  });

  it('answers only GET and HEAD with the app', async () => {
    expect((await get('/updates', { method: 'HEAD' })).status).toBe(200);
    expect((await get('/updates', { method: 'POST' })).status).toBe(404);
  });

  it('serves nothing at / when SCAN_UI_ENABLED=false or the build is missing', async () => {
    for (const env of <Record<string, string>[]>[
      { SCAN_UI_DIR: dir, SCAN_UI_ENABLED: 'false' },
      { SCAN_UI_DIR: join(dir, 'assets') },
    ]) {
      const app = await startTestApp(createScanApp, db.dataSource, env);
      try {
        expect((await fetch(`${app.origin}/`)).status).toBe(404);
        expect((await fetch(`${app.origin}/updates/1220ab`)).status).toBe(404);
        expect((await fetch(`${app.origin}/api/scan/v2/updates/x`)).headers.get('content-type')).toMatch(
          /json/,
        );
      } finally {
        await app.close();
      }
    }
  });
});
