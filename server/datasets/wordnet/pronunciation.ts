// CMU Pronouncing Dictionary (ARPAbet) transcriptions converted to IPA, to a respelling, and to
// the notation of American desk dictionaries (`md`, as in Merriam-Webster: \kəm-ˈpyü-tər\).
import { dictionary } from 'cmu-pronouncing-dictionary';

const IPA: Record<string, string> = {
  AA: 'ɑ',
  AE: 'æ',
  AH: 'ʌ',
  AO: 'ɔ',
  AW: 'aʊ',
  AY: 'aɪ',
  EH: 'ɛ',
  ER: 'ɝ',
  EY: 'eɪ',
  IH: 'ɪ',
  IY: 'i',
  OW: 'oʊ',
  OY: 'ɔɪ',
  UH: 'ʊ',
  UW: 'u',
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  F: 'f',
  G: 'ɡ',
  HH: 'h',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  P: 'p',
  R: 'ɹ',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
};

/** Respelling in the style of general-audience dictionaries: "MOWS", "kuhm-PYOO-ter". */
const RESPELLING: Record<string, string> = {
  AA: 'ah',
  AE: 'a',
  AH: 'uh',
  AO: 'aw',
  AW: 'ow',
  AY: 'eye',
  EH: 'e',
  ER: 'ur',
  EY: 'ay',
  IH: 'i',
  IY: 'ee',
  OW: 'oh',
  OY: 'oy',
  UH: 'oo',
  UW: 'oo',
  B: 'b',
  CH: 'ch',
  D: 'd',
  DH: 'th',
  F: 'f',
  G: 'g',
  HH: 'h',
  JH: 'j',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ng',
  P: 'p',
  R: 'r',
  S: 's',
  SH: 'sh',
  T: 't',
  TH: 'th',
  V: 'v',
  W: 'w',
  Y: 'y',
  Z: 'z',
  ZH: 'zh',
};

/** The `md` notation: one symbol per sound, ə for both stressed and reduced "uh". */
const MD: Record<string, string> = {
  ...Object.fromEntries(Object.keys(RESPELLING).map((symbol) => [symbol, symbol.toLowerCase()])),
  AA: 'ä',
  AE: 'a',
  AH: 'ə',
  AO: 'ȯ',
  AW: 'au̇',
  AY: 'ī',
  EH: 'e',
  ER: 'ər',
  EY: 'ā',
  IH: 'i',
  IY: 'ē',
  OW: 'ō',
  OY: 'ȯi',
  UH: 'u̇',
  UW: 'ü',
  DH: 't͟h',
  HH: 'h',
  NG: 'ŋ',
};

interface Phone {
  symbol: string;
  /** 1 primary, 2 secondary, 0 unstressed; undefined for consonants. */
  stress?: number;
}

