// The built wordnet database (data/wordnet.sqlite, from `npm run data`; `npm test` builds it
// first), read through the reference service like any client would, every response checked
// against the OpenAPI document.
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CrossReferences,
  DefinitionMap,
  Inflections,
  RunOnEntries,
  SearchResponse,
} from '../../../src/api/schemas';
import { DATA_DIR } from '../../reference/databases';
import { DictionaryStore } from '../../reference/store';
import { COUNT_CAP, SEARCH_RESULT_CAP } from '../../reference/search';
import { testServer } from '../../testing/openapi-conformance';
import { isCurrent, wordnetPath } from '../build-data';
import { stableEntryId } from '../ids';

let server: FastifyInstance;

beforeAll(async () => {
  if (!isCurrent(wordnetPath())) {
    throw new Error(`${wordnetPath()} is missing or was built by an older builder: run \`npm run data\` first.`);
  }
  const store = new DictionaryStore(new Database(wordnetPath(), { readonly: true }));
  server = await testServer(new Map([['wordnet', store]]));
});

const get = async <T>(path: string, status = 200): Promise<T> => {
  const response = await server.inject(`/api/wordnet${path}`);
  expect(response.statusCode, path).toBe(status);
  return response.json<T>();
};
const search = async (kind: 'entry-data' | 'definition-data', body: Record<string, string>) => {
  const response = await server.inject({ method: 'POST', url: `/api/wordnet/search/${kind}`, payload: body });
  expect(response.statusCode).toBe(200);
  return response.json<SearchResponse>();
};
const idOf = (lemma: string) => stableEntryId('wordnet', lemma);
const entry = (lemma: string) => `/entries/${idOf(lemma)}`;

