// The OpenAPI 3.1 document of the server's /api, built from the same catalog and shapes as
// the routes, so it cannot drift from them. The client's TypeScript types are generated
// from it (scripts/generate-api-types.ts).
import {
  definitionSections,
  entrySections,
  searchRequests,
  TRANSCRIPTION_PARAM,
  type SearchKind,
  type SectionSpec,
  type Tag,
} from '../src/api/catalog';
import {
  DatabaseList,
  DefinitionLine,
  DefinitionMap,
  EndLine,
  EntryLine,
  ErrorBody,
  SearchResponse,
  type Schema,
} from '../src/api/schemas';
import { NDJSON_TYPE } from './entry-lines';

const pascal = (text: string) => text.replace(/(^|-)(\w)/g, (_, __: string, letter: string) => letter.toUpperCase());

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ref = (kind: 'schemas' | 'parameters' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const ok = (schemaName: string) => ({ description: 'Success', ...json(ref('schemas', schemaName)) });
const errorResponses = (statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [String(status), ref('responses', String(status))]));

const EXTENSION_NOTE =
  'Extension: the specification lists this operation without detail (§4.4); the path and shape are ours.';

interface Operation {
  name: string;
  /** The spec's maturity tag, or `extension`; none for the server's own routes. */
  tag?: Tag;
  group: 'Entry data' | 'Definition data' | 'Search' | 'Server';
  summary: string;
}

/** The parts common to every operation: tag, maturity and the extension mark. */
function operation({ name, tag, group, summary }: Operation) {
  const extension = tag === 'extension';
  const marks = extension ? { description: EXTENSION_NOTE, 'x-extension': true } : tag ? { 'x-maturity': tag } : {};
  return { operationId: name, tags: [extension ? 'Extensions' : group], summary, ...marks };
}

function sectionPath(level: 'entry' | 'definition', suffix: string, spec: SectionSpec, schemaName: string) {
  const statuses = spec.transcription ? [400, 404, 500] : [404, 500];
  return {
    get: {
      ...operation({
        name: `${level}-${suffix}`,
        tag: spec.tag,
        group: level === 'entry' ? 'Entry data' : 'Definition data',
        summary: `The ${suffix.replace(/-/g, ' ')} of ${level === 'entry' ? 'an entry' : 'a definition'}`,
      }),
      ...(spec.transcription ? { parameters: [ref('parameters', 'phonemicTranscription')] } : {}),
      responses: { 200: ok(schemaName), ...errorResponses(statuses) },
    },
  };
}

function searchPath(kind: SearchKind, schemaName: string) {
  return {
    post: {
      ...operation({
        name: `search-${kind}`,
        tag: 'Developing',
        group: 'Search',
        summary: kind === 'entry-data' ? 'Search entries (S1)' : 'Search definitions (S2)',
      }),
      description:
        'Matching ignores case and accents. A field matches a text equal to it, starting with it, or, with * and ?, ' +
        'matching it as a pattern; the headword field also matches inflected forms. Exact and inflected matches ' +
        'come first. Results are capped at 50; total counts them all.',
      requestBody: { required: true, ...json(ref('schemas', schemaName)) },
      responses: { 200: ok('SearchResponse'), ...errorResponses([400, 404, 500]) },
    },
  };
}

