import { describe, expect, it } from 'vitest';
import { pronunciationsOf, toIpa, toRespelling } from './pronunciation';

describe('CMU pronunciations', () => {
  it.each([
    ['M AW1 S', 'maʊs', 'MOWS'],
    ['K AH0 M P Y UW1 T ER0', 'kəmˈpjutɚ', 'kuhm-PYOO-tur'],
    ['AH0 B AW1 T', 'əˈbaʊt', 'uh-BOWT'],
    ['W AO1 T ER0', 'ˈwɔtɚ', 'WAW-tur'],
    ['AO1 L B AO0 R G # place, danish', 'ˈɔlbɔɹɡ', 'AWL-bawrg'],
  ])('%s is /%s/, said %s', (arpabet, ipa, say) => {
    expect(toIpa(arpabet)).toBe(ipa);
    expect(toRespelling(arpabet)).toBe(say);
  });

  it('gives every variant of a word and joins the words of a phrase', () => {
    expect(pronunciationsOf('Oxygen').map((p) => p.ipa)).toEqual(['ˈɑksədʒən', 'ˈɑksɪdʒən']);
    expect(pronunciationsOf('computer mouse')).toEqual([{ ipa: 'kəmˈpjutɚ maʊs', say: 'kuhm-PYOO-tur MOWS' }]);
    expect(pronunciationsOf('zzxq')).toEqual([]);
  });
});
