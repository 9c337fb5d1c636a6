// The processes a benchmark measures: our server (embedded, or proxying an upstream), and an
// upstream reached through a proxy on loopback that holds each request back a given time.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  connect,
  createServer as createNetServer,
  type AddressInfo,
  type Server as NetServer,
  type Socket,
} from 'node:net';

export interface Running {
  base: string;
  stop: () => Promise<void>;
}

/** Fails if something already listens on the port: it would be measured instead. */
async function assertFree(port: number) {
  const taken = await new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() && true));
    socket.once('error', () => resolve(false));
  });
  if (taken) throw new Error(`Port ${port} is in use: stop what listens there and run the benchmark again.`);
}

async function waitUntilUp(base: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`The server at ${base} exited (${child.exitCode}).`);
    try {
      if ((await fetch(`${base}/api/databases.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server at ${base} did not start.`);
}

/** `npm run serve` in a process of its own, with the production build and the given settings. */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<Running> {
  await assertFree(port);
  const child = spawn(process.execPath, ['build/server.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DICTIONARY_API_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(base, child);
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/**
 * The network between our server and the upstream: a TCP proxy on loopback that holds back
 * everything sent towards `target` for `latencyMs`, and counts the requests in it. It works on
 * bytes, not on HTTP, so that emulating the network costs the machine little of the CPU the
 * measured processes share.
 */
export async function startLatencyProxy(target: string, latencyMs: number) {
  const { hostname, port } = new URL(target);
  const REQUEST_LINE_END = ' HTTP/1.1\r\n';
  let requests = 0;
  let lastTraffic = Date.now();
  const sockets = new Set<Socket>();
  const server: NetServer = createNetServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    // Requests: counted by their request lines (the end of the last chunk is kept in case one
    // is split between two), and passed on late, in order.
    let tail = '';
    client.on('data', (chunk: Buffer) => {
      lastTraffic = Date.now();
      const text = tail + chunk.toString('latin1');
      requests += text.split(REQUEST_LINE_END).length - 1;
      tail = text.slice(-REQUEST_LINE_END.length + 1);
      setTimeout(() => upstream.write(chunk), latencyMs);
    });
    upstream.on('data', (chunk: Buffer) => {
      lastTraffic = Date.now();
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Requests received since the last call. */
    takeCount: () => {
      const count = requests;
      requests = 0;
      return count;
    },
    /** Resolves once nothing has gone through for a while (what a page left behind has ended). */
    settle: async () => {
      while (Date.now() - lastTraffic < 500 + latencyMs) await new Promise((resolve) => setTimeout(resolve, 100));
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
