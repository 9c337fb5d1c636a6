// The reference Dictionary Data Service: every operation of the spec, and our extensions,
// as Fastify routes over DictionaryStores.
import Ajv from 'ajv';
import type { FastifyPluginAsync, FastifyReply, FastifySchemaValidationError } from 'fastify';
import {
  definitionSections,
  entrySections,
  isDefId,
  isEntryId,
  isListSection,
  searchKinds,
  searchRequests,
  type SearchKind,
  type SectionSpec,
  TRANSCRIPTION_PARAM,
  TranscriptionQuery,
} from '../../src/api/catalog';
import { DefinitionMap, ErrorBody, SearchResponse } from '../../src/api/schemas';
import { object, string } from '../../src/api/shape';
import { NDJSON } from '../entry-lines';
import { HttpError } from '../errors';
import { LruCache } from '../lru-cache';
import { searchKey } from './normalize';
import type { DictionaryStore } from './store';
import { wholeEntry } from './whole-entry';

export interface ReferenceOptions {
  stores: ReadonlyMap<string, DictionaryStore>;
}

const errors = { 400: ErrorBody, 404: ErrorBody, 500: ErrorBody };
const WHOLE_ENTRY_CACHE_BYTES = 32 * 1024 * 1024;
const WHOLE_ENTRY_TTL_MS = 86_400_000;
/** Searches answered before: the first letters typed in a search box are the same for everyone. */
const SEARCH_CACHE_BYTES = 16 * 1024 * 1024;
const SEARCH_TTL_MS = 86_400_000;
/** The longest text a search field takes, and the largest search body read (larger: 413). */
const MAX_SEARCH_TEXT = 200;
const SEARCH_BODY_LIMIT = 16 * 1024;
const databaseParams = object({ database: string() });
const entryParams = object({ database: string(), entryId: string() });
const definitionParams = object({ database: string(), entryId: string(), defId: string() });

interface EntryRequest {
  Params: { database: string; entryId: string; defId?: string };
  Querystring: { [TRANSCRIPTION_PARAM]?: string };
}

/** An absent list is an empty list; any other absent value is a 404. */
const emptyValue = (spec: SectionSpec): unknown => (isListSection(spec) ? [] : undefined);

const humanName = (suffix: string) => suffix.replace(/-/g, ' ');

/** Fastify sends a bare string as text; a JSON string value must be encoded here. */
const asJson = (reply: FastifyReply, value: unknown) =>
  typeof value === 'string' ? reply.type('application/json; charset=utf-8').send(JSON.stringify(value)) : value;

