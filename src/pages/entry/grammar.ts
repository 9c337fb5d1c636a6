// Reader-facing words for the service's codes. Codes not listed are shown as they come.
import type { Inflections } from '../../api/schemas';

const FEATURES: Record<string, Record<string, string>> = {
  tense: { pt: 'past tense', pres: 'present tense', pp: 'past participle', prp: 'present participle', fut: 'future' },
  degree: { comp: 'comparative', supl: 'superlative' },
  number: { pl: 'plural', sg: 'singular' },
  case: { obj: 'objective', subj: 'subjective', poss: 'possessive', gen: 'genitive' },
  person: { '1': 'first person', '2': 'second person', '3': 'third person' },
  mood: { indic: 'indicative', subj: 'subjunctive', imp: 'imperative' },
};

type Inflection = Inflections[number];

/** The grammatical description of an inflection, e.g. "first person, indicative". */
export function describeInflection(inflection: Inflection): string {
  return (['tense', 'degree', 'number', 'case', 'person', 'mood'] as const)
    .map((feature) => {
      const code = inflection[feature];
      return code === undefined ? undefined : (FEATURES[feature]?.[code] ?? code);
    })
    .filter(Boolean)
    .join(', ');
}

export const GEOGRAPHIC_LABELS: Record<string, string> = {
  area: 'Area',
  langs: 'Languages',
  curr: 'Currency',
  cap: 'Capital',
};

export const SCIENTIFIC_LABELS: Record<string, string> = {
  atno: 'Atomic number',
  mass: 'Atomic mass',
  dens: 'Density',
};
