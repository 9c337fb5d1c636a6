import { describe, expect, it } from 'vitest';
import { pronunciationsOf, toIpa, toMd, toRespelling } from './pronunciation';

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

  it.each([
    ['M AW1 S', 'ˈmau̇s'],
    ['M AY1 S', 'ˈmīs'],
    ['K AH0 M P Y UW1 T ER0', 'kəm-ˈpyü-tər'],
    ['R AH1 N IH0 NG', 'ˈrə-niŋ'],
    ['F AO1 R M AH0 L', 'ˈfȯr-məl'],
    ['TH AH1 M', 'ˈthəm'],
    ['DH EH1 R', 'ˈt͟her'],
    ['R IY2 AH0 K T IH1 V', 'ˌrē-ək-ˈtiv'],
  ])('%s is \\%s\\ in the md notation', (arpabet, md) => {
    expect(toMd(arpabet)).toBe(md);
  });

  it('gives every variant of a word and joins the words of a phrase', () => {
    expect(pronunciationsOf('Oxygen').map((p) => p.ipa)).toEqual(['ˈɑksədʒən', 'ˈɑksɪdʒən']);
    expect(pronunciationsOf('computer mouse')).toEqual([{ ipa: 'kəmˈpjutɚ maʊs', say: 'kuhm-PYOO-tur MOWS' }]);
    expect(pronunciationsOf('zzxq')).toEqual([]);
    expect(pronunciationsOf('computer mouse', toMd)).toEqual([{ ipa: 'kəmˈpjutɚ maʊs', say: 'kəm-ˈpyü-tər ˈmau̇s' }]);
  });
});
