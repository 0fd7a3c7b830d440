import { createServer, type Server, type Socket, connect } from "node:net";

/**
 * A TCP proxy between the store and PostgreSQL, to play a database restart without touching the
 * machine's server (others use it): cut() closes the listening port (new connections are
 * refused, as by a server that is down) and destroys every open connection; restore() listens
 * on the same port again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const open = new Set<Socket>();
  let server: Server;
  let port = 0;
  let connections = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        connections++;
        const upstream = connect(target.port, target.host);
        open.add(client);
        open.add(upstream);
        const close = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          socket.on("error", close);
          socket.on("close", close);
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Connections accepted so far (a reconnect shows as a new one). */
    connections: () => connections,
    /** The database "goes down": no new connections, every open one cut. */
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
        open.clear();
      }),
    /** The database is back, on the same port. */
    restore: listen,
    async stop() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;
