import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PeerError, ScanPeer } from './peer';

const POLICY = { timeoutMs: 500, attempts: 3, backoffMs: 5, maxBackoffMs: 20 };

/** A scan stand-in answering each call with the next of `replies` (status, headers, body). */
async function serve(
  replies: [number, Record<string, string>, unknown][],
): Promise<{ server: Server; url: string; calls: () => number }> {
  let calls = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const [status, headers, body] = replies[Math.min(calls++, replies.length - 1)];
      if (status === 0) return; // never answers: the call times out
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`;
  return { server, url, calls: () => calls };
}

describe('a scan peer', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('retries a 503 after its Retry-After, and a timeout, then takes the answer', async () => {
    const info = { record_time_range: [], complete: true, import_updates_complete: true };
    const started = Date.now();
    const peer = await serve([
      [503, { 'retry-after': '1' }, { error: 'busy' }],
      [0, {}, null],
      [200, {}, info],
    ]);
    server = peer.server;
    const answer = await new ScanPeer(peer.url, POLICY).migrationInfo(0);
    expect(answer).toEqual({ absent: false, value: info });
    expect(peer.calls()).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000 + POLICY.timeoutMs - 50);
  });

  it('reads 404 as "no such data" and fails at once on another 4xx, naming the peer', async () => {
    const peer = await serve([
      [404, {}, { error: 'no data' }],
      [400, {}, { error: 'migration_id: bad' }],
    ]);
    server = peer.server;
    const scan = new ScanPeer(peer.url, POLICY);
    expect(await scan.migrationInfo(7)).toEqual({ absent: true });
    await expect(scan.migrationInfo(-1)).rejects.toThrow(
      new PeerError(peer.url, 'HTTP 400 migration_id: bad'),
    );
    expect(peer.calls()).toBe(2);
  });

  it('reads a 404 of /v0/events as "not served" (a failure with its status), and fails at once on a 501', async () => {
    const peer = await serve([
      [404, {}, { error: 'no such path' }],
      [501, {}, { error: 'not implemented' }],
      [200, {}, { events: [] }],
    ]);
    server = peer.server;
    const scan = new ScanPeer(peer.url, POLICY);
    const after = { after_migration_id: 0, after_record_time: '2026-01-01T00:00:00Z' };
    await expect(scan.events(after, 1)).rejects.toMatchObject({ status: 404 });
    await expect(scan.events(after, 1)).rejects.toMatchObject({
      status: 501,
      detail: 'HTTP 501 not implemented',
    });
    // One call each: neither is retried.
    expect(peer.calls()).toBe(2);
    expect(await scan.events(after, 1)).toEqual({ absent: false, value: { events: [] } });
  });

  it('gives up after its attempts on a peer that cannot be reached', async () => {
    await expect(new ScanPeer('http://127.0.0.1:9/api/scan', POLICY).migrationInfo(0)).rejects.toThrow(
      /127\.0\.0\.1:9\/api\/scan: .*fetch failed/,
    );
  });
});
