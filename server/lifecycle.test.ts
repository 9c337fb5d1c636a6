// The server as a process (server/server.ts): it cuts off a client that sends its request too
// slowly, answers /healthz, and on SIGTERM finishes, frees its port and exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

let child: ChildProcess;
let port: number;
let output = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });

beforeAll(async () => {
  port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      REQUEST_TIMEOUT: '1',
      DICTIONARY_API_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`The server exited: ${output}`);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    },
    { timeout: 30_000, interval: 100 },
  );
}, 40_000);

afterAll(() => {
  child.kill('SIGKILL');
});

describe('the server process', () => {
  it('answers /healthz', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('cuts off a request whose body comes a byte at a time', async () => {
    const socket = new Socket();
    await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve));
    socket.write(
      'POST /api/sample/search/entry-data HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const started = Date.now();
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    clearInterval(trickle);
    // The limit is 1 s here (REQUEST_TIMEOUT); Node checks it every few seconds at most.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(answer).not.toMatch(/^HTTP\/1\.1 200/);
  }, 30_000);

  it('on SIGTERM, stops listening, exits 0 and says so', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: finishing the requests in progress, then stopping.');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 20_000);
});
