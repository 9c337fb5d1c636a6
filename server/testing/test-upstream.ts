// A real upstream for the proxy's tests: the reference service over the sample database on
// loopback, recording every request it gets, and answering some of them wrongly on demand.
import Fastify, { type FastifyReply } from 'fastify';
import type { AddressInfo } from 'node:net';
import app from '../app';
import { openSample } from '../reference/databases';

export interface TestUpstream {
  /** The service's base address, to configure the proxy with. */
  baseUrl: string;
  /** Path and query of every request received, under the base address, in order of arrival. */
  seen: string[];
  /** The X-Api-Key of every request. */
  keys: (string | undefined)[];
  inFlight: number;
  maxInFlight: number;
  /** Held back this long before being answered (the time it takes the upstream to answer). */
  latencyMs: number;
  /** Answers the requests it chooses itself (returns true once it has replied). */
  fault?: (path: string, reply: FastifyReply) => boolean;
  reset(): void;
  close(): Promise<void>;
}

export async function startTestUpstream(): Promise<TestUpstream> {
  const server = Fastify();
  const upstream: TestUpstream = {
    baseUrl: '',
    seen: [],
    keys: [],
    inFlight: 0,
    maxInFlight: 0,
    latencyMs: 0,
    reset() {
      Object.assign(upstream, { seen: [], keys: [], maxInFlight: 0, latencyMs: 0, fault: undefined });
    },
    close: () => server.close(),
  };
  server.addHook('onRequest', async (request, reply) => {
    const path = request.url.replace(/^\/api/, '');
    upstream.seen.push(path);
    upstream.keys.push(request.headers['x-api-key'] as string | undefined);
    upstream.inFlight++;
    upstream.maxInFlight = Math.max(upstream.maxInFlight, upstream.inFlight);
    reply.raw.on('close', () => upstream.inFlight--);
    if (upstream.latencyMs) await new Promise((resolve) => setTimeout(resolve, upstream.latencyMs));
    if (upstream.fault?.(path, reply)) return reply;
  });
  await server.register(app, { distDir: '/nonexistent', stores: new Map([['sample', openSample()]]) });
  await server.listen({ port: 0, host: '127.0.0.1' });
  upstream.baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/api`;
  return upstream;
}
