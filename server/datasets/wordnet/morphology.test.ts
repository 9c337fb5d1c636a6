import { describe, expect, it } from 'vitest';
import { readAllExceptions } from './files';
import { inflectedForms } from './morphology';

const exceptions = readAllExceptions();
const forms = (lemma: string, pos: 'noun' | 'verb' | 'adj' | 'adv') =>
  inflectedForms(lemma, pos, exceptions).map(({ data, tense, person, number, degree }) => [
    data,
    [tense, person, number, degree].filter(Boolean).join(' '),
  ]);

describe('inflected forms', () => {
  it.each([
    ['mouse', [['mice', 'pl']]],
    ['goose', [['geese', 'pl']]],
    ['box', [['boxes', 'pl']]],
    ['city', [['cities', 'pl']]],
    ['day', [['days', 'pl']]],
    ['computer mouse', [['computer mice', 'pl']]],
  ])('of the noun %s', (lemma, expected) => {
    expect(forms(lemma, 'noun')).toEqual(expected);
  });

  it.each([
    ['run', ['runs', 'ran', 'run', 'running']],
    ['go', ['goes', 'went', 'gone', 'going']],
    ['eat', ['eats', 'ate', 'eaten', 'eating']],
    ['stop', ['stops', 'stopped', 'stopped', 'stopping']],
    ['carry', ['carries', 'carried', 'carried', 'carrying']],
    ['make', ['makes', 'made', 'made', 'making']],
    ['walk', ['walks', 'walked', 'walked', 'walking']],
    ['run out', ['runs out', 'ran out', 'run out', 'running out']],
  ])('of the verb %s: third person, past, past participle, present participle', (lemma, expected) => {
    expect(forms(lemma, 'verb').map(([data]) => data)).toEqual(expected);
  });

  it('labels verb forms with their grammar', () => {
    expect(forms('run', 'verb').map(([, grammar]) => grammar)).toEqual(['3 sg', 'pt', 'pp', 'prp']);
  });

  it.each([
    ['big', ['bigger', 'biggest']],
    ['happy', ['happier', 'happiest']],
    ['good', ['better', 'best']],
    ['beautiful', []],
  ])('of the adjective %s', (lemma, expected) => {
    expect(forms(lemma, 'adj').map(([data]) => data)).toEqual(expected);
  });

  it('leaves proper names and abbreviations alone', () => {
    expect(forms('France', 'noun')).toEqual([]);
    expect(forms('3d', 'noun')).toEqual([]);
  });
});
