import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionSections, entrySections } from '../../src/api/catalog';
import { mismatch } from '../../src/api/validate';
import { ErrorBody, SearchResponse } from '../../src/api/schemas';
import app from '../app';
import { sampleId } from '../datasets/sample';
import { testServer } from '../testing/openapi-conformance';
import { openSample } from './databases';

let server: FastifyInstance;
const mouse = sampleId('mouse');
const run = sampleId('run');
const cafe = sampleId('cafe');
const unknownEntry = '00000000-0000-0000-0000-000000000000';

beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const get = (url: string) => server.inject({ method: 'GET', url: `/api/sample${url}` });
const post = (url: string, payload: unknown, contentType = 'application/json') =>
  server.inject({
    method: 'POST',
    url: `/api/sample${url}`,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': contentType },
  });

function expectError(response: { statusCode: number; json: () => unknown }, status: number, message: RegExp) {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  expect(mismatch(ErrorBody, body)).toBeNull();
  expect((body as { message: string }).message).toMatch(message);
}

describe('entry data', () => {
  it('E1 answers the definition map without run-on definitions', async () => {
    const response = await get(`/entries/${run}/defs`);
    expect(response.statusCode).toBe(200);
    const map = response.json<Record<string, string>>();
    expect(Object.values(map).sort()).toEqual(['1', '10', '2', '3a', '3b', '4', '5', '6', '7', '8', '9']);
    expect(map).not.toHaveProperty('020');
  });

  it('E3 answers the headword as a JSON string', async () => {
    const response = await get(`/entries/${cafe}/headword`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toBe('café');
  });

  it('E2 answers the etymology in the requested transcription, IPA by default', async () => {
    expect((await get(`/entries/${cafe}/etymology`)).json()).toEqual({
      data: 'French <i>café</i> /kafe/ ‘coffee, coffee house’',
      type: 'word',
    });
    expect((await get(`/entries/${cafe}/etymology?phonemic-transcription=md`)).json<{ data: string }>().data).toContain(
      '\\ka-ˈfā\\',
    );
  });

  it('E4 answers usage notes with markup', async () => {
    const notes = (await get(`/entries/${mouse}/usage-notes`)).json<{ data: string; type: string }[]>();
    expect(notes[0]?.type).toBe('env');
    expect(notes[0]?.data).toContain('data-dictionary-type="cross-reference"');
  });

  it('answers 404 for an entry-level section the entry lacks', async () => {
    expectError(await get(`/entries/${sampleId('rat')}/etymology`), 404, /has no etymology/);
  });

  it('extension run-on-entries lists run-on definitions', async () => {
    expect((await get(`/entries/${run}/run-on-entries`)).json()).toEqual([
      { headword: 'run out of steam', definitions: { '020': '1' } },
    ]);
  });
});

describe('definition data', () => {
  const cases: [suffix: keyof typeof definitionSections, entry: string, defId: string, expected: unknown][] = [
    ['abbreviations', sampleId('france'), '001', ['Fr.', 'FR']],
    ['contextual-note', mouse, '002', 'in <span data-dictionary-type="context-word">computing</span>'],
    [
      'cross-references',
      mouse,
      '001',
      [
        {
          type: 'arrow',
          entry: { id: sampleId('rat'), display: 'dest', text: 'rat' },
          definition: [{ disjunctive: false, id: '001' }],
        },
      ],
    ],
    ['etymology', mouse, '001', [{ type: 'phrase', data: ['Old English <i>mūs</i>', 'plural <i>mȳs</i>'] }]],
    [
      'geographic-information',
      sampleId('france'),
      '001',
      [
        { type: 'area', data: '551,695 km<sup>2</sup>' },
        { type: 'langs', data: 'French' },
        { type: 'curr', data: 'euro (EUR)' },
        { type: 'cap', data: '<b>Paris</b>' },
      ],
    ],
    ['headword-modifiers', mouse, '002', ['computer']],
    [
      'inflections',
      sampleId('i'),
      '001',
      [
        { data: 'me', case: 'obj', person: '1' },
        { data: 'we', number: 'pl', person: '1' },
      ],
    ],
    ['parts-of-speech', run, '020', ['phrasal verb']],
    [
      'scientific-information',
      sampleId('oxygen'),
      '001',
      [
        { type: 'atno', data: '8' },
        { type: 'mass', data: '15.999' },
        { type: 'dens', data: '1.429 g/L' },
      ],
    ],
    ['search-terms', mouse, '001', [{ data: 'mice', type: 'rinf', number: 'pl', lemma: 'hwd', pos: 'n' }]],
    ['symbols', sampleId('oxygen'), '001', ['O']],
    ['variants', cafe, '001', [{ data: 'cafe' }]],
    ['definition-text', run, '020', 'to lose energy or enthusiasm'],
  ];

  it.each(cases)('%s answers its record shape', async (suffix, entry, defId, expected) => {
    const response = await get(`/entries/${entry}/defs/${defId}/${suffix}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
    expect(mismatch(definitionSections[suffix].schema, response.json())).toBeNull();
  });

  it('the transcription changes pronunciations (D7) and variants (D12)', async () => {
    const ipa = await get(`/entries/${mouse}/defs/001/inflections?phonemic-transcription=ipa`);
    const md = await get(`/entries/${mouse}/defs/001/inflections?phonemic-transcription=md`);
    expect(ipa.json<{ pronunciation: { say: string }[] }[]>()[0]?.pronunciation[0]?.say).toBe('MYSS');
    expect(md.json<{ pronunciation: { say: string }[] }[]>()[0]?.pronunciation[0]?.say).toBe('ˈmīs');
    expect((await get(`/entries/${cafe}/defs/001/variants?phonemic-transcription=md`)).json()).toHaveLength(2);
  });

  it('answers an empty list for a list section the definition lacks', async () => {
    const response = await get(`/entries/${sampleId('rat')}/defs/001/symbols`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers 404 for a text section the definition lacks', async () => {
    expectError(await get(`/entries/${sampleId('rat')}/defs/001/contextual-note`), 404, /has no contextual note/);
  });
});

describe('statuses of every GET operation', () => {
  const entryPaths = ['defs', ...Object.keys(entrySections)].map(
    (suffix) => (entry: string) => `/entries/${entry}/${suffix}`,
  );
  const definitionPaths = Object.keys(definitionSections).map(
    (suffix) =>
      (entry: string, defId = '001') =>
        `/entries/${entry}/defs/${defId}/${suffix}`,
  );
  const all = [...entryPaths, ...definitionPaths];

  it.each(all.map((path) => [path(mouse), path]))(
    '%s: unknown database, malformed or unknown entry are 404',
    async (_, path) => {
      expectError(await server.inject(`/api/nope${path(mouse)}`), 404, /no database named "nope"/);
      expectError(await get(path('not-an-id')), 404, /not an entry ID/);
      expectError(await get(path(unknownEntry)), 404, /no entry/);
    },
  );

  it.each(definitionPaths.map((path) => [path(mouse), path]))(
    '%s: malformed or unknown definition is 404',
    async (_, path) => {
      expectError(await get(path(mouse, 'abc')), 404, /not a definition ID/);
      expectError(await get(path(mouse, '999')), 404, /has no definition 999/);
    },
  );

  const transcribed = [
    `/entries/${mouse}/etymology`,
    `/entries/${mouse}/usage-notes`,
    `/entries/${mouse}/defs/001/etymology`,
    `/entries/${mouse}/defs/001/inflections`,
    `/entries/${mouse}/defs/001/variants`,
  ];
  it.each(transcribed)('%s: an unsupported phonemic-transcription is 400', async (path) => {
    expectError(
      await get(`${path}?phonemic-transcription=klingon`),
      400,
      /Unsupported phonemic-transcription "klingon".*ipa, md/,
    );
    expect((await get(`${path}?phonemic-transcription=md`)).statusCode).toBe(200);
  });

  it('an unknown path under /api is a 404 in the error shape', async () => {
    expectError(await server.inject('/api/sample/entries'), 404, /no operation/);
  });

  it('a failure inside the service is a 500 in the error shape, without details', async () => {
    const broken = Fastify({ logger: false });
    const store = openSample();
    await broken.register(app, { distDir: '/nonexistent', stores: new Map([['sample', store]]) });
    store.db.close();
    const response = await broken.inject(`/api/sample/entries/${mouse}/headword`);
    expectError(response, 500, /^The dictionary service failed to answer this request\.$/);
    await broken.close();
  });
});

describe('search', () => {
  it('S1 finds entries by headword, exact matches first, accents ignored', async () => {
    const response = await post('/search/entry-data', { headword: 'CAFE' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(mismatch(SearchResponse, body)).toBeNull();
    expect(body).toEqual({
      total: 1,
      results: [{ entryId: cafe, headword: 'café', field: 'headword', text: 'café', match: 'exact' }],
      suggestions: [],
    });
  });

  it('S1 finds an entry by an inflected form of its headword, ranked after exact matches', async () => {
    const mice = (await post('/search/entry-data', { headword: 'Mice' })).json<SearchResponse>();
    expect(mice.results).toEqual([
      { entryId: mouse, headword: 'mouse', field: 'headword', text: 'mice', match: 'inflection' },
    ]);
    const ran = (await post('/search/entry-data', { headword: 'ran' })).json<SearchResponse>();
    expect(ran.results.map((hit) => [hit.headword, hit.match])).toEqual([['run', 'inflection']]);
    // Inflected forms match only whole: "mic" is no prefix of mouse.
    expect((await post('/search/entry-data', { headword: 'mic' })).json<SearchResponse>().total).toBe(0);
  });

  it('S1 and S2 take * and ? wildcards', async () => {
    const star = (await post('/search/entry-data', { headword: '*at' })).json<SearchResponse>();
    expect(star.results.map((hit) => [hit.headword, hit.match])).toEqual([
      ['cat', 'wildcard'],
      ['rat', 'wildcard'],
    ]);
    const question = (await post('/search/entry-data', { headword: 'r?n' })).json<SearchResponse>();
    expect(question.results.map((hit) => hit.headword)).toEqual(['run']);
    const literalBracket = (await post('/search/entry-data', { headword: '[r]*' })).json<SearchResponse>();
    expect(literalBracket.total).toBe(0);
    const definitions = (await post('/search/definition-data', { inflections: 'r?n' })).json<SearchResponse>();
    expect(definitions.results.map((hit) => [hit.headword, hit.number, hit.text])).toEqual([['run', '1', 'ran']]);
  });

  it('suggests close spellings when nothing matches', async () => {
    const misspelt = (await post('/search/entry-data', { headword: 'mouze' })).json<SearchResponse>();
    expect(misspelt).toEqual({ total: 0, results: [], suggestions: [{ field: 'headword', text: 'mouse' }] });
    const swapped = (await post('/search/entry-data', { headword: 'oxgyen' })).json<SearchResponse>();
    expect(swapped.suggestions).toEqual([{ field: 'headword', text: 'oxygen' }]);
    // A word that begins others is not misspelt: no suggestion while any text starts with it.
    const prefixOnly = (await post('/search/entry-data', { headword: 'compute' })).json<SearchResponse>();
    expect(prefixOnly.results.map((hit) => hit.headword)).toEqual(['computer']);
    expect(prefixOnly.suggestions).toEqual([]);
    const found = (await post('/search/entry-data', { headword: 'cat' })).json<SearchResponse>();
    expect(found.suggestions).toEqual([]);
    const nothingClose = (await post('/search/entry-data', { headword: 'xylophone' })).json<SearchResponse>();
    expect(nothingClose).toEqual({ total: 0, results: [], suggestions: [] });
  });

  it('S1 ranks exact before prefix matches', async () => {
    const hits = (await post('/search/entry-data', { headword: 'r' })).json<{ results: { headword: string }[] }>();
    expect(hits.results.map((hit) => hit.headword)).toEqual(['rat', 'run']);
    const exact = (await post('/search/entry-data', { headword: 'run' })).json<{ results: { match: string }[] }>();
    expect(exact.results[0]).toMatchObject({ match: 'exact' });
  });

  it('S1 searches run-on entries and search terms, and combines fields with AND', async () => {
    const runOn = (await post('/search/entry-data', { 'run-on entries': 'run out' })).json<{ results: unknown[] }>();
    expect(runOn.results).toEqual([
      { entryId: run, headword: 'run', field: 'run-on entries', text: 'run out of steam', match: 'prefix' },
    ]);
    const terms = (await post('/search/entry-data', { 'search terms': 'mice' })).json<{
      results: { headword: string }[];
    }>();
    expect(terms.results.map((hit) => hit.headword)).toEqual(['mouse']);
    const both = await post('/search/entry-data', { headword: 'mouse', 'search terms': 'cafe' });
    expect(both.json()).toMatchObject({ total: 0, results: [] });
  });

  it('S2 finds definitions by inflection, abbreviation and variant', async () => {
    const inflected = (await post('/search/definition-data', { inflections: 'ran' })).json();
    expect(inflected).toEqual({
      total: 1,
      results: [
        { entryId: run, headword: 'run', defId: '001', number: '1', field: 'inflections', text: 'ran', match: 'exact' },
      ],
      suggestions: [],
    });
    const abbreviation = (await post('/search/definition-data', { abbreviations: 'fr.' })).json<{
      results: unknown[];
    }>();
    expect(abbreviation.results).toHaveLength(1);
    const both = (await post('/search/definition-data', { variants: 'cafe', bynames: 'hex' })).json();
    expect(both).toMatchObject({ total: 0, results: [] });
  });

  it.each([
    ['not JSON', '{"headword":', /not valid JSON/],
    ['not an object', [1, 2], /must be a JSON object/],
    ['null', 'null', /must be a JSON object/],
    ['a non-string field', { headword: 3 }, /"headword" must be a string/],
    ['an unknown field', { headwords: 'x' }, /Unknown search field "headwords"/],
    ['no field filled', { headword: '  ' }, /Fill in at least one search field/],
    ['an empty object', {}, /Fill in at least one search field/],
  ])('S1 and S2 answer 400 for %s', async (_, payload, message) => {
    expectError(await post('/search/entry-data', payload), 400, message);
    const forDefinitions =
      payload !== null && typeof payload === 'object' && 'headword' in payload
        ? { variants: payload.headword }
        : payload;
    const definitionResponse = await post('/search/definition-data', forDefinitions);
    expect(definitionResponse.statusCode).toBe(400);
  });

  it('answers 400 for a search text over 200 characters, and 413 for a body over 16 KiB', async () => {
    expectError(await post('/search/entry-data', { headword: 'a'.repeat(201) }), 400, /"headword" is too long/);
    expect((await post('/search/entry-data', { headword: 'a'.repeat(200) })).statusCode).toBe(200);
    const huge = await post('/search/entry-data', { headword: '<'.repeat(1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ message: string }>().message).toMatch(/too large/i);
  });

  it('answers 400 for a body that is not sent as JSON', async () => {
    expectError(await post('/search/entry-data', 'headword=run', 'application/x-www-form-urlencoded'), 400, /as JSON/);
  });

  it('answers 404 for an unknown database or search', async () => {
    expectError(
      await server.inject({ method: 'POST', url: '/api/nope/search/entry-data', payload: { headword: 'x' } }),
      404,
      /no database/,
    );
    expectError(await post('/search/everything', { headword: 'x' }), 404, /no operation/);
  });
});
