import net from 'node:net';

/**
 * A TCP proxy in front of the test's PostgreSQL, for fault tests: `cut()` drops every connection through
 * it and refuses new ones (the database restarting, as the server sees it), `restore()` lets them through
 * again on the same port.
 */
export interface DatabaseProxy {
  /** The database's address through the proxy. */
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const port = await listen(0);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: url.toString(),
    cut: async () => {
      const closed = stopListening();
      dropAll();
      await closed;
    },
    restore: async () => {
      await listen(port);
    },
    close: async () => {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}
