import net from 'node:net';

/**
 * A PostgreSQL ErrorResponse message, as the server sends it when it refuses a connection
 * (for example 57P03 "the database system is shutting down").
 */
export function pgErrorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([
    Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0`, 'utf8'),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

export interface PgProxy {
  readonly port: number;
  /** the database goes away: every connection is cut, new ones are refused (ECONNREFUSED) */
  down(): Promise<void>;
  /** every connection is cut, new ones are answered 57P03 "the database system is shutting down" */
  shuttingDown(): Promise<void>;
  /** the database is back: connections pass through again */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of the shared PostgreSQL server, so that a test can take "the database"
 * away from one app without stopping the cluster others use.
 */
export async function pgProxy(target: { host: string; port: number }): Promise<PgProxy> {
  const sockets = new Set<net.Socket>();
  let mode: 'up' | 'shutting-down' = 'up';
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'shutting-down') {
      client.once('data', () => client.end(pgErrorResponse('57P03', 'the database system is shutting down')));
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const cutAll = () => {
    for (const s of sockets) s.destroy();
  };
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const down = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    cutAll();
    await closed;
  };
  return {
    port,
    down,
    async shuttingDown() {
      if (!server.listening) await listen(port);
      mode = 'shutting-down';
      cutAll();
    },
    async up() {
      mode = 'up';
      if (!server.listening) await listen(port);
    },
    async close() {
      if (server.listening) await down();
      cutAll();
    },
  };
}
