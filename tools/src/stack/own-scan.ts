import { hostname, networkInterfaces } from 'node:os';

/** Names and addresses under which this machine reaches itself. */
function ownHosts(): Set<string> {
  const hosts = new Set(['localhost', '127.0.0.1', '0.0.0.0', '[::1]', '[::]', hostname().toLowerCase()]);
  for (const addresses of Object.values(networkInterfaces()))
    for (const a of addresses ?? []) hosts.add(a.family === 'IPv6' ? `[${a.address}]` : a.address);
  return hosts;
}

/**
 * The first of `urls` that is this stack's own scan (this machine, the scan's port): a stack
 * that followed it would be mirroring itself.
 */
export function ownScanAmong(
  urls: readonly string[],
  scanPort: number,
  hosts = ownHosts(),
): string | undefined {
  return urls.find((url) => {
    const parsed = new URL(url);
    const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
    const host = parsed.hostname.toLowerCase();
    return port === scanPort && (hosts.has(host) || host.startsWith('127.'));
  });
}