describe('the wordnet database', () => {
  it('derives entry IDs from the data, so they survive rebuilds', async () => {
    // Fixed values: a change in how IDs are derived would break every shared link.
    expect(await get<string>('/entries/3794ba86-0956-9371-b5a3-e5f74aced5b9/headword')).toBe('run');
    expect(await get<string>('/entries/dbd78cee-c554-06a8-d4c0-29fbd122b846/headword')).toBe('France');
  });

  it('numbers senses through the parts of speech, nouns first', async () => {
    const map = await get<DefinitionMap>(`${entry('run')}/defs`);
    const ids = Object.keys(map).sort();
    expect(ids.map((id) => map[id])).toEqual(ids.map((_, index) => String(index + 1)));
    expect(await get<string[]>(`${entry('run')}/defs/001/parts-of-speech`)).toEqual(['noun']);
    expect(await get<string[]>(`${entry('run')}/defs/${ids.at(-1)}/parts-of-speech`)).toEqual(['verb']);
    expect(await get<string>(`${entry('run')}/defs/001/definition-text`)).toMatch(/baseball/);
  });

  it('runs phrasal verbs on under their verb, with definitions outside the map', async () => {
    const runOns = await get<RunOnEntries>(`${entry('run')}/run-on-entries`);
    const runOut = runOns.find((runOn) => runOn.headword === 'run out');
    expect(runOut).toBeDefined();
    const [defId] = Object.keys(runOut!.definitions);
    expect(Object.keys(await get<DefinitionMap>(`${entry('run')}/defs`))).not.toContain(defId);
    expect(await get<string[]>(`${entry('run')}/defs/${defId}/parts-of-speech`)).toEqual(['verb']);
  });

  it('gives inflections with grammar and IPA, and pronunciations with a respelling', async () => {
    const inflections = await get<{ data: string; tense?: string }[]>(`${entry('mouse')}/defs/001/inflections`);
    expect(inflections).toEqual([{ data: 'mice', number: 'pl', pronunciation: [{ ipa: 'maɪs', say: 'MYS' }] }]);
    expect(await get(`${entry('mouse')}/defs/001/pronunciations`)).toEqual([{ ipa: 'maʊs', say: 'MOWS' }]);
    expect(await get(`${entry('mouse')}/defs/001/inflections?phonemic-transcription=klingon`, 400)).toMatchObject({
      message: expect.stringMatching(/ipa, md/),
    });
  });

  it('writes the inflections’ pronunciations in the md notation when asked', async () => {
    const definitions = await get<DefinitionMap>(`${entry('run')}/defs`);
    const verb = Object.keys(definitions).find((defId) => definitions[defId] === '17')!;
    const md = await get<Inflections>(`${entry('run')}/defs/${verb}/inflections?phonemic-transcription=md`);
    const ipa = await get<Inflections>(`${entry('run')}/defs/${verb}/inflections?phonemic-transcription=ipa`);
    expect(md.map((form) => form.data)).toEqual(ipa.map((form) => form.data));
    expect(md.find((form) => form.data === 'running')?.pronunciation).toEqual([{ ipa: 'ˈɹʌnɪŋ', say: 'ˈrə-niŋ' }]);
    expect(ipa.find((form) => form.data === 'running')?.pronunciation).toEqual([{ ipa: 'ˈɹʌnɪŋ', say: 'RUH-ning' }]);
  });

  it('gives country entries geographic information, with the capital linked to its entry', async () => {
    const facts = await get<{ type: string; data: string }[]>(`${entry('france')}/defs/001/geographic-information`);
    expect(facts.map((fact) => fact.type)).toEqual(['area', 'langs', 'curr', 'cap']);
    expect(facts[0]!.data).toBe('551,695 km²');
    expect(facts[3]!.data).toContain(`data-entry="${idOf('paris')}"`);
    expect(await get<string>(`${entry('paris')}/headword`)).toBe('Paris');
    expect(await get(`${entry('france')}/defs/001/abbreviations`)).toEqual(['FR', 'FRA']);
  });

  it('gives element entries scientific information and their symbol', async () => {
    expect(await get(`${entry('oxygen')}/defs/001/scientific-information`)).toEqual([
      { type: 'atno', data: '8' },
      { type: 'mass', data: '15.999 u' },
      { type: 'dens', data: '0.001429 g/cm³' },
    ]);
    expect(await get(`${entry('oxygen')}/defs/001/symbols`)).toEqual(['O']);
  });

  it('turns relations into cross-references whose targets exist', async () => {
    const references = await get<CrossReferences>(`${entry('mouse')}/defs/001/cross-references`);
    expect(references.map((reference) => reference.type)).toContain('hypernym');
    for (const reference of references) {
      const targetMap = await get<DefinitionMap>(`/entries/${reference.entry.id}/defs`);
      const defId = reference.definition![0]!.id;
      const runOns = await get<RunOnEntries>(`/entries/${reference.entry.id}/run-on-entries`);
      const all = [targetMap, ...runOns.map((runOn) => runOn.definitions)].flatMap(Object.keys);
      expect(all, reference.entry.text).toContain(defId);
    }
    const text = await get<string>(`${entry('mouse')}/defs/001/definition-text`);
    expect(text).toMatch(
      /data-dictionary-type="cross-reference" data-type="link" data-entry="[0-9a-f-]{36}">rodents?</,
    );
  });

  it('answers the documented shapes, and 404 for what a definition lacks', async () => {
    await get(`${entry('mouse')}/defs/001/contextual-note`, 404);
    expect(await get(`${entry('mouse')}/defs/001/etymology`)).toEqual([]);
    await get(`${entry('mouse')}/last-edited`, 404);
    await get(`/entries/00000000-0000-0000-0000-000000000000/headword`, 404);
  });

  it('keeps the licence notices of every source beside the database', () => {
    const notices = join(DATA_DIR, 'wordnet.LICENSES.txt');
    expect(existsSync(notices)).toBe(true);
  });
});

