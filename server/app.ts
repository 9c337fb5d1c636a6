// The whole server as one Fastify plugin: /api (embedded reference service or proxy) and the app.
import type { FastifyPluginAsync } from 'fastify';
import { DatabaseList } from '../src/api/schemas';
import { useJsonErrors } from './errors';
import { openApiDocument } from './openapi';
import proxy, { type UpstreamOptions } from './proxy';
import referenceService from './reference/routes';
import type { DictionaryStore } from './reference/store';
import spa from './spa';

export type AppOptions = {
  distDir: string;
} & (
  | { upstream: UpstreamOptions & { databases: string[] }; stores?: undefined }
  | { upstream?: undefined; stores: ReadonlyMap<string, DictionaryStore> }
);

const app: FastifyPluginAsync<AppOptions> = async (fastify, options) => {
  await fastify.register(
    async (api) => {
      useJsonErrors(api);
      const databases = options.upstream ? options.upstream.databases : [...options.stores.keys()];
      api.get('/databases.json', { schema: { response: { 200: DatabaseList } } }, async () => ({ databases }));
      const document = openApiDocument();
      api.get('/openapi.json', async () => document);
      if (options.upstream) await api.register(proxy, options.upstream);
      else await api.register(referenceService, { stores: options.stores });
    },
    { prefix: '/api' },
  );
  await fastify.register(spa, { distDir: options.distDir });
};

export default app;
