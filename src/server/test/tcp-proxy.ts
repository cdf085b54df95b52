import net from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL in the tests) that can go silent: while
 * `stalled`, new connections are accepted but never answered and bytes on open ones are dropped,
 * which is how a database behind a dead network or a hung host looks to the app.
 */
export interface TcpProxy {
  port: number;
  stall(): void;
  /** Answers again; connections opened while stalled are cut so clients reconnect. */
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let stalled = false;
  const sockets = new Set<net.Socket>();
  const silent = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (stalled) {
      silent.add(client);
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk) => {
      if (stalled) silent.add(client);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!stalled) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const s of silent) s.destroy();
      silent.clear();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
