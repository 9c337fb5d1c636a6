// Inflected forms of a lemma: WordNet's exception lists for irregular forms, regular English
// morphology for the rest.
import type { PosFile } from './files';

export interface InflectedForm {
  data: string;
  tense?: 'pt' | 'pp' | 'prp';
  person?: '3';
  number?: 'pl' | 'sg';
  degree?: 'comp' | 'supl';
  /** Irregular: taken from an exception list. */
  irregular: boolean;
}

/** Exception lists by part of speech: base form to irregular forms. */
export type Exceptions = Record<PosFile, Map<string, string[]>>;

const VOWEL = /[aeiou]/;
const SIBILANT_END = /(s|x|z|ch|sh)$/;
const CONSONANT_Y_END = /[^aeiou]y$/;
/** One-syllable consonant-vowel-consonant words double their last consonant: stop, stopped. */
const DOUBLING_END = /^[^aeiou]*[aeiou][^aeiouwxy]$/;
/** Irregular past participles end like eaten, flown, gone, begun, torn, sung, drunk, swum. */
const PARTICIPLE_END = /(en|wn|ne|un|orn|ung|unk|um)$/;
/** Verbs whose past participle is the base form itself. */
const PARTICIPLE_IS_BASE = new Set(['run', 'come', 'become', 'overcome', 'outrun', 'overrun', 'rerun']);

function addS(word: string, pos: 'noun' | 'verb' = 'noun'): string {
  if (SIBILANT_END.test(word) || (pos === 'verb' && /[^aeiou]o$/.test(word))) return `${word}es`;
  if (CONSONANT_Y_END.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

function addSuffix(word: string, suffix: 'ed' | 'ing' | 'er' | 'est'): string {
  if (CONSONANT_Y_END.test(word) && suffix !== 'ing') return `${word.slice(0, -1)}i${suffix}`;
  if (word.endsWith('e') && !/(ee|ye|oe)$/.test(word)) {
    return suffix === 'ing' ? `${word.slice(0, -1)}ing` : `${word}${suffix.slice(1)}`;
  }
  if (DOUBLING_END.test(word)) return `${word}${word.at(-1)}${suffix}`;
  return `${word}${suffix}`;
}

/** Applies `inflect` to the last word of a multiword lemma (computer mouse → computer mice). */
function onLastWord(lemma: string, inflect: (word: string) => string): string {
  const space = lemma.lastIndexOf(' ');
  return space < 0 ? inflect(lemma) : `${lemma.slice(0, space + 1)}${inflect(lemma.slice(space + 1))}`;
}

function nounForms(lemma: string, exceptions: Exceptions): InflectedForm[] {
  const whole = exceptions.noun.get(lemma);
  if (whole) return whole.map((data) => ({ data, number: 'pl', irregular: true }));
  const space = lemma.lastIndexOf(' ');
  const last = exceptions.noun.get(lemma.slice(space + 1));
  if (space > 0 && last) {
    return last.map((data) => ({ data: `${lemma.slice(0, space + 1)}${data}`, number: 'pl', irregular: true }));
  }
  return [{ data: onLastWord(lemma, addS), number: 'pl', irregular: false }];
}

function verbForms(lemma: string, exceptions: Exceptions): InflectedForm[] {
  // Phrasal verbs inflect their first word: run out, ran out.
  const space = lemma.indexOf(' ');
  const head = space < 0 ? lemma : lemma.slice(0, space);
  const rest = space < 0 ? '' : lemma.slice(space);
  const irregular = exceptions.verb.get(head) ?? [];
  const pick = (test: (form: string) => boolean) => irregular.filter(test);

  const thirdPerson = pick((form) => form === addS(head, 'verb'));
  const presentParticiple = pick((form) => form.endsWith('ing'));
  const others = pick((form) => !thirdPerson.includes(form) && !presentParticiple.includes(form));
  const participles = others.filter((form) => PARTICIPLE_END.test(form));
  const pasts = others.filter((form) => !participles.includes(form));

  const forms: InflectedForm[] = [];
  const add = (data: string[], fallback: string, form: Omit<InflectedForm, 'data' | 'irregular'>) => {
    const irregularForm = data.length > 0;
    for (const text of irregularForm ? data : [fallback]) {
      forms.push({ data: `${text}${rest}`, ...form, irregular: irregularForm });
    }
  };
  add(thirdPerson, addS(head, 'verb'), { person: '3', number: 'sg' });
  add(pasts, addSuffix(head, 'ed'), { tense: 'pt' });
  const participleFallback = PARTICIPLE_IS_BASE.has(head) ? [head] : pasts;
  add(participles.length ? participles : participleFallback, addSuffix(head, 'ed'), { tense: 'pp' });
  add(presentParticiple, addSuffix(head, 'ing'), { tense: 'prp' });
  return forms;
}

/** Irregular comparatives and superlatives (better, best), the comparative first. */
const comparisons = (forms: string[]): InflectedForm[] =>
  forms
    .map((data): InflectedForm => ({ data, degree: data.endsWith('st') ? 'supl' : 'comp', irregular: true }))
    .sort((a, b) => Number(a.degree === 'supl') - Number(b.degree === 'supl'));

/** Only short adjectives compare by inflection; the rest take "more" and "most". */
function adjectiveForms(lemma: string, exceptions: Exceptions): InflectedForm[] {
  const irregular = exceptions.adj.get(lemma);
  if (irregular) return comparisons(irregular);
  const syllables = lemma.match(/[aeiouy]+/g)?.length ?? 0;
  const short = syllables === 1 || (syllables === 2 && CONSONANT_Y_END.test(lemma));
  if (lemma.includes(' ') || lemma.includes('-') || !short || !VOWEL.test(lemma)) return [];
  return [
    { data: addSuffix(lemma, 'er'), degree: 'comp', irregular: false },
    { data: addSuffix(lemma, 'est'), degree: 'supl', irregular: false },
  ];
}

export function inflectedForms(lemma: string, pos: PosFile, exceptions: Exceptions): InflectedForm[] {
  if (!/^[a-z][a-z -]*$/.test(lemma)) return []; // proper names, numbers, abbreviations
  switch (pos) {
    case 'noun':
      return nounForms(lemma, exceptions);
    case 'verb':
      return verbForms(lemma, exceptions);
    case 'adj':
      return adjectiveForms(lemma, exceptions);
    case 'adv':
      return comparisons(exceptions.adv.get(lemma) ?? []);
  }
}
