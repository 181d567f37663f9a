import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BlobForgingPeer {
  /** The peer's scan base URL (its registry at `{url}/registry/...`). */
  url: string;
  /** The forged blob it serves for the contract. */
  forgedBlob: string;
  /** Answers from now on with a closed connection (`true`) or as before (`false`). */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/** Replaces the blob of `contractId` wherever a scan (`created_event_blob`) or registry (`createdEventBlob`) answer carries it. */
function forgeBlob(value: unknown, contractId: string, forged: string): unknown {
  if (Array.isArray(value)) return value.map((v) => forgeBlob(v, contractId, forged));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = forgeBlob(v, contractId, forged);
  if (out.contract_id === contractId && typeof out.created_event_blob === 'string')
    out.created_event_blob = forged;
  if (out.contractId === contractId && typeof out.createdEventBlob === 'string')
    out.createdEventBlob = forged;
  return out;
}

/**
 * A peer scan on loopback in front of a source stack: `/api/scan/registry/...` goes to the
 * source's registry (`registry.base`, e.g. its validator proxy mount, with `registry.token`),
 * the rest to the scan app. With `forgeContractId` it serves a forged blob for that contract in
 * every answer; `setDown(true)` makes it unreachable (connections closed).
 */
export function stackPeer(
  scanOrigin: string,
  options: { registry?: { base: string; token: string }; forgeContractId?: string } = {},
): Promise<BlobForgingPeer> {
  const { registry, forgeContractId } = options;
  const forgedBlob = Buffer.from(`forged blob of ${forgeContractId ?? 'nothing'}`).toString('base64');
  let down = false;
  const server: Server = createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const path = req.url ?? '/';
        const toRegistry = registry !== undefined && path.startsWith('/api/scan/registry/');
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (toRegistry) headers.authorization = `Bearer ${registry.token}`;
        const target = toRegistry
          ? registry.base + path.slice('/api/scan/registry'.length)
          : scanOrigin + path;
        const upstream = await fetch(target, {
          method: req.method,
          headers,
          body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
        });
        let body = await upstream.text();
        if (forgeContractId !== undefined && upstream.status === 200 && body.includes(forgeContractId))
          body = JSON.stringify(forgeBlob(JSON.parse(body), forgeContractId, forgedBlob));
        res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(body);
      })();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`,
        forgedBlob,
        setDown: (value) => {
          down = value;
        },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}
