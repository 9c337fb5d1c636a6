// The build's hashed assets (dist/assets: scripts and styles; never source maps, which would
// publish the sources whole, should a build have made them), held in memory
// with the .br and .gz copies the build wrote beside each, and answered in one step. A page's
// scripts and styles then never wait on the disk, nor on a turn of an event loop busy reading a
// long entry from the upstream. Their names change with their content: a year's cache.
import type { FastifyPluginAsync } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { chooseEncoding, matches, strongTag } from './http-cache';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

type Encoding = 'br' | 'gzip';

interface Asset {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Its ETag in each encoding, the identity's under ''. */
  tags: Record<Encoding | '', string>;
}

function readAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  const names = new Set(readdirSync(dir));
  const copy = (name: string) => (names.has(name) ? readFileSync(join(dir, name)) : undefined);
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz') || name.endsWith('.map')) continue;
    const identity = readFileSync(join(dir, name));
    assets.set(name, {
      type: TYPES[extname(name)] ?? 'application/octet-stream',
      identity,
      br: copy(`${name}.br`),
      gzip: copy(`${name}.gz`),
      tags: { '': strongTag(identity, undefined), br: strongTag(identity, 'br'), gzip: strongTag(identity, 'gzip') },
    });
  }
  return assets;
}

const builtAssets: FastifyPluginAsync<{ dir: string }> = async (app, { dir }) => {
  const assets = readAssets(dir);
  app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const asset = assets.get(request.params.name);
    if (!asset) return reply.code(404).type('text/plain').send('Not found');
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding')
      .type(asset.type);
    const accepted = chooseEncoding(request.headers['accept-encoding']);
    const encoding = accepted && asset[accepted] ? accepted : undefined;
    const etag = asset.tags[encoding ?? ''];
    reply.header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send((encoding && asset[encoding]) || asset.identity);
  });
};

export default builtAssets;
