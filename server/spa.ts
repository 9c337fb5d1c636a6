// Serves the built app from dist/. Any other GET outside /api/ answers index.html, so every
// app URL works when opened directly or reloaded; the app shows its own not-found page.
// An entry's URL also tells the browser, in a Link header, to fetch the entry and the entry
// page's code at once, while the app's first script is still loading.
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDatabaseName, isEntryId } from '../src/api/catalog';

export const DIST_DIR = new URL('../dist/', import.meta.url).pathname;

/** Where Vite writes the build's manifest (vite.config.ts); not served. */
const MANIFEST_DIR = '.vite';

/** The scripts the entry page needs beyond those index.html loads, from the build's manifest. */
function entryPageScripts(distDir: string): string[] {
  const path = join(distDir, MANIFEST_DIR, 'manifest.json');
  if (!existsSync(path)) return [];
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const chunksOf = (key: string, files = new Set<string>()) => {
    const chunk = manifest[key];
    if (chunk && !files.has(chunk.file)) {
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) chunksOf(imported, files);
    }
    return files;
  };
  const loaded = chunksOf('index.html');
  return [...chunksOf('src/pages/EntryPage.tsx')].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
}

const ENTRY_URL = /^\/([^/?#]+)\/entries\/([^/?#]+)(?:\/defs\/[^/?#]+)?\/?(?:\?.*)?$/;

/** The whole entry an app URL shows, if it is an entry's or a definition's. */
function entryOf(url: string): string | undefined {
  const [, database = '', entryId = ''] = ENTRY_URL.exec(url) ?? [];
  let name: string;
  try {
    name = decodeURIComponent(database);
  } catch {
    return undefined;
  }
  return isDatabaseName(name) && isEntryId(entryId) ? `/api/${name}/entries/${entryId}` : undefined;
}

const spa: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // The build writes .br and .gz beside each file (scripts/vite-precompress.ts).
      preCompressed: true,
      allowedPath: (pathname) => !pathname.startsWith(`/${MANIFEST_DIR}/`),
      setHeaders: (reply, path) => {
        const hashed = path.includes(`${join(distDir, 'assets')}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const scripts = built ? entryPageScripts(distDir) : [];
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || request.url.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    if (!built) return reply.code(503).type('text/plain').send('The app is not built yet: run `npm run build`.');
    const entry = entryOf(request.url);
    if (entry) {
      // As the app will ask for it: the same URL (no notation chosen yet), mode and credentials.
      const links = [`<${entry}>; rel=preload; as=fetch; crossorigin=anonymous`];
      reply.header('link', [...links, ...scripts.map((script) => `<${script}>; rel=modulepreload`)].join(', '));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
};

export default spa;