export function openApiDocument() {
  const schemas: Record<string, Schema> = { DefinitionMap, SearchResponse, ErrorBody, DatabaseList };
  const paths: Record<string, object> = {};
  const entryPrefix = '/{database}/entries/{entry-id}';
  const definitionPrefix = `${entryPrefix}/defs/{def-id}`;

  paths[`${entryPrefix}/defs`] = {
    get: {
      ...operation({
        name: 'entry-defs',
        tag: 'Tested',
        group: 'Entry data',
        summary: 'The definition map of an entry',
      }),
      responses: { 200: ok('DefinitionMap'), ...errorResponses([404, 500]) },
    },
  };
  for (const [suffix, spec] of Object.entries(entrySections)) {
    const name = `Entry${pascal(suffix)}`;
    schemas[name] = spec.schema;
    paths[`${entryPrefix}/${suffix}`] = sectionPath('entry', suffix, spec, name);
  }
  for (const [suffix, spec] of Object.entries(definitionSections)) {
    const name = `Definition${pascal(suffix)}`;
    schemas[name] = spec.schema;
    paths[`${definitionPrefix}/${suffix}`] = sectionPath('definition', suffix, spec, name);
  }
  for (const [kind, schema] of Object.entries(searchRequests) as [SearchKind, Schema][]) {
    const name = `${pascal(kind)}SearchRequest`;
    schemas[name] = schema;
    paths[`/{database}/search/${kind}`] = searchPath(kind, name);
  }
  schemas.EntryLine = EntryLine;
  schemas.DefinitionLine = DefinitionLine;
  schemas.EndLine = EndLine;
  schemas.WholeEntryLine = {
    oneOf: [ref('schemas', 'EntryLine'), ref('schemas', 'DefinitionLine'), ref('schemas', 'EndLine')],
  };
  paths[entryPrefix] = {
    get: {
      ...operation({ name: 'entry-whole', group: 'Server', summary: 'A whole entry in one response' }),
      description:
        'Not part of the Dictionary Data Service: our server reads every section of the entry, of its run-on ' +
        'entries and of all their definitions (from SQLite, or from the upstream service in parallel, through its ' +
        'cache) and answers them in one response, so that the app reads an entry in one round trip. The body is ' +
        'NDJSON: an EntryLine, then a DefinitionLine for each definition (streamed as they are read when ' +
        'assembled from the upstream), then an EndLine. Each section is a value, absent, or an error of its own.',
      parameters: [ref('parameters', 'phonemicTranscription')],
      responses: {
        200: {
          description: 'NDJSON, one WholeEntryLine a line',
          content: { [NDJSON_TYPE]: { schema: ref('schemas', 'WholeEntryLine') } },
        },
        ...errorResponses([400, 404, 500, 502, 504]),
      },
    },
  };

  paths['/databases.json'] = {
    get: {
      ...operation({
        name: 'databases',
        group: 'Server',
        summary: 'The databases this server offers',
      }),
      description: 'Not part of the Dictionary Data Service: the app asks its own server which databases to offer.',
      responses: { 200: ok('DatabaseList') },
    },
  };

  paths['/openapi.json'] = {
    get: {
      ...operation({ name: 'openapi', group: 'Server', summary: 'This document' }),
      description: 'Not part of the Dictionary Data Service.',
      responses: { 200: { description: 'The OpenAPI document', ...json({ type: 'object' }) } },
    },
  };

  const pathParameter = (name: string, description: string, pattern: string) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: { type: 'string', pattern },
  });

  return {
    openapi: '3.1.0',
    info: {
      title: 'Dictionary Data Service',
      version: '1.0.0',
      description:
        "A read-only JSON API of dictionary entries and their definitions, as served by this project's reference " +
        'implementation and proxy. Operations marked x-extension are shapes this project defines for operations the ' +
        "specification lists without detail; x-maturity is the specification's maturity tag.",
    },
    servers: [{ url: '/api' }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'Search' },
      { name: 'Entry data' },
      { name: 'Definition data' },
      { name: 'Extensions', description: 'Operations the specification lists without detail (§4.4)' },
      { name: 'Server', description: "This server's own routes" },
    ],
    paths: Object.fromEntries(
      Object.entries(paths).map(([path, item]) => [
        path,
        {
          parameters: [
            ref('parameters', 'database'),
            ...(path.includes('{entry-id}') ? [ref('parameters', 'entryId')] : []),
            ...(path.includes('{def-id}') ? [ref('parameters', 'defId')] : []),
          ].filter(() => path.startsWith('/{database}')),
          ...item,
        },
      ]),
    ),
    components: {
      schemas,
      parameters: {
        database: {
          name: 'database',
          in: 'path',
          required: true,
          description: 'Selects the database',
          schema: { type: 'string' },
        },
        entryId: pathParameter(
          'entry-id',
          'Entry ID (8-4-4-4-12 hexadecimal)',
          '^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$',
        ),
        defId: pathParameter('def-id', 'Definition ID, unique within the entry', '^[0-9]+$'),
        phonemicTranscription: {
          name: TRANSCRIPTION_PARAM,
          in: 'query',
          required: false,
          description:
            'Pronunciation notation; each database lists the values it accepts (sample and wordnet: ipa, md)',
          schema: { type: 'string' },
        },
      },
      responses: {
        400: {
          description: 'Bad request: malformed search body or unsupported phonemic-transcription',
          ...json(ref('schemas', 'ErrorBody')),
        },
        404: {
          description: 'Not found: unknown database, entry, definition or operation; or a section the definition lacks',
          ...json(ref('schemas', 'ErrorBody')),
        },
        500: { description: 'Internal server error', ...json(ref('schemas', 'ErrorBody')) },
        502: {
          description: 'Bad gateway: the upstream service failed or answered something malformed',
          ...json(ref('schemas', 'ErrorBody')),
        },
        504: {
          description: 'Gateway timeout: the upstream service did not answer in time',
          ...json(ref('schemas', 'ErrorBody')),
        },
      },
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'Required by the real service; this server adds it upstream, so the browser never sends one.',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
