import net from 'node:net';

/**
 * A TCP relay in front of the real Redis that the test can cut (every connection dropped, new ones
 * refused) and restore: Redis dying and coming back, as the app sees it.
 */
export async function redisRelay(target: URL) {
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    open.add(client);
    open.add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    /** The same Redis (and database index) through the relay. */
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}${target.pathname}`,
    cut() {
      down = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
