import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { definitionSections, entrySections } from '../src/api/catalog';
import app from './app';
import { sampleId } from './datasets/sample';
import { openApiDocument } from './openapi';
import { openSample } from './reference/databases';
import { OpenApiConformance } from './testing/openapi-conformance';

const document = openApiDocument();
type Operation = {
  'x-extension'?: boolean;
  'x-maturity'?: string;
  tags: string[];
  responses: Record<string, { content?: object }>;
};
const operationAt = (path: string, method: 'get' | 'post') =>
  (document.paths as unknown as Record<string, Record<string, Operation>>)[path]?.[method];

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes every operation, marking extensions as such and the others with their maturity', () => {
    expect(operationAt('/{database}/entries/{entry-id}/defs', 'get')).toMatchObject({ 'x-maturity': 'Tested' });
    for (const [suffix, spec] of Object.entries(entrySections)) {
      const operation = operationAt(`/{database}/entries/{entry-id}/${suffix}`, 'get');
      expect(operation, suffix).toMatchObject(
        spec.tag === 'extension' ? { 'x-extension': true, tags: ['Extensions'] } : { 'x-maturity': spec.tag },
      );
    }
    for (const [suffix, spec] of Object.entries(definitionSections)) {
      const operation = operationAt(`/{database}/entries/{entry-id}/defs/{def-id}/${suffix}`, 'get');
      expect(operation, suffix).toMatchObject(
        spec.tag === 'extension' ? { 'x-extension': true, tags: ['Extensions'] } : { 'x-maturity': spec.tag },
      );
    }
    expect(operationAt('/{database}/search/entry-data', 'post')).toMatchObject({ 'x-maturity': 'Developing' });
    expect(operationAt('/{database}/search/definition-data', 'post')).toMatchObject({ 'x-maturity': 'Developing' });
    const extensions = Object.values(document.paths).flatMap((item) =>
      Object.values(item as unknown as Record<string, Operation>).filter((operation) => operation['x-extension']),
    );
    expect(extensions).toHaveLength(12); // §4.4's twelve
    expect(operationAt('/databases.json', 'get')).toMatchObject({ tags: ['Server'] });
    expect(operationAt('/openapi.json', 'get')).toMatchObject({ tags: ['Server'] });
    const whole = operationAt('/{database}/entries/{entry-id}', 'get');
    expect(whole).toMatchObject({ tags: ['Server'] });
    expect(whole).not.toHaveProperty('x-extension');
    expect(whole).not.toHaveProperty('x-maturity');
    expect(Object.keys(whole!.responses[200]!.content!)).toEqual(['application/x-ndjson']);
  });

  it('is served at /api/openapi.json', async () => {
    const server = Fastify();
    await server.register(app, { distDir: '/nonexistent', stores: new Map([['sample', openSample()]]) });
    const response = await server.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(document)));
    await server.close();
  });
});

describe('checking responses against the document', () => {
  const entry = `/api/sample/entries/${sampleId('mouse')}`;
  const json = 'application/json; charset=utf-8';
  const error = JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'No.' });

  it('accepts responses the document describes', () => {
    const conformance = new OpenApiConformance(document);
    conformance.check('GET', `${entry}/headword`, 200, json, '"mouse"');
    conformance.check('GET', `${entry}/defs/001/parts-of-speech`, 200, json, '["noun"]');
    conformance.check('GET', `${entry}/defs/001/etymology?phonemic-transcription=md`, 404, json, error);
    conformance.check('GET', '/api/sample/nothing', 404, json, error);
    conformance.check('GET', '/index.html', 200, 'text/html', '<html>');
    conformance.check(
      'GET',
      entry,
      200,
      'application/x-ndjson; charset=utf-8',
      '{"kind":"entry","headword":"mouse","definitions":{"001":"1"},"values":{},"absent":[],"errors":{}}\n' +
        '{"kind":"definition","id":"001","values":{"symbols":[]},"absent":["contextual-note"],' +
        '"errors":{"inflections":{"status":502,"message":"No."}}}\n{"kind":"end","definitions":1}\n',
    );
    expect(conformance.failures).toEqual([]);
    expect(conformance.checked).toBe(5);
  });

  it.each([
    ['a body of the wrong shape', 'GET', `${entry}/headword`, 200, json, '["mouse"]', /must be string/],
    ['a status the operation does not list', 'GET', `${entry}/headword`, 400, json, error, /no such status/],
    ['an error body of the wrong shape', 'GET', `${entry}/headword`, 404, json, '{"error":"x"}', /required/],
    ['a body that is not JSON', 'GET', `${entry}/headword`, 200, 'text/plain', 'mouse', /not application\/json/],
    ['a whole entry sent as JSON', 'GET', entry, 200, json, '{}', /not application\/x-ndjson/],
    [
      'a whole entry with a line of no known kind',
      'GET',
      entry,
      200,
      'application/x-ndjson',
      '{"kind":"end","definitions":0}\n{"kind":"other"}\n',
      /oneOf/,
    ],
    [
      'a search hit with an unknown match',
      'POST',
      '/api/sample/search/entry-data',
      200,
      json,
      '{"total":1,"results":[{"entryId":"x","headword":"x","field":"headword","text":"x","match":"fuzzy"}]}',
      /allowed values/,
    ],
  ])('reports %s', (_, method, url, status, contentType, payload, problem) => {
    const conformance = new OpenApiConformance(document);
    conformance.check(method, url, status, contentType, payload);
    expect(conformance.failures).toHaveLength(1);
    expect(conformance.failures[0]).toMatch(problem);
  });

  it('watches every response a server sends', async () => {
    const server = Fastify();
    const conformance = new OpenApiConformance(document);
    conformance.watch(server);
    await server.register(app, { distDir: '/nonexistent', stores: new Map([['sample', openSample()]]) });
    await server.inject(`${entry}/headword`);
    await server.inject(`${entry}/defs`);
    await server.inject({ method: 'POST', url: '/api/sample/search/entry-data', payload: { headword: 'mo*' } });
    expect(conformance.checked).toBe(3);
    expect(conformance.failures).toEqual([]);
    await server.close();
  });
});
