import { describe, expect, it } from 'vitest';
import { closest, deletions, editDistance, queryForms } from './spelling';

describe('edit distance', () => {
  it.each([
    ['mouse', 'mouse', 0],
    ['mouse', 'mouze', 1],
    ['recieve', 'receive', 1],
    ['mouse', 'mose', 1],
    ['mouse', 'moused', 1],
    ['definately', 'definitely', 1],
    ['kitten', 'sitting', 3],
  ])('from %s to %s is %i', (a, b, distance) => {
    expect(editDistance(a, b, 5)).toBe(distance);
  });

  it('stops at the limit', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('closest', () => {
  const candidates = ['receive', 'relieve', 'deceive', 'receiver', 'mouse', 'rec'].map((key) => ({ key, text: key }));

  it('ranks by distance, then the same first letter', () => {
    expect(closest('recieve', candidates, 4).map((c) => c.text)).toEqual(['receive', 'relieve', 'receiver', 'deceive']);
  });

  it('allows one edit for short words and none beyond the limit', () => {
    expect(closest('mose', candidates, 5).map((c) => c.text)).toEqual(['mouse']);
    expect(closest('xyz', candidates, 5)).toEqual([]);
  });
});

describe('deletions', () => {
  it('leaves out each character once, without repeats', () => {
    expect(deletions('abc')).toEqual(['bc', 'ac', 'ab']);
    expect(deletions('aab')).toEqual(['ab', 'aa']);
  });

  it('looks a long query up with two characters fewer, a short one with one', () => {
    expect(queryForms('abc')).toEqual(['abc', 'bc', 'ac', 'ab']);
    expect(queryForms('abcde')).toContain('ace');
  });
});
