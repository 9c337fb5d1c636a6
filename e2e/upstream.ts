// A stand-in for a real Dictionary Data Service in the browser tests (playwright.config.ts):
// the reference service over the sample, which wants the API key, and answers some sections
// wrongly: one fails once (with the key in its message), one is malformed every time; and the
// definitions of `run` after its first five are slow to come.
import Fastify from 'fastify';
import app from '../server/app';
import { sampleId } from '../server/datasets/sample';
import { openSample } from '../server/reference/databases';

const KEY = process.env.UPSTREAM_KEY!;
const mouse = sampleId('mouse');
const runLater = new RegExp(`^/sample/entries/${sampleId('run')}/defs/0(0[6-9]|1[0-9])/`);
/** Longer than our server waits for an entry's first screen before it sends the page. */
const LATE_MS = 1500;
let inflectionsAsked = 0;

const server = Fastify();
server.addHook('onRequest', async (request, reply) => {
  const path = request.url.replace(/^\/api/, '');
  if (!path.startsWith('/databases.json') && request.headers['x-api-key'] !== KEY) {
    return reply.code(401).type('application/json').send('{"message":"Unknown API key."}');
  }
  if (path === `/sample/entries/${mouse}/defs/001/inflections` && inflectionsAsked++ === 0) {
    return reply
      .code(500)
      .type('application/json')
      .send(JSON.stringify({ message: `Failed for ${KEY}.` }));
  }
  if (runLater.test(path)) await new Promise((resolve) => setTimeout(resolve, LATE_MS));
  if (path === `/sample/entries/${mouse}/defs/002/parts-of-speech`) {
    return reply.type('application/json').send('{"not":"a list"}');
  }
});
await server.register(app, { distDir: '/nonexistent', stores: new Map([['sample', openSample()]]) });
await server.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
