// The whole server as one Fastify plugin: /api (embedded reference service or proxy) and the app.
import type { FastifyPluginAsync } from 'fastify';
import { DatabaseList } from '../src/api/schemas';
import { useJsonErrors } from './errors';
import { DEFAULT_HTTP_CACHE, useHttpCaching, type HttpCacheOptions } from './http-cache';
import { openApiDocument } from './openapi';
import proxy, { type UpstreamOptions } from './proxy';
import { useSecurityHeaders } from './security-headers';
import referenceService from './reference/routes';
import type { DictionaryStore } from './reference/store';
import spa from './spa';

export type AppOptions = {
  distDir: string;
  /** Cache-Control of /api answers; DEFAULT_HTTP_CACHE when not given. */
  httpCache?: HttpCacheOptions;
} & (
  | { upstream: UpstreamOptions & { databases: string[]; transcriptions: string[] }; stores?: undefined }
  | { upstream?: undefined; stores: ReadonlyMap<string, DictionaryStore> }
);

const app: FastifyPluginAsync<AppOptions> = async (fastify, options) => {
  useSecurityHeaders(fastify);
  // For load balancers and orchestrators: up and serving (503 once shutting down, Fastify's own).
  fastify.get('/healthz', async (_, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  await fastify.register(
    async (api) => {
      useJsonErrors(api);
      useHttpCaching(api, options.httpCache ?? DEFAULT_HTTP_CACHE);
      const list = options.upstream ? upstreamDatabases(options.upstream) : embeddedDatabases(options.stores);
      api.get('/databases.json', { schema: { response: { 200: DatabaseList } } }, async () => list);
      const document = openApiDocument();
      api.get('/openapi.json', async () => document);
      if (options.upstream) await api.register(proxy, options.upstream);
      else await api.register(referenceService, { stores: options.stores });
    },
    { prefix: '/api' },
  );
  await fastify.register(spa, { distDir: options.distDir, httpCache: options.httpCache ?? DEFAULT_HTTP_CACHE });
};

/** A real service's databases take the transcriptions configured for all of them. */
const upstreamDatabases = ({ databases, transcriptions }: { databases: string[]; transcriptions: string[] }) => ({
  databases,
  transcriptions: Object.fromEntries(databases.map((name) => [name, transcriptions])),
});

const embeddedDatabases = (stores: ReadonlyMap<string, DictionaryStore>) => ({
  databases: [...stores.keys()],
  transcriptions: Object.fromEntries([...stores].map(([name, store]) => [name, store.transcriptions])),
});

export default app;
