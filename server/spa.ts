// Serves the built app from dist/. Any other GET outside /api/ answers index.html, so every
// app URL works when opened directly or reloaded; the app shows its own not-found page.
// An entry's or a definition's URL answers the page rendered with the entry (entry-page.ts),
// and tells the browser, in a Link header, to fetch the entry page's code at once (and the
// entry, if the page did not bring all of it).
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDatabaseName, isDefId, isEntryId } from '../src/api/catalog';
import { themeOfCookies } from '../src/preferences/theme-cookie';
import builtAssets from './built-assets';
import { entryPages, type EntryTarget } from './entry-page';
import { useHttpCaching, type HttpCacheOptions } from './http-cache';
import { PROJECT_ROOT } from './project-root';

export const DIST_DIR = join(PROJECT_ROOT, 'dist');

/** Where Vite writes the build's manifest (vite.config.ts); not served. */
const MANIFEST_DIR = '.vite';
/** The build's hashed files (built-assets.ts). */
const ASSETS_DIR = 'assets';

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

const ENTRY_URL = /^\/([^/?#]+)\/entries\/([^/?#]+)(?:\/defs\/([^/?#]+))?\/?(?:\?.*)?$/;

/** The entry an app URL shows, if it is an entry's or a definition's, and the URL's path. */
function entryOf(url: string): (EntryTarget & { path: string }) | undefined {
  const [, database = '', entryId = '', defId] = ENTRY_URL.exec(url) ?? [];
  let name: string;
  try {
    name = decodeURIComponent(database);
  } catch {
    return undefined;
  }
  if (!isDatabaseName(name) || !isEntryId(entryId) || (defId !== undefined && !isDefId(defId))) return undefined;
  const path = `/${encodeURIComponent(name)}/entries/${entryId}${defId === undefined ? '' : `/defs/${defId}`}`;
  return { database: name, entryId, path };
}

const spa: FastifyPluginAsync<{ distDir: string; httpCache: HttpCacheOptions }> = async (
  app,
  { distDir, httpCache },
) => {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(builtAssets, { dir: join(distDir, ASSETS_DIR) });
    // The rest (index.html, the icon): asked again before use, as their names stay the same.
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      globIgnore: [`${ASSETS_DIR}/**`, `${MANIFEST_DIR}/**`],
      // The build writes .br and .gz beside each file (vite.config.ts).
      preCompressed: true,
      allowedPath: (pathname) => !pathname.startsWith(`/${MANIFEST_DIR}/`),
      setHeaders: (reply) => reply.header('cache-control', 'no-cache'),
    });
  }
  const scripts = built ? entryPageScripts(distDir) : [];
  const template = built ? readFileSync(join(distDir, 'index.html'), 'utf8') : '';
  const entryPage = built ? await entryPages(app, template, httpCache.maxAge) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || request.url.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    if (!built) return reply.code(503).type('text/plain').send('The app is not built yet: run `npm run build`.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  await app.register(async (pages) => {
    useHttpCaching(pages, httpCache);
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const entry = entryOf(request.url);
      if (!entryPage || !entry) return reply.callNotFound();
      // Asked again before use (an ETag makes that cheap): the page names the build's scripts.
      reply.header('cache-control', 'no-cache');
      const page = await entryPage(entry.path, entry);
      const links = scripts.map((script) => `<${script}>; rel=modulepreload`);
      // The app reads the rest of the entry as soon as it starts: as it will ask for it (the same
      // URL, with no notation chosen yet; the same mode and credentials).
      if (!page.whole)
        links.unshift(
          `</api/${entry.database}/entries/${entry.entryId}>; rel=preload; as=fetch; crossorigin=anonymous`,
        );
      // In the reader's chosen theme from the first paint (see src/preferences/theme-cookie.ts).
      const theme = themeOfCookies(request.headers.cookie);
      const html = theme ? page.html.replace('<html lang="en"', `<html lang="en" data-theme="${theme}"`) : page.html;
      return reply.code(page.status).header('link', links.join(', ')).header('vary', 'cookie').type(HTML).send(html);
    };
    pages.get('/:database/entries/:entryId', handler);
    pages.get('/:database/entries/:entryId/defs/:defId', handler);
  });
};

const HTML = 'text/html; charset=utf-8';

export default spa;
