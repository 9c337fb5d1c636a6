// The build's hashed assets (dist/assets: scripts, styles, their source maps), held in memory
// with the .br and .gz copies the build wrote beside each, and answered in one step. A page's
// scripts and styles then never wait on the disk, nor on a turn of an event loop busy reading a
// long entry from the upstream. Their names change with their content: a year's cache.
import type { FastifyPluginAsync } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { chooseEncoding } from './http-cache';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface Asset {
  type: string;
  etag: string;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
}

function readAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  const names = new Set(readdirSync(dir));
  const copy = (name: string) => (names.has(name) ? readFileSync(join(dir, name)) : undefined);
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const identity = readFileSync(join(dir, name));
    assets.set(name, {
      type: TYPES[extname(name)] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
      bodies: { identity, br: copy(`${name}.br`), gzip: copy(`${name}.gz`) },
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
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const compressed = encoding && asset.bodies[encoding];
    const etag = compressed ? `${asset.etag.slice(0, -1)}-${encoding}"` : asset.etag;
    reply.header('etag', etag);
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    if (compressed) reply.header('content-encoding', encoding);
    return reply.send(compressed || asset.bodies.identity);
  });
};

export default builtAssets;