const referenceService: FastifyPluginAsync<ReferenceOptions> = async (app, { stores }) => {
  // Strict body checks: no coercion, no silent removal of unknown fields.
  const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false });
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));

  function storeOf(database: string): DictionaryStore {
    const store = stores.get(database);
    if (!store) throw new HttpError(404, `There is no database named "${database}".`);
    return store;
  }

  function transcriptionOf(store: DictionaryStore, requested: string | undefined): string {
    if (requested === undefined) return store.transcriptions[0] ?? '';
    if (!store.transcriptions.includes(requested)) {
      throw new HttpError(
        400,
        `Unsupported ${TRANSCRIPTION_PARAM} "${requested}". Supported values: ${store.transcriptions.join(', ')}.`,
      );
    }
    return requested;
  }

  /** The entry's store, after checking the entry exists. A malformed ID names no entry: 404. */
  function entryStore(database: string, entryId: string): DictionaryStore {
    const store = storeOf(database);
    if (!isEntryId(entryId)) {
      throw new HttpError(404, `"${entryId}" is not an entry ID (8-4-4-4-12 hexadecimal digits).`);
    }
    if (store.headword(entryId) === undefined) {
      throw new HttpError(404, `There is no entry ${entryId} in database "${database}".`);
    }
    return store;
  }

  app.get<{ Params: { database: string; entryId: string } }>(
    '/:database/entries/:entryId/defs',
    { schema: { params: entryParams, response: { 200: DefinitionMap, ...errors } } },
    async ({ params }) => entryStore(params.database, params.entryId).definitionMap(params.entryId),
  );

  // Our server's own operation: the whole entry in one response (see EntryLine in schemas.ts),
  // kept once made, as the data is read-only.
  const wholeEntries = new LruCache<string>(WHOLE_ENTRY_CACHE_BYTES);
  app.get<EntryRequest>(
    '/:database/entries/:entryId',
    { schema: { params: entryParams, querystring: TranscriptionQuery, response: errors } },
    async ({ params, query }, reply) => {
      const store = storeOf(params.database);
      const transcription = transcriptionOf(store, query[TRANSCRIPTION_PARAM]);
      entryStore(params.database, params.entryId);
      const started = performance.now();
      const key = `${params.database}/${params.entryId}?${transcription}`;
      let body = wholeEntries.get(key);
      if (body === undefined) {
        body = wholeEntry(store, params.entryId, transcription);
        wholeEntries.set(key, body, 2 * body.length, WHOLE_ENTRY_TTL_MS);
      }
      reply.header('server-timing', `assemble;dur=${(performance.now() - started).toFixed(1)}`);
      return reply.type(NDJSON).send(body);
    },
  );

  const sectionRoute = (path: string, suffix: string, spec: SectionSpec, level: 'entry' | 'definition') =>
    app.get<EntryRequest>(
      path,
      {
        schema: {
          params: level === 'entry' ? entryParams : definitionParams,
          ...(spec.transcription ? { querystring: TranscriptionQuery } : {}),
          response: { 200: spec.schema, ...errors },
        },
      },
      async ({ params, query }, reply) => {
        const { database, entryId, defId = '' } = params;
        const store = storeOf(database);
        const transcription = transcriptionOf(store, spec.transcription ? query[TRANSCRIPTION_PARAM] : undefined);
        entryStore(database, entryId);
        if (level === 'definition') {
          if (!isDefId(defId)) throw new HttpError(404, `"${defId}" is not a definition ID (digits only).`);
          if (!store.hasDefinition(entryId, defId)) {
            throw new HttpError(404, `Entry ${entryId} has no definition ${defId}.`);
          }
        }
        const value = store.section(entryId, defId, suffix, transcription) ?? emptyValue(spec);
        if (value === undefined) {
          const owner = level === 'entry' ? `Entry ${entryId}` : `Definition ${defId} of entry ${entryId}`;
          throw new HttpError(404, `${owner} has no ${humanName(suffix)}.`);
        }
        return asJson(reply, value);
      },
    );

  for (const [suffix, spec] of Object.entries(entrySections)) {
    if (suffix === 'headword') continue;
    sectionRoute(`/:database/entries/:entryId/${suffix}`, suffix, spec, 'entry');
  }
  app.get<{ Params: { database: string; entryId: string } }>(
    '/:database/entries/:entryId/headword',
    { schema: { params: entryParams, response: { 200: entrySections.headword.schema, ...errors } } },
    async ({ params }, reply) => asJson(reply, entryStore(params.database, params.entryId).headword(params.entryId)),
  );
  for (const [suffix, spec] of Object.entries(definitionSections)) {
    sectionRoute(`/:database/entries/:entryId/defs/:defId/${suffix}`, suffix, spec, 'definition');
  }

  const searches = new LruCache<string>(SEARCH_CACHE_BYTES);
  const searchRoute = (kind: SearchKind) => {
    const fields = searchKinds[kind];
    const fieldList = fields.map((field) => `"${field}"`).join(', ');
    const describeProblem = (error: FastifySchemaValidationError | undefined): string => {
      if (error?.keyword === 'additionalProperties') {
        const unknown = (error.params as { additionalProperty?: string }).additionalProperty;
        return `Unknown search field "${unknown}". The fields are ${fieldList}.`;
      }
      if (error?.keyword === 'type' && error.instancePath) {
        return `Search field "${decodeURIComponent(error.instancePath.slice(1))}" must be a string.`;
      }
      return `The search body must be a JSON object whose fields are strings: ${fieldList}.`;
    };
    app.post<{ Params: { database: string }; Body: Record<string, string> }>(
      `/:database/search/${kind}`,
      {
        schema: { params: databaseParams, body: searchRequests[kind], response: { 200: SearchResponse, ...errors } },
        bodyLimit: SEARCH_BODY_LIMIT,
        schemaErrorFormatter: (validationErrors) => new HttpError(400, describeProblem(validationErrors[0])),
      },
      async ({ params, body: request }, reply) => {
        const store = storeOf(params.database);
        if (!fields.some((field) => request[field]?.trim())) {
          throw new HttpError(400, `Fill in at least one search field: ${fieldList}.`);
        }
        const tooLong = fields.find((field) => (request[field]?.length ?? 0) > MAX_SEARCH_TEXT);
        if (tooLong) {
          throw new HttpError(400, `Search field "${tooLong}" is too long: at most ${MAX_SEARCH_TEXT} characters.`);
        }
        // The same search in another form (case, accents, spaces) has the same answer.
        const key = [params.database, kind, ...fields.map((field) => searchKey(request[field] ?? ''))].join('\0');
        let body = searches.get(key);
        if (body === undefined) {
          body = JSON.stringify(store.search(kind, request));
          searches.set(key, body, 2 * (body.length + key.length), SEARCH_TTL_MS);
        }
        return reply.type('application/json; charset=utf-8').send(body);
      },
    );
  };
  searchRoute('entry-data');
  searchRoute('definition-data');
};

export default referenceService;
