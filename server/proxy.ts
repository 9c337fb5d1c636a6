// Serves /api from a real Dictionary Data Service, adding the API key. Only the operations of
// the catalog are forwarded, on checked path segments, so the proxy can reach no other host,
// path or method; the key never travels back to the browser. Section GETs go through the
// upstream cache; the whole entry is assembled here from the sections (upstream/).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { text } from 'node:stream/consumers';
import {
  definitionSections,
  entrySections,
  isDatabaseName,
  isDefId,
  isEntryId,
  searchKinds,
  TRANSCRIPTION_PARAM,
  TranscriptionQuery,
} from '../src/api/catalog';
import { NDJSON } from './entry-lines';
import { errorBody, HttpError } from './errors';
import { SharedAssemblies } from './upstream/shared-assembly';
import { UpstreamFailure, upstreamStatusMessage, type UpstreamAnswer } from './upstream/client';
import { Cancelled, type Job } from './upstream/scheduler';
import { Upstream, type UpstreamOptions } from './upstream/upstream';

export type { UpstreamOptions };

interface ProxyRequest {
  Params: { database: string; entryId?: string; defId?: string; suffix?: string; kind?: string };
  Querystring: Record<string, string | undefined>;
  Body: unknown;
}

function checkSegments({ database, entryId, defId, suffix }: ProxyRequest['Params'], suffixes: object): void {
  if (!isDatabaseName(database)) throw new HttpError(404, `"${database}" is not a database name.`);
  if (entryId !== undefined && !isEntryId(entryId)) {
    throw new HttpError(404, `"${entryId}" is not an entry ID (8-4-4-4-12 hexadecimal digits).`);
  }
  if (defId !== undefined && !isDefId(defId))
    throw new HttpError(404, `"${defId}" is not a definition ID (digits only).`);
  if (suffix !== undefined && !Object.hasOwn(suffixes, suffix)) {
    throw new HttpError(404, `There is no operation "${suffix}".`);
  }
}

/** Aborts when the client goes before its answer is complete. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The upstream's data as it came (the key already removed, client.ts); for an error, its
 * status with our own words, as its text could carry anything.
 */
function relay(reply: FastifyReply, answer: UpstreamAnswer) {
  if (answer.status >= 400)
    return reply.code(answer.status).send(errorBody(answer.status, upstreamStatusMessage(answer.status)));
  if (answer.json !== undefined) return reply.code(200).type('application/json; charset=utf-8').send(answer.json);
  return reply.code(502).send(errorBody(502, 'The dictionary service sent a response that is not JSON.'));
}

const proxy: FastifyPluginAsync<UpstreamOptions> = async (app, options) => {
  const upstream = new Upstream(options, (message) => app.log.warn(message));
  const assemblies = new SharedAssemblies(upstream);
  app.addHook('onClose', () => upstream.close());

  async function forward(reply: FastifyReply, ask: (job: Job) => Promise<UpstreamAnswer>) {
    const job = upstream.scheduler.job(clientGone(reply));
    try {
      return relay(reply, await ask(job));
    } catch (error) {
      if (error instanceof UpstreamFailure) {
        reply.log.warn({ status: error.status, cause: error.detail }, error.message);
        return reply.code(error.status).send(errorBody(error.status, error.message));
      }
      if (error instanceof Cancelled) return reply.code(499).send(errorBody(499, 'The client went away.'));
      throw error;
    }
  }

  const sectionGet = (segments: string[], transcription: string | undefined) => (job: Job) =>
    upstream.get(segments, transcription, job);

  app.get<ProxyRequest>('/:database/entries/:entryId/defs', async ({ params }, reply) => {
    checkSegments(params, {});
    return forward(reply, sectionGet([params.database, 'entries', params.entryId!, 'defs'], undefined));
  });

  app.get<ProxyRequest>(
    '/:database/entries/:entryId',
    { schema: { querystring: TranscriptionQuery } },
    async ({ params, query, log }, reply) => {
      checkSegments(params, {});
      const assembly = await assemblies.assemble({
        database: params.database,
        entryId: params.entryId!,
        transcription: query[TRANSCRIPTION_PARAM],
        signal: clientGone(reply),
        log: (message) => log.warn(message),
      });
      if ('failed' in assembly) {
        const { status, message } = assembly.failed;
        return reply.code(status).send(errorBody(status, message));
      }
      reply.type(NDJSON);
      // From the cache: one complete body, which gets an ETag and may be kept anywhere, unless
      // some of it had to be asked for after all. Otherwise lines go out as they are read, and
      // caches must ask again next time (a section may have failed).
      if (assembly.cached) {
        const body = await text(assembly.lines);
        if (assembly.asked() > 0) reply.header('cache-control', 'no-cache');
        return reply.send(body);
      }
      return reply.header('cache-control', 'no-cache').send(assembly.lines);
    },
  );

  app.get<ProxyRequest>(
    '/:database/entries/:entryId/:suffix',
    { schema: { querystring: TranscriptionQuery } },
    async ({ params, query }, reply) => {
      checkSegments(params, entrySections);
      return forward(
        reply,
        sectionGet([params.database, 'entries', params.entryId!, params.suffix!], query[TRANSCRIPTION_PARAM]),
      );
    },
  );

  app.get<ProxyRequest>(
    '/:database/entries/:entryId/defs/:defId/:suffix',
    { schema: { querystring: TranscriptionQuery } },
    async ({ params, query }, reply) => {
      checkSegments(params, definitionSections);
      const { database, entryId, defId, suffix } = params;
      if (upstream.missing.lacks(database, suffix!)) {
        throw new HttpError(404, `The dictionary service does not offer ${suffix!.replace(/-/g, ' ')}.`);
      }
      return forward(
        reply,
        sectionGet([database, 'entries', entryId!, 'defs', defId!, suffix!], query[TRANSCRIPTION_PARAM]),
      );
    },
  );

  app.post<ProxyRequest>('/:database/search/:kind', async ({ params, body }, reply) => {
    checkSegments(params, {});
    if (!Object.hasOwn(searchKinds, params.kind!)) throw new HttpError(404, `There is no search "${params.kind}".`);
    return forward(reply, (job) => upstream.post([params.database, 'search', params.kind!], body, job));
  });
};

export default proxy;
