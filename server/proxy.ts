// Forwards the app's /api requests to a real Dictionary Data Service, adding the API key.
// Only the operations of the catalog are forwarded, on checked path segments, so the proxy
// can reach no other host, path or method; the key never travels back to the browser.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
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
import { errorBody, HttpError } from './errors';

export interface UpstreamOptions {
  baseUrl: string;
  apiKey: string;
  /** Milliseconds before an upstream request is abandoned. */
  timeoutMs?: number;
}

const MAX_ERROR_TEXT = 500;

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

const proxy: FastifyPluginAsync<UpstreamOptions> = async (app, { baseUrl, apiKey, timeoutMs = 15_000 }) => {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const redact = (text: string) => text.split(apiKey).join('[redacted]');

  async function forward(
    reply: FastifyReply,
    method: 'GET' | 'POST',
    segments: string[],
    transcription: string | undefined,
    body?: unknown,
  ) {
    const url = new URL(segments.map(encodeURIComponent).join('/'), base);
    if (transcription !== undefined) url.searchParams.set(TRANSCRIPTION_PARAM, transcription);
    let upstream: Response;
    try {
      upstream = await fetch(url, {
        method,
        headers: {
          'X-Api-Key': apiKey,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      reply.log.warn({ url: url.pathname, err: redact(String(error)) }, 'upstream request failed');
      return reply
        .code(timedOut ? 504 : 502)
        .send(
          errorBody(
            timedOut ? 504 : 502,
            timedOut
              ? 'The dictionary service did not answer in time.'
              : 'The dictionary service could not be reached.',
          ),
        );
    }
    const text = redact(await upstream.text());
    reply.header('cache-control', 'no-store');
    try {
      JSON.parse(text);
      return reply.code(upstream.status).type('application/json; charset=utf-8').send(text);
    } catch {
      // Never relay a non-JSON body as is: it would be served from our origin.
      if (upstream.ok)
        return reply.code(502).send(errorBody(502, 'The dictionary service sent a response that is not JSON.'));
      const message = text.trim().slice(0, MAX_ERROR_TEXT) || `The dictionary service answered ${upstream.status}.`;
      return reply.code(upstream.status).send(errorBody(upstream.status, message));
    }
  }

  app.get<ProxyRequest>('/:database/entries/:entryId/defs', async ({ params }, reply) => {
    checkSegments(params, {});
    return forward(reply, 'GET', [params.database, 'entries', params.entryId!, 'defs'], undefined);
  });
  app.get<ProxyRequest>(
    '/:database/entries/:entryId/:suffix',
    { schema: { querystring: TranscriptionQuery } },
    async ({ params, query }, reply) => {
      checkSegments(params, entrySections);
      return forward(
        reply,
        'GET',
        [params.database, 'entries', params.entryId!, params.suffix!],
        query[TRANSCRIPTION_PARAM],
      );
    },
  );
  app.get<ProxyRequest>(
    '/:database/entries/:entryId/defs/:defId/:suffix',
    { schema: { querystring: TranscriptionQuery } },
    async ({ params, query }, reply) => {
      checkSegments(params, definitionSections);
      const { database, entryId, defId, suffix } = params;
      return forward(
        reply,
        'GET',
        [database, 'entries', entryId!, 'defs', defId!, suffix!],
        query[TRANSCRIPTION_PARAM],
      );
    },
  );
  app.post<ProxyRequest>('/:database/search/:kind', async ({ params, body }, reply) => {
    checkSegments(params, {});
    if (!Object.hasOwn(searchKinds, params.kind!)) throw new HttpError(404, `There is no search "${params.kind}".`);
    return forward(reply, 'POST', [params.database, 'search', params.kind!], undefined, body);
  });
};

export default proxy;
