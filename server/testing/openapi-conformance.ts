// Checks responses against the OpenAPI document: every test that starts a server through
// `testServer` has each of its /api responses validated, and fails if one does not conform.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import app from '../app';
import { openApiDocument } from '../openapi';
import { openSample } from '../reference/databases';
import type { DictionaryStore } from '../reference/store';

type Document = ReturnType<typeof openApiDocument>;
interface Ref {
  $ref: string;
}

function resolve(document: Document, value: unknown): Record<string, unknown> {
  let node = value as Record<string, unknown>;
  while (typeof node.$ref === 'string') {
    node = (node.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, document as never);
  }
  return node;
}

/** The schema with every `$ref` in it replaced by what it refers to (the document has no cycles). */
function inline(document: Document, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(document, item));
  if (typeof value !== 'object' || value === null) return value;
  const node = resolve(document, value);
  return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, inline(document, item)]));
}

interface Route {
  method: string;
  pattern: RegExp;
  /** By status: the media type of the body and its validator (of each line, for NDJSON). */
  validators: Map<number, { mediaType: string; validate: ValidateFunction }>;
}

const JSON_TYPE = 'application/json';

export class OpenApiConformance {
  readonly failures: string[] = [];
  checked = 0;
  private readonly routes: Route[] = [];
  private readonly errorBody: ValidateFunction;

  constructor(readonly document: Document = openApiDocument()) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const compile = (schema: unknown) => ajv.compile(inline(document, schema) as object);
    this.errorBody = compile(document.components.schemas.ErrorBody);
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      const pattern = new RegExp(`^/api${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'parameters') continue;
        const validators: Route['validators'] = new Map();
        const responses = (operation as { responses: Record<string, Ref> }).responses;
        for (const [status, response] of Object.entries(responses)) {
          const content = resolve(document, response).content as Record<string, { schema: unknown }>;
          const [mediaType, { schema }] = Object.entries(content)[0]!;
          validators.set(Number(status), { mediaType, validate: compile(schema) });
        }
        this.routes.push({ method: method.toUpperCase(), pattern, validators });
      }
    }
  }

  /** Records a failure unless the response is one the document describes. */
  check(method: string, url: string, status: number, contentType: string, payload: string) {
    const path = url.split('?')[0]!;
    if (!path.startsWith('/api/')) return;
    this.checked++;
    const where = `${method} ${url} → ${status}`;
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    const expected = route
      ? route.validators.get(status)
      : status >= 400
        ? { mediaType: JSON_TYPE, validate: this.errorBody }
        : undefined;
    if (!expected) {
      this.failures.push(`${where}: the document lists no such ${route ? 'status' : 'operation'}`);
      return;
    }
    if (!contentType.startsWith(expected.mediaType)) {
      this.failures.push(`${where}: content type ${contentType}, not ${expected.mediaType}`);
      return;
    }
    const { validate } = expected;
    // NDJSON: every line is one value of the schema.
    const values = expected.mediaType === JSON_TYPE ? [payload] : payload.split('\n').filter(Boolean);
    for (const value of values) {
      if (!validate(JSON.parse(value))) this.failures.push(`${where}: ${JSON.stringify(validate.errors)}`);
    }
  }

  /** Checks every response `server` sends from now on. */
  watch(server: FastifyInstance) {
    server.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload === 'string') {
        this.check(
          request.method,
          request.url,
          reply.statusCode,
          String(reply.getHeader('content-type') ?? ''),
          payload,
        );
      }
      return payload;
    });
  }
}

/**
 * A server over the given stores (the sample by default) whose /api responses are all
 * checked against the OpenAPI document; the test file fails if one does not conform.
 */
export async function testServer(
  stores: ReadonlyMap<string, DictionaryStore> = new Map([['sample', openSample()]]),
  distDir = '/nonexistent',
): Promise<FastifyInstance> {
  const server = Fastify();
  const conformance = new OpenApiConformance();
  conformance.watch(server);
  await server.register(app, { distDir, stores });
  afterAll(() => {
    expect(conformance.failures, 'responses that do not conform to the OpenAPI document').toEqual([]);
  });
  return server;
}
