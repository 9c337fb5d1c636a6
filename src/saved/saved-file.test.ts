import { describe, expect, it } from 'vitest';
import { sampleId } from '../../server/datasets/sample';
import { type SavedPlace } from './saved';
import { exportSaved, mergeSaved, parseSaved } from './saved-file';

const mouse: SavedPlace = {
  database: 'sample',
  entryId: sampleId('mouse'),
  headword: 'mouse',
  at: '2026-11-20T10:00:00.000Z',
};
const mouse2: SavedPlace = { ...mouse, defId: '002', number: '2', at: '2026-11-20T11:00:00.000Z' };
const run: SavedPlace = {
  database: 'sample',
  entryId: sampleId('run'),
  headword: 'run',
  at: '2026-11-19T09:00:00.000Z',
};

describe('the saved-places file', () => {
  it('reads back what it wrote', () => {
    const text = exportSaved({ bookmarks: [mouse2, mouse], history: [run] }, new Date('2026-11-21T00:00:00Z'));
    expect(JSON.parse(text)).toMatchObject({
      format: 'dictionary-reader/saved',
      version: 1,
      exportedAt: '2026-11-21T00:00:00.000Z',
    });
    expect(parseSaved(text)).toEqual({ bookmarks: [mouse2, mouse], history: [run] });
  });

  it.each([
    ['not JSON', '{', 'This file is not JSON.'],
    ['another kind of file', '{"name": "x"}', 'This file is not an export of Dictionary Reader bookmarks.'],
    [
      'a later version',
      '{"format": "dictionary-reader/saved", "version": 2}',
      'This file is version 2; this app reads version 1.',
    ],
    [
      'a place without a headword',
      JSON.stringify({ format: 'dictionary-reader/saved', version: 1, bookmarks: [{ ...mouse, headword: 7 }] }),
      'This file’s bookmarks or history are not lists of places.',
    ],
    [
      'a malformed entry ID',
      JSON.stringify({ format: 'dictionary-reader/saved', version: 1, history: [{ ...mouse, entryId: '../x' }] }),
      'This file’s bookmarks or history are not lists of places.',
    ],
  ])('refuses %s, saying why', (_, text, message) => {
    expect(() => parseSaved(text)).toThrow(message);
  });

  it('keeps only the fields of a place', () => {
    const text = JSON.stringify({
      format: 'dictionary-reader/saved',
      version: 1,
      bookmarks: [{ ...mouse, extra: '<script>' }],
    });
    expect(parseSaved(text).bookmarks).toEqual([mouse]);
  });

  it('merges an import with what is there: one of each place, the newest, newest first', () => {
    const olderMouse = { ...mouse, at: '2026-01-01T00:00:00.000Z' };
    const merged = mergeSaved({ bookmarks: [mouse], history: [run] }, { bookmarks: [olderMouse, mouse2], history: [] });
    expect(merged.bookmarks).toEqual([mouse2, mouse]);
    expect(merged.history).toEqual([run]);
  });
});
