// Serves the built app from dist/. Any other GET outside /api/ answers index.html, so every
// app URL works when opened directly or reloaded; the app shows its own not-found page.
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const DIST_DIR = new URL('../dist/', import.meta.url).pathname;

const spa: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // The build writes .br and .gz beside each file (scripts/vite-precompress.ts).
      preCompressed: true,
      setHeaders: (reply, path) => {
        const hashed = path.includes(`${join(distDir, 'assets')}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || request.url.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    if (!built) return reply.code(503).type('text/plain').send('The app is not built yet: run `npm run build`.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
};

export default spa;
