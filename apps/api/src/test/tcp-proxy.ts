import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the site and a server (PostgreSQL) that can be cut and restored:
 * cut() resets every open connection and refuses new ones (the port stays taken, so
 * nothing else takes it); restore() lets connections through again. For fault tests and
 * the outage measurement (bench/db-outage).
 */
export interface TcpProxy {
  port: number;
  /** `postgresql://…` of `target` with host and port of the proxy. */
  url(targetUrl: string): string;
  cut(): void;
  restore(): void;
  readonly isCut: boolean;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const server: Server = createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url(targetUrl) {
      const u = new URL(targetUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      isCut = true;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    get isCut() {
      return isCut;
    },
    async close() {
      isCut = true;
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
