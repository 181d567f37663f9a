import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy that forwards each request to `target` (an origin with a path, e.g.
 * `http://127.0.0.1:5012/api/scan`) after `delayMs`: a peer on loopback that answers as late as a
 * remote scan does (its network and its own time per page). Returns the proxy's URL for the
 * same path.
 */
export async function delayingProxy(
  target: string,
  delayMs: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    // The request body waits (paused) until it is piped on.
    setTimeout(() => {
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`proxy: ${error.message}`);
      });
      req.pipe(forward);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
