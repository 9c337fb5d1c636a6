// The upstream client against an upstream written to misbehave: a raw HTTP server that
// trickles, floods, compresses, resets and echoes the key in every encoding.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, UpstreamClient, UpstreamFailure } from './client';
import { KeyRedactor } from './key-redaction';

const KEY = 'Client-Test-Key_7e2a';
let handle: (request: IncomingMessage, response: ServerResponse) => void;
let server: Server;
let client: UpstreamClient;
const TIMEOUT_MS = 400;

beforeAll(async () => {
  server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new UpstreamClient({
    baseUrl: `http://127.0.0.1:${port}/api`,
    apiKey: KEY,
    connections: 4,
    timeoutMs: TIMEOUT_MS,
  });
});
afterEach(() => server.closeAllConnections());
afterAll(async () => {
  await client.close();
  server.close();
});

const ask = () => client.send('GET', ['sample', 'entries', '00000000-0000-0000-0000-000000000000', 'headword']);

async function failure(): Promise<UpstreamFailure> {
  const error = await ask().then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UpstreamFailure);
  return error as UpstreamFailure;
}

const json =
  (status: number, text: string, headers: Record<string, string> = {}) =>
  (_: unknown, response: ServerResponse) =>
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);

describe('the key', () => {
  const entities = [...KEY].map((char) => `&#${char.charCodeAt(0)};`).join('');
  const hexEntities = [...KEY].map((char) => `&#x${char.charCodeAt(0).toString(16)}`).join('');
  it.each([
    ['as it is, in another case', KEY.toUpperCase()],
    ['as decimal character references', entities],
    ['as hexadecimal references without their ;', hexEntities],
    ['percent-encoded', [...KEY].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('')],
    ['in base64, inside other text', Buffer.from(`token=${KEY};`).toString('base64')],
    ['in hex', Buffer.from(KEY).toString('hex').toUpperCase()],
  ])('never comes back %s', async (_, form) => {
    handle = json(200, JSON.stringify({ data: `your key: ${form}.`, [form]: [form] }));
    const answer = await ask();
    expect(answer.status).toBe(200);
    const redactor = new KeyRedactor(KEY);
    expect(redactor.mentions(answer.json!)).toBe(false);
    expect(answer.json).toContain('[redacted]');
  });

  it('leaves every other text as it came', async () => {
    const text = JSON.stringify({ data: 'a <b>bold</b> &amp; 100% plain\\text', list: ['ÿ', 'é'] });
    handle = json(200, text);
    expect((await ask()).json).toBe(text);
  });
});

describe('bounds', () => {
  it('gives up on a body trickled byte by byte: 504 once its time is up', async () => {
    handle = (_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => response.write(' '), 20);
      response.on('close', () => clearInterval(timer));
    };
    const started = performance.now();
    const error = await failure();
    expect(error.status).toBe(504);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS * 10);
  });

  it('stops reading a body larger than it reads: 502', async () => {
    handle = (_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`"${'x'.repeat(MAX_BODY_BYTES + 1024)}"`);
    };
    const error = await failure();
    expect(error.status).toBe(502);
    expect(error.detail).toMatch(/bytes/);
  });

  it('decompresses a body compressed unasked, and stops a bomb at its bound: 502', async () => {
    handle = (_, response) =>
      response.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(JSON.stringify({ data: 'fine' })));
    expect((await ask()).json).toBe('{"data":"fine"}');
    const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(MAX_BODY_BYTES);
    handle = (_, response) => response.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb);
    const error = await failure();
    expect(error.status).toBe(502);
    expect(error.detail).toMatch(/gzip/);
  });

  it('refuses an encoding it does not know: 502', async () => {
    handle = (_, response) => response.writeHead(200, { 'content-encoding': 'zstd' }).end('{}');
    expect((await failure()).status).toBe(502);
  });
});

describe('statuses', () => {
  it('answers 502 for a connection reset in the middle of the body, and says why in the log', async () => {
    handle = (_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"data":"');
      setTimeout(() => response.socket?.destroy(), 20);
    };
    const error = await failure();
    expect(error.status).toBe(502);
    expect(error.message).toBe('The dictionary service could not be reached.');
    expect(error.detail).not.toBe(error.message);
  });

  it.each([299, 302, 204])('answers 502 for a status the spec does not have (%i)', async (status) => {
    handle = json(status, status === 204 ? '' : '{}');
    expect((await failure()).status).toBe(502);
  });

  it('passes a 503 on, with its body only if it is JSON', async () => {
    handle = (_, response) => response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Down</h1>');
    expect(await ask()).toEqual({ status: 503, json: undefined });
  });
});
