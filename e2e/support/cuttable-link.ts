import net from 'node:net';

/** A local TCP relay to the test server whose connections the test can cut and restore. */
export interface CuttableLink {
  /** The relay's address: a browser context whose `baseURL` is this reaches the server through it. */
  baseURL: string;
  /** Cuts every open connection (sockets included) and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/**
 * Chromium's offline emulation (CDP `Network.emulateNetworkConditions`, `context.setOffline`) fails
 * new requests but leaves an open WebSocket alone, so it cannot show a live sheet losing its socket.
 * This relay cuts the TCP connections themselves, as a dropped Wi-Fi link does.
 */
export async function cuttableLink(target: string): Promise<CuttableLink> {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  let down = false;
  const relay = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address() as net.AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${address.port}`,
    cut() {
      down = true;
      for (const s of open) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        relay.close(() => resolve());
      }),
  };
}
