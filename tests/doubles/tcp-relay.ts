import net from "node:net";

/**
 * A loopback TCP relay in front of a server (PostgreSQL here), to lose the connections through it
 * as a network or a database restart would: `cut` drops every open one and refuses new ones until
 * `restore`. `refused` counts the connections refused meanwhile.
 */
export async function startTcpRelay(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let cut = false;
  let refused = 0;
  const server = net.createServer((client) => {
    if (cut) {
      refused++;
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    host: "127.0.0.1",
    port,
    get refused() {
      return refused;
    },
    cut() {
      cut = true;
      refused = 0;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
