// The whole entry of the embedded service must say, section by section, exactly what the
// section operations say.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionSections } from '../../src/api/catalog';
import type { DefinitionLine, EndLine, EntryLine } from '../../src/api/schemas';
import { sampleId } from '../datasets/sample';
import { ndjsonLines } from '../testing/ndjson';
import { testServer } from '../testing/openapi-conformance';

let server: FastifyInstance;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

async function wholeEntry(entryId: string, query = '') {
  const response = await server.inject(`/api/sample/entries/${entryId}${query}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
  return ndjsonLines(response.body);
}

/** What the section operation answers: its value, or 'absent' for a 404. */
async function sectionAnswer(path: string) {
  const response = await server.inject(`/api/sample/entries/${path}`);
  if (response.statusCode === 404) return 'absent';
  expect(response.statusCode).toBe(200);
  return response.json<unknown>();
}

function outcomeIn(line: EntryLine | DefinitionLine, name: string) {
  if (Object.hasOwn(line.values, name)) return line.values[name];
  if (line.absent.includes(name)) return 'absent';
  return line.errors[name] ?? 'missing';
}

describe('the whole entry (embedded)', () => {
  it.each([
    ['mouse', ''],
    ['run', ''],
    ['cafe', '?phonemic-transcription=md'],
    ['france', ''],
  ])('says for %s%s what every section operation says', async (key, query) => {
    const id = sampleId(key);
    const [entry, ...rest] = await wholeEntry(id, query);
    expect(entry).toMatchObject({ kind: 'entry', headword: await sectionAnswer(`${id}/headword`) });
    const head = entry as EntryLine;
    expect(head.definitions).toEqual(await sectionAnswer(`${id}/defs`));
    for (const name of ['etymology', 'usage-notes', 'last-edited', 'run-on-entries', 'search-terms']) {
      expect(outcomeIn(head, name), name).toEqual(await sectionAnswer(`${id}/${name}${query}`));
    }
    const end = rest.pop() as EndLine;
    const definitions = rest as DefinitionLine[];
    expect(end).toEqual({ kind: 'end', definitions: definitions.length });
    const runOns = (head.values['run-on-entries'] ?? []) as { definitions: Record<string, string> }[];
    const expectedIds = [
      ...Object.keys(head.definitions),
      ...runOns.flatMap((runOn) => Object.keys(runOn.definitions)),
    ];
    expect(definitions.map((line) => line.id).sort()).toEqual(expectedIds.sort());
    for (const line of definitions) {
      expect(line.kind).toBe('definition');
      expect(line.errors).toEqual({});
      for (const name of Object.keys(definitionSections)) {
        const answer = await sectionAnswer(`${id}/defs/${line.id}/${name}${query}`);
        expect(outcomeIn(line, name), `${line.id} ${name}`).toEqual(answer);
      }
    }
  });

  it('lists definitions in reading order, run-on definitions last', async () => {
    const lines = await wholeEntry(sampleId('run'));
    const ids = lines.filter((line) => line.kind === 'definition').map((line) => (line as DefinitionLine).id);
    const numbers = (lines[0] as EntryLine).definitions;
    expect(ids.slice(0, -1).map((id) => numbers[id])).toEqual([
      '1',
      '2',
      '3a',
      '3b',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(ids.at(-1)).toBe('020');
  });

  it('gives the server time it took', async () => {
    const response = await server.inject(`/api/sample/entries/${sampleId('run')}`);
    expect(response.headers['server-timing']).toMatch(/^assemble;dur=\d+(\.\d+)?$/);
  });

  it.each([
    ['an unknown entry', `/api/sample/entries/00000000-0000-0000-0000-000000000000`, 404, /There is no entry/],
    ['a malformed entry ID', `/api/sample/entries/mouse`, 404, /not an entry ID/],
    ['an unknown database', `/api/nowhere/entries/${sampleId('mouse')}`, 404, /no database/],
    [
      'an unsupported transcription',
      `/api/sample/entries/${sampleId('mouse')}?phonemic-transcription=xsampa`,
      400,
      /Unsupported phonemic-transcription/,
    ],
  ])('answers %s with an error', async (_, url, status, message) => {
    const response = await server.inject(url);
    expect(response.statusCode).toBe(status);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });
});