/** Parses an ARPAbet transcription; the dictionary appends comments to a few ("# place"). */
const parse = (arpabet: string): Phone[] =>
  arpabet
    .replace(/\s*#.*$/, '')
    .split(' ')
    .map((token) => {
      const match = /^([A-Z]+)([0-2])?$/.exec(token)!;
      return { symbol: match[1]!, ...(match[2] ? { stress: Number(match[2]) } : {}) };
    });

const isVowel = (phone: Phone) => phone.stress !== undefined;

/** Consonant clusters English allows at the start of a syllable (beyond single consonants). */
const ONSETS = new Set([
  'P R',
  'B R',
  'T R',
  'D R',
  'K R',
  'G R',
  'F R',
  'TH R',
  'SH R',
  'P L',
  'B L',
  'K L',
  'G L',
  'F L',
  'S L',
  'S P',
  'S T',
  'S K',
  'S M',
  'S N',
  'S W',
  'T W',
  'D W',
  'K W',
  'G W',
  'S P R',
  'S P L',
  'S T R',
  'S K R',
  'S K W',
  'P Y',
  'B Y',
  'F Y',
  'V Y',
  'K Y',
  'G Y',
  'M Y',
  'HH Y',
  'S K Y',
]);
const isOnset = (cluster: Phone[]) =>
  cluster.length === 0 ||
  (cluster.length === 1 ? cluster[0]!.symbol !== 'NG' : ONSETS.has(cluster.map((p) => p.symbol).join(' ')));

/** Splits phones into syllables, one vowel each; the next syllable takes the longest legal onset. */
function syllables(phones: Phone[]): Phone[][] {
  const vowels = phones.flatMap((phone, index) => (isVowel(phone) ? [index] : []));
  if (vowels.length <= 1) return [phones];
  const result: Phone[][] = [];
  let start = 0;
  for (let v = 0; v < vowels.length - 1; v++) {
    let end = vowels[v]! + 1;
    while (!isOnset(phones.slice(end, vowels[v + 1]))) end++;
    result.push(phones.slice(start, end));
    start = end;
  }
  result.push(phones.slice(start));
  return result;
}

/** Unstressed AH and ER are the reduced vowels schwa and schwar. */
const ipaOf = (phone: Phone) =>
  phone.stress === 0 && phone.symbol === 'AH'
    ? 'ə'
    : phone.stress === 0 && phone.symbol === 'ER'
      ? 'ɚ'
      : IPA[phone.symbol];

const stressOf = (syllable: Phone[]) => syllable.find(isVowel)?.stress ?? 0;

export function toIpa(arpabet: string): string {
  const parts = syllables(parse(arpabet)).map((syllable) => {
    const stress = stressOf(syllable);
    const mark = stress === 1 ? 'ˈ' : stress === 2 ? 'ˌ' : '';
    const sounds = syllable.map(ipaOf).join('');
    return `${mark}${sounds}`;
  });
  return parts.length === 1 ? parts[0]!.replace(/^ˈ/, '') : parts.join('');
}

export function toRespelling(arpabet: string): string {
  const parts = syllables(parse(arpabet)).map((syllable) => {
    // The vowel of "mice" is spelled y after a consonant (MYS), eye on its own (EYE-suh).
    const text = syllable
      .map((phone, index) => (phone.symbol === 'AY' && index > 0 ? 'y' : RESPELLING[phone.symbol]))
      .join('');
    return stressOf(syllable) === 1 ? text.toUpperCase() : text;
  });
  return parts.join('-');
}

/** Syllables joined by hyphens, a stress mark at the start of a stressed one. */
export function toMd(arpabet: string): string {
  return syllables(parse(arpabet))
    .map((syllable, index) => {
      const stress = stressOf(syllable);
      const mark = stress === 1 ? 'ˈ' : stress === 2 ? 'ˌ' : '';
      return (index > 0 ? '-' : '') + mark + syllable.map((phone) => MD[phone.symbol]).join('');
    })
    .join('');
}

export type Respelling = (arpabet: string) => string;

export interface Pronunciation {
  ipa: string;
  say: string;
}

/**
 * Every CMU pronunciation of a word or phrase (each word must be in the dictionary), `say`
 * written by `respell`: the general-audience respelling unless another notation is asked for.
 */
export function pronunciationsOf(text: string, respell: Respelling = toRespelling): Pronunciation[] {
  const words = text.toLowerCase().split(/[\s-]+/);
  const variants = (word: string) =>
    [word, `${word}(2)`, `${word}(3)`].flatMap((key) => (dictionary[key] ? [dictionary[key]] : []));
  if (words.length === 1) {
    return variants(words[0]!).map((arpabet) => ({ ipa: toIpa(arpabet), say: respell(arpabet) }));
  }
  const firsts = words.map((word) => variants(word)[0]);
  if (firsts.some((arpabet) => arpabet === undefined)) return [];
  return [
    {
      ipa: firsts.map((arpabet) => toIpa(arpabet!)).join(' '),
      say: firsts.map((arpabet) => respell(arpabet!)).join(' '),
    },
  ];
}
