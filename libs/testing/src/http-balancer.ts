import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A round-robin HTTP load balancer on loopback for tests of several app replicas (what nginx or
 * haproxy would be in production): each request goes to the next backend that is not marked
 * down. A backend whose connection fails before the first byte of its answer (refused, reset,
 * hung up) is marked down for `downMs` and the request is sent to the next one, as nginx's
 * `proxy_next_upstream error` does — request bodies are buffered first (the tests' are small),
 * so every request can be sent again. WebSocket upgrades are piped to the next backend as they
 * are. Answers keep their status and headers and are streamed back.
 */
export interface HttpBalancer {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Answers (and accepted upgrades) each backend gave, by the backend's index. */
  served(): number[];
  /** Requests sent again to another backend after a connection error. */
  retries(): number;
  close(): Promise<void>;
}

/** Headers of one connection, never forwarded (RFC 9110 7.6.1). */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out = { ...headers };
  for (const name of HOP_BY_HOP) delete out[name];
  return out;
}

export async function startHttpBalancer(
  backendPorts: number[],
  options: { downMs?: number; host?: string } = {},
): Promise<HttpBalancer> {
  const host = options.host ?? '127.0.0.1';
  const downMs = options.downMs ?? 2000;
  const agents = backendPorts.map(() => new Agent({ keepAlive: true, maxSockets: 64 }));
  const downUntil = backendPorts.map(() => 0);
  const served = backendPorts.map(() => 0);
  const sockets = new Set<Socket>();
  let next = 0;
  let retries = 0;

  /** The next backend in turn that is up (or the next one, when all are down). */
  const pick = (): number => {
    const now = Date.now();
    for (let i = 0; i < backendPorts.length; i++) {
      const candidate = (next + i) % backendPorts.length;
      if (downUntil[candidate] <= now) {
        next = candidate + 1;
        return candidate;
      }
    }
    return next++ % backendPorts.length;
  };

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, attempt: number) => {
    const backend = pick();
    const headers = withoutHopByHop(req.headers);
    if (body.length > 0) headers['content-length'] = String(body.length);
    const upstream = httpRequest({
      host,
      port: backendPorts[backend],
      method: req.method,
      path: req.url,
      headers,
      agent: agents[backend],
    });
    upstream.on('response', (answer) => {
      served[backend]++;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.headers));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', () => {
      if (res.destroyed) return; // the client went away
      if (res.headersSent) return res.destroy(); // the answer had begun: nothing to retry
      downUntil[backend] = Date.now() + downMs;
      if (attempt + 1 < backendPorts.length * 2) {
        retries++;
        forward(req, res, body, attempt + 1);
      } else res.writeHead(502).end();
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), 0));
    req.on('error', () => res.destroy());
  });

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    const tryBackend = (attempt: number) => {
      const backend = pick();
      const upstream = connect(backendPorts[backend], host);
      sockets.add(upstream);
      upstream.once('close', () => sockets.delete(upstream));
      upstream.once('connect', () => {
        served[backend]++;
        const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
        upstream.on('error', () => client.destroy());
        upstream.once('close', () => client.destroy());
        client.once('close', () => upstream.destroy());
      });
      upstream.once('error', () => {
        if (upstream.bytesWritten > 0) return client.destroy();
        downUntil[backend] = Date.now() + downMs;
        if (attempt + 1 < backendPorts.length) {
          retries++;
          tryBackend(attempt + 1);
        } else client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      });
    };
    tryBackend(0);
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    served: () => [...served],
    retries: () => retries,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      for (const agent of agents) agent.destroy();
      await closed;
    },
  };
}
