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

interface Route {
  method: string;
  pattern: RegExp;
  validators: Map<number, ValidateFunction>;
}

export class OpenApiConformance {
  readonly failures: string[] = [];
  checked = 0;
  private readonly routes: Route[] = [];
  private readonly errorBody: ValidateFunction;

  constructor(readonly document: Document = openApiDocument()) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const compile = (schema: unknown) => ajv.compile(resolve(document, schema));
    this.errorBody = compile(document.components.schemas.ErrorBody);
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      const pattern = new RegExp(`^/api${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'parameters') continue;
        const validators = new Map<number, ValidateFunction>();
        const responses = (operation as { responses: Record<string, Ref> }).responses;
        for (const [status, response] of Object.entries(responses)) {
          const content = resolve(document, response).content as Record<string, { schema: unknown }>;
          validators.set(Number(status), compile(content['application/json']!.schema));
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
    if (!contentType.startsWith('application/json')) {
      this.failures.push(`${where}: content type ${contentType}, not JSON`);
      return;
    }
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    const validate = route ? route.validators.get(status) : status >= 400 ? this.errorBody : undefined;
    if (!validate) {
      this.failures.push(`${where}: the document lists no such ${route ? 'status' : 'operation'}`);
      return;
    }
    if (!validate(JSON.parse(payload))) {
      this.failures.push(`${where}: ${JSON.stringify(validate.errors)}`);
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
