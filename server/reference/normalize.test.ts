import { describe, expect, it } from 'vitest';
import { searchKey } from './normalize';

describe('searchKey', () => {
  it('removes markup and accents, lowers the case and folds the spaces', () => {
    expect(searchKey('  <i>Café</i>  au\tLAIT ')).toBe('cafe au lait');
  });

  it('keeps a < that opens no tag', () => {
    expect(searchKey('a < b <i>c</i>')).toBe('a < b c');
  });

  // With a backtracking pattern, each < read on to the end of the text: minutes for a large body.
  it('strips markup in linear time, from any number of unclosed <', () => {
    const text = `${'<'.repeat(200_000)}x`;
    expect(searchKey(text)).toBe(text);
  });
});
