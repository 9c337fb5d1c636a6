// The processes a benchmark measures: our server (embedded, or proxying an upstream), and an
// upstream reached through a proxy on loopback that holds each request back a given time.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Pool } from 'undici';

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
  const child = spawn(process.execPath, [...process.execArgv, 'server/server.ts'], {
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

/** A proxy to `target` that waits `latencyMs` before passing each request on, and counts them. */
export async function startLatencyProxy(target: string, latencyMs: number) {
  const pool = new Pool(target, { connections: 1024, pipelining: 1 });
  let requests = 0;
  let inFlight = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    inFlight++;
    res.once('close', () => inFlight--);
    setTimeout(() => {
      pool
        .request({
          method: req.method as 'GET' | 'POST',
          path: req.url ?? '/',
          headers: Object.fromEntries(
            ['x-api-key', 'accept', 'content-type'].flatMap((name) =>
              req.headers[name] ? [[name, String(req.headers[name])]] : [],
            ),
          ),
          body: req.method === 'POST' ? req : undefined,
        })
        .then(({ statusCode, headers, body }) => {
          res.writeHead(statusCode, { 'content-type': String(headers['content-type'] ?? 'application/json') });
          body.pipe(res);
        })
        .catch(() => res.writeHead(502).end());
    }, latencyMs);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Requests received since the last call. */
    takeCount: () => {
      const count = requests;
      requests = 0;
      return count;
    },
    /** Resolves once no request has been in flight for a while (what a page left behind has ended). */
    settle: async () => {
      for (let quiet = 0; quiet < 5; quiet = inFlight === 0 ? quiet + 1 : 0) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.close();
    },
  };
}