describe('search in wordnet', () => {
  it.each([
    ['mice', 'mouse'],
    ['ran', 'run'],
    ['geese', 'goose'],
    ['went', 'go'],
    ['better', 'good'],
  ])('finds %s as a form of %s', async (form, lemma) => {
    const { results } = await search('entry-data', { headword: form });
    expect(results.find((hit) => hit.match === 'inflection')).toMatchObject({ entryId: idOf(lemma), text: form });
  });

  it.each([
    ['recieve', 'receive'],
    ['definately', 'definitely'],
    ['seperate', 'separate'],
    ['oxgyen', 'oxygen'],
  ])('suggests %s → %s', async (misspelt, right) => {
    const response = await search('entry-data', { headword: misspelt });
    expect(response.total).toBe(0);
    expect(response.suggestions![0]).toEqual({ field: 'headword', text: right });
  });

  it('ranks exact matches first, caps the results, and counts up to the cap', async () => {
    const response = await search('entry-data', { headword: 'a' });
    expect(response.results[0]).toMatchObject({ headword: 'A', match: 'exact' });
    expect(response.results).toHaveLength(SEARCH_RESULT_CAP);
    expect(response).toMatchObject({ total: COUNT_CAP, more: true });
    const run = await search('entry-data', { headword: 'run' });
    expect(run.total).toBe(65);
    expect(run.more).toBeUndefined();
    expect(run.results.slice(0, 3).map((hit) => hit.headword)).toEqual(['run', 'run batted in', 'run-down']);
  });

  it.each([
    [{ headword: '*' }, 'all headwords'],
    [{ headword: '*a*' }, 'a pattern anchored nowhere'],
    [{ headword: '?' }, 'one character'],
    [{ headword: '*', 'search terms': '*', 'run-on entries': '*' }, 'three fields of everything'],
    [{ headword: 's', 'search terms': 's' }, 'two short prefixes'],
  ] as [Record<string, string>, string][])(
    'answers %j (%s) in bounded work, saying there may be more',
    async (fields) => {
      const response = await search('entry-data', fields);
      expect(response.more).toBe(true);
      expect(response.total).toBeLessThanOrEqual(COUNT_CAP);
      expect(response.suggestions).toEqual([]);
    },
  );

  it('finds every match of a pattern anchored at its end, in order', async () => {
    const response = await search('entry-data', { headword: '*ology' });
    expect(response.total).toBe(313);
    expect(response.more).toBeUndefined();
    const texts = response.results.map((hit) => hit.text.toLowerCase());
    expect(texts).toEqual([...texts].sort());
    expect(texts.slice(0, 2)).toEqual(['abnormal psychology', 'aerology']);
  });

  it('matches * and ? and ignores case and accents', async () => {
    const question = await search('entry-data', { headword: 'MO?SE' });
    expect(question.results.map((hit) => hit.headword)).toEqual(expect.arrayContaining(['moose', 'mouse']));
    const star = await search('entry-data', { headword: '*ology' });
    expect(star.results.every((hit) => hit.text.toLowerCase().endsWith('ology'))).toBe(true);
    const accents = await search('entry-data', { headword: 'café' });
    expect(accents.results[0]).toMatchObject({ headword: 'cafe', match: 'exact' });
  });

  it('searches definitions by abbreviation, byname and inflection, with fields combined by AND', async () => {
    const [france] = (await search('definition-data', { abbreviations: 'FRA' })).results;
    expect(france).toMatchObject({ entryId: idOf('france'), defId: '001' });
    expect((await search('definition-data', { bynames: 'french republic' })).results[0]?.entryId).toBe(idOf('france'));
    const went = await search('definition-data', { inflections: 'went' });
    expect(went.results.every((hit) => hit.entryId === idOf('go') || hit.text.startsWith('went '))).toBe(true);
    const both = await search('definition-data', { abbreviations: 'FRA', inflections: 'went' });
    expect(both.total).toBe(0);
  });
});
