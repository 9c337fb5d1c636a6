import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as api from './endpoints';
import { ApiError } from './http';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ENTRY = '0a1b2c3d-4e5f-6789-abcd-ef0123456789';
const DB = 'my db/ü';
const DB_PATH = '/api/my%20db%2F%C3%BC';

interface Seen {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** Answers every request with `body` (status `status`) and records what was asked. */
function answer(body: unknown, status = 200, raw = false): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        path: url.pathname,
        search: url.search,
        body: request.method === 'POST' ? await request.json() : undefined,
      });
      return raw ? new HttpResponse(body as string, { status }) : HttpResponse.json(body as never, { status });
    }),
  );
  return seen;
}

async function failure(call: () => Promise<unknown>): Promise<ApiError> {
  const error = await call().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

type Case = {
  name: string;
  call: (transcription?: string) => Promise<unknown>;
  path: string;
  transcription: boolean;
  valid: unknown;
  invalid: unknown;
};

const entry = (
  name: string,
  fn: (db: string, id: string, o?: api.ReadOptions) => Promise<unknown>,
  suffix: string,
  transcription: boolean,
  valid: unknown,
  invalid: unknown,
): Case => ({
  name,
  call: (t) => fn(DB, ENTRY, { transcription: t }),
  path: `${DB_PATH}/entries/${ENTRY}/${suffix}`,
  transcription,
  valid,
  invalid,
});
const definition = (
  name: string,
  fn: (db: string, id: string, def: string, o?: api.ReadOptions) => Promise<unknown>,
  suffix: string,
  transcription: boolean,
  valid: unknown,
  invalid: unknown,
): Case => ({
  name,
  call: (t) => fn(DB, ENTRY, '007', { transcription: t }),
  path: `${DB_PATH}/entries/${ENTRY}/defs/007/${suffix}`,
  transcription,
  valid,
  invalid,
});

const GETS: Case[] = [
  entry('E1 getDefinitionMap', api.getDefinitionMap, 'defs', false, { '001': '1', '002': '3a' }, { '001': 1 }),
  entry(
    'E2 getEntryEtymology',
    api.getEntryEtymology,
    'etymology',
    true,
    { data: 'Latin', type: 'word' },
    { type: 'word' },
  ),
  entry('E3 getHeadword', api.getHeadword, 'headword', false, 'mouse', { headword: 'mouse' }),
  entry('E4 getUsageNotes', api.getUsageNotes, 'usage-notes', true, [{ data: 'x', type: 'env' }], [{ data: 1 }]),
  definition('D1 getAbbreviations', api.getAbbreviations, 'abbreviations', false, ['Fr.'], 'Fr.'),
  definition('D2 getContextualNote', api.getContextualNote, 'contextual-note', false, '<i>informal</i>', ['informal']),
  definition(
    'D3 getCrossReferences',
    api.getCrossReferences,
    'cross-references',
    false,
    [
      {
        type: 'arrow',
        entry: { id: ENTRY, display: 'dest', text: 'cat' },
        definition: [{ disjunctive: false, id: '001' }],
      },
    ],
    [{ type: 'arrow', entry: { display: 'dest' } }],
  ),
  definition(
    'D4 getDefinitionEtymology',
    api.getDefinitionEtymology,
    'etymology',
    true,
    [{ type: 'phrase', data: ['a'] }],
    [{ type: 'phrase', data: 'a' }],
  ),
  definition(
    'D5 getGeographicInformation',
    api.getGeographicInformation,
    'geographic-information',
    false,
    [{ type: 'cap', data: 'Paris' }],
    [{ type: 'cap' }],
  ),
  definition('D6 getHeadwordModifiers', api.getHeadwordModifiers, 'headword-modifiers', false, ['computer'], [1]),
  definition(
    'D7 getInflections',
    api.getInflections,
    'inflections',
    true,
    [
      {
        data: 'mice',
        number: 'pl',
        label: [{ data: 'US', type: 'language', qualifier: 'often' }],
        pronunciation: [{ ipa: 'maɪs', say: 'MYSS', speech: 'mice' }],
        equivalents: [{}],
      },
    ],
    [{ data: 'mice', pronunciation: { ipa: 'maɪs' } }],
  ),
  definition('D8 getPartsOfSpeech', api.getPartsOfSpeech, 'parts-of-speech', false, ['noun'], null),
  definition(
    'D9 getScientificInformation',
    api.getScientificInformation,
    'scientific-information',
    false,
    [{ type: 'atno', data: '8' }],
    [{ type: 'atno', data: 8 }],
  ),
  definition(
    'D10 getSearchTerms',
    api.getSearchTerms,
    'search-terms',
    false,
    [{ data: 'mice', type: 'rinf', number: 'pl', lemma: 'hwd', pos: 'n' }],
    [{ type: 'rinf' }],
  ),
  definition('D11 getSymbols', api.getSymbols, 'symbols', false, ['O'], {}),
  definition('D12 getVariants', api.getVariants, 'variants', true, [{ data: 'cafe' }], [{ text: 'cafe' }]),
];

describe.each(GETS)('$name', ({ call, path, transcription, valid, invalid }) => {
  it('sends a GET to the encoded path and returns the validated body', async () => {
    const seen = answer(valid);
    await expect(call()).resolves.toEqual(valid);
    expect(seen).toEqual([{ method: 'GET', path, search: '', body: undefined }]);
  });

  it(transcription ? 'sends phonemic-transcription' : 'sends no query parameter', async () => {
    const seen = answer(valid);
    await call('md');
    expect(seen[0]!.search).toBe(transcription ? '?phonemic-transcription=md' : '');
  });

  it.each([
    [400, 'bad-request'],
    [404, 'not-found'],
    [500, 'server-error'],
    [503, 'server-error'],
  ] as const)('maps status %i to a %s error with the upstream message', async (status, kind) => {
    answer({ statusCode: status, error: 'x', message: `upstream says ${status}` }, status);
    const error = await failure(() => call());
    expect(error).toMatchObject({ kind, status, message: `upstream says ${status}` });
  });

  it('reports a body of the wrong shape as an invalid response', async () => {
    answer(invalid);
    const error = await failure(() => call());
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toMatch(/unexpected shape/);
  });

  it('reports a body that is not JSON as an invalid response', async () => {
    answer('<html>oops</html>', 200, true);
    expect(await failure(() => call())).toMatchObject({ kind: 'invalid-response' });
  });

  it('reports a network failure', async () => {
    server.use(http.all('*', () => HttpResponse.error()));
    expect(await failure(() => call())).toMatchObject({ kind: 'network' });
  });
});

describe.each([
  [
    'S1 searchEntryData',
    () => api.searchEntryData(DB, { headword: 'mouse', 'run-on entries': 'x' }),
    'entry-data',
    { headword: 'mouse', 'run-on entries': 'x' },
  ],
  [
    'S2 searchDefinitionData',
    () => api.searchDefinitionData(DB, { inflections: 'mice' }),
    'definition-data',
    { inflections: 'mice' },
  ],
])('%s', (_, call, kind, body) => {
  const hit = { entryId: ENTRY, headword: 'mouse', field: 'headword', text: 'mouse', match: 'exact' };

  it('POSTs the fields as JSON and returns the results', async () => {
    const suggestions = [{ field: 'headword', text: 'mouse' }];
    const seen = answer({ total: 1, results: [hit], suggestions });
    await expect(call()).resolves.toEqual({ total: 1, results: [hit], suggestions });
    expect(seen).toEqual([{ method: 'POST', path: `${DB_PATH}/search/${kind}`, search: '', body }]);
  });

  it.each([
    ['a bare array', [{ id: ENTRY, headword: 'mouse' }]],
    ['a list under "hits"', { hits: [{ 'entry-id': ENTRY, hwd: 'mouse' }], total: 1 }],
    ['nested entries', { entries: [{ entry: { id: ENTRY, headword: 'mouse' } }] }],
  ])('recognises %s', async (__, response) => {
    answer(response);
    const parsed = await call();
    expect(parsed.total).toBe(1);
    expect(parsed.suggestions).toEqual([]);
    expect(parsed.results[0]).toMatchObject({ entryId: ENTRY, headword: 'mouse' });
  });

  it.each([
    ['an unrecognisable object', { found: 'yes' }],
    ['hits without entry IDs', { results: [{ headword: 'mouse' }] }],
    ['a string', 'mouse'],
  ])('rejects %s as an invalid response', async (__, response) => {
    answer(response);
    expect(await failure(call)).toMatchObject({ kind: 'invalid-response' });
  });

  it.each([
    [400, 'bad-request'],
    [404, 'not-found'],
    [500, 'server-error'],
  ] as const)('maps status %i to %s', async (status, errorKind) => {
    answer({ message: 'no' }, status);
    expect(await failure(call)).toMatchObject({ kind: errorKind, message: 'no' });
  });
});

describe('extensions', () => {
  it('getDefinitionText and getRunOnEntries use their kebab-case paths', async () => {
    const seen = answer('a small rodent');
    await expect(api.getDefinitionText(DB, ENTRY, '001')).resolves.toBe('a small rodent');
    answer([{ headword: 'run out of steam', definitions: { '020': '1' } }]);
    await api.getRunOnEntries(DB, ENTRY);
    expect(seen[0]!.path).toBe(`${DB_PATH}/entries/${ENTRY}/defs/001/definition-text`);
  });

  it('uses the status text when an error body carries no message', async () => {
    answer('', 502, true);
    expect(await failure(() => api.getHeadword(DB, ENTRY))).toMatchObject({
      kind: 'server-error',
      message: expect.stringContaining('502'),
    });
  });
});
