import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A loopback TCP forwarder in front of a server (e.g. PostgreSQL), to make a database "go
 * down" under a running app: `refuse()` drops every connection and stops listening (new
 * connections are refused), `hang()` drops every connection and accepts new ones that never
 * get an answer, `forward()` restores normal service.
 */
export interface TcpProxy {
  readonly port: number;
  refuse(): Promise<void>;
  hang(): void;
  forward(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: 'forward' | 'hang' = 'forward';
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const onConnection = (client: Socket) => {
    track(client);
    if (mode === 'hang') return;
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  };
  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    port,
    async refuse() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
    hang() {
      mode = 'hang';
      dropAll();
    },
    async forward() {
      mode = 'forward';
      dropAll();
      if (!server.listening) {
        server = createServer(onConnection);
        await listen(port);
      }
    },
    async close() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}
