// The `wordnet` database: WordNet 3.1 with inflections, pronunciations, countries and elements.
import type { CrossReferences, Inflections, SearchTerms } from '../../../src/api/schemas';
import type { Dataset, DatasetDefinition, DatasetEntry, DefinitionSectionValues } from '../../reference/dataset';
import { stableEntryId } from '../ids';
import {
  COUNTRY_WORDS,
  countries,
  countryFacts,
  countryNames,
  otherNames,
  elementFacts,
  elements,
  type Country,
  type Element,
} from './enrichment';
import {
  POS_FILES,
  readAllExceptions,
  readIndex,
  readSynsets,
  type PosFile,
  type Synset,
  type SynsetType,
} from './files';
import { inflectedForms, type Exceptions, type InflectedForm } from './morphology';
import { pronunciationsOf, toMd, type Pronunciation, type Respelling } from './pronunciation';
import { LEX_FILES, VERB_FRAMES } from './wordnet-tables';

const POS_OF_TYPE: Record<SynsetType, PosFile> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };
const POS_NAME: Record<PosFile, string> = { noun: 'noun', verb: 'verb', adj: 'adjective', adv: 'adverb' };
const SEARCH_TERM_POS: Record<PosFile, string> = { noun: 'n', verb: 'v', adj: 'adj', adv: 'adv' };
const MARKER_NAME: Record<string, string> = { p: 'predicative', a: 'attributive', ip: 'postnominal' };
/** Pointer symbols that become cross-references, by the cross-reference type we give them. */
const RELATIONS: Record<string, string> = {
  '!': 'antonym',
  '@': 'hypernym',
  '@i': 'hypernym',
  '^': 'see also',
  '&': 'similar',
};
const NO_PLURAL_LEX_FILES = new Set(['noun.substance', 'noun.feeling']);

interface Sense {
  pos: PosFile;
  synset: Synset;
}

interface Location {
  entryId: string;
  defId: string;
}

const synsetKey = (pos: PosFile, offset: string) => `${pos}:${offset}`;
const lemmaOf = (text: string) => text.toLowerCase();
const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const crossReferenceSpan = (entryId: string, text: string) =>
  `<span data-dictionary-type="cross-reference" data-type="link" data-entry="${entryId}">${escapeMarkup(text)}</span>`;

/** A phrasal verb ("run out") whose first word is a verb entry is run on under that entry. */
function runOnParent(lemma: string, senses: Sense[], lemmas: Map<string, Sense[]>): string | undefined {
  const space = lemma.indexOf(' ');
  if (space < 0 || senses.some((sense) => sense.pos !== 'verb')) return undefined;
  const parent = lemma.slice(0, space);
  return lemmas.get(parent)?.some((sense) => sense.pos === 'verb') ? parent : undefined;
}

class WordNetBuilder {
  private readonly synsets = new Map<string, Synset>();
  /** Lemma to its senses, nouns first, then verbs, adjectives, adverbs; most frequent first. */
  private readonly lemmas = new Map<string, Sense[]>();
  /** Run-on phrase to the lemma it is run on under, and the reverse. */
  private readonly parents = new Map<string, string>();
  private readonly runOns = new Map<string, string[]>();
  private readonly locations = new Map<string, Location>();
  private readonly exceptions: Exceptions;
  private readonly countryOf = new Map<string, Country>();
  private readonly elementOf = new Map<string, Element>();

  constructor() {
    this.exceptions = readAllExceptions();
    for (const pos of POS_FILES) {
      for (const [offset, synset] of readSynsets(pos)) this.synsets.set(synsetKey(pos, offset), synset);
      for (const { lemma, offsets } of readIndex(pos)) {
        const senses = offsets.map((offset) => ({ pos, synset: this.synsets.get(synsetKey(pos, offset))! }));
        this.lemmas.set(lemma, [...(this.lemmas.get(lemma) ?? []), ...senses]);
      }
    }
    for (const [lemma, senses] of this.lemmas) {
      const parent = runOnParent(lemma, senses, this.lemmas);
      if (!parent) continue;
      this.parents.set(lemma, parent);
      this.runOns.set(parent, [...(this.runOns.get(parent) ?? []), lemma]);
    }
    this.assignLocations();
    this.joinCountries();
    this.joinElements();
  }

  get size(): number {
    return this.lemmas.size - this.parents.size;
  }

  private entryIdOf(lemma: string): string {
    return stableEntryId('wordnet', this.parents.get(lemma) ?? lemma);
  }

  /** Definition IDs: the entry's own senses first, then those of its run-ons, numbered 001 on. */
  private assignLocations() {
    for (const lemma of this.lemmas.keys()) {
      if (this.parents.has(lemma)) continue;
      const entryId = this.entryIdOf(lemma);
      let next = 1;
      for (const member of [lemma, ...(this.runOns.get(lemma) ?? [])]) {
        for (const sense of this.lemmas.get(member)!) {
          const defId = String(next++).padStart(3, '0');
          this.locations.set(`${member}|${synsetKey(sense.pos, sense.synset.offset)}`, { entryId, defId });
        }
      }
    }
  }

  private location(lemma: string, pos: PosFile, offset: string): Location | undefined {
    return this.locations.get(`${lemma}|${synsetKey(pos, offset)}`);
  }

  /** The sense of the first of `names` that has one whose gloss best marks it as `words` say. */
  private bestSense(names: string[], pos: PosFile, lexFile: number, words: string[]): string | undefined {
    for (const name of names) {
      const senses = (this.lemmas.get(name) ?? []).filter((s) => s.pos === pos && s.synset.lexFile === lexFile);
      const score = (sense: Sense) => {
        const index = words.findIndex((word) => new RegExp(`\\b${word}\\b`).test(sense.synset.definition));
        return index < 0 ? words.length : index;
      };
      const best = senses.sort((a, b) => score(a) - score(b))[0];
      if (best) return `${name}|${synsetKey(pos, best.synset.offset)}`;
    }
    return undefined;
  }

  private joinCountries() {
    const location = LEX_FILES.indexOf('noun.location');
    for (const country of countries()) {
      const key = this.bestSense(countryNames(country), 'noun', location, COUNTRY_WORDS);
      if (key && !this.countryOf.has(key)) this.countryOf.set(key, country);
    }
  }

  private joinElements() {
    const substance = LEX_FILES.indexOf('noun.substance');
    for (const element of elements()) {
      const key = this.bestSense([element.name.toLowerCase()], 'noun', substance, ['element']);
      if (key) this.elementOf.set(key, element);
    }
  }

  /** The headword as the data writes it ("France"), from the lemma's first sense. */
  private headwordOf(lemma: string): string {
    const word = this.lemmas.get(lemma)![0]!.synset.words.find((w) => lemmaOf(w.text) === lemma);
    return word?.text ?? lemma;
  }

  private targetOf(synset: Synset, pos: PosFile, wordNumber: number) {
    const word = synset.words[Math.max(0, wordNumber - 1)]!;
    const location = this.location(lemmaOf(word.text), pos, synset.offset);
    return location && { text: word.text, ...location };
  }

  private crossReferences(lemma: string, sense: Sense, wordNumber: number): CrossReferences {
    const records: CrossReferences = [];
    const add = (type: string, target: ReturnType<WordNetBuilder['targetOf']>) => {
      if (!target || records.some((r) => r.entry.id === target.entryId && r.definition?.[0]?.id === target.defId))
        return;
      records.push({
        type,
        entry: { id: target.entryId, text: target.text },
        definition: [{ id: target.defId, disjunctive: false }],
      });
    };
    sense.synset.words.forEach((word, index) => {
      if (lemmaOf(word.text) !== lemma) add('synonym', this.targetOf(sense.synset, sense.pos, index + 1));
    });
    for (const pointer of sense.synset.pointers) {
      const type = RELATIONS[pointer.symbol];
      if (!type || (pointer.source !== 0 && pointer.source !== wordNumber)) continue;
      const pos = POS_OF_TYPE[pointer.pos];
      const target = this.synsets.get(synsetKey(pos, pointer.offset));
      if (target) add(type, this.targetOf(target, pos, pointer.target));
    }
    return records;
  }

  /** The gloss, with the first mention of each cross-referenced word linked to its entry. */
  private definitionText(synset: Synset, references: CrossReferences): string {
    let text = escapeMarkup(synset.definition);
    for (const reference of references) {
      const word = escapeMarkup(reference.entry.text ?? '');
      // The word itself or its plural: "rodents" links to rodent.
      const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (word.length <= 2) continue;
      const pattern = new RegExp(`(^|[^\\w>-])(${escaped}(?:s|es)?)(?![\\w-])`, 'i');
      let linked = false;
      // Only text outside the spans made so far, and only the first mention.
      text = text
        .split(/(<span[^>]*>.*?<\/span>)/)
        .map((part) => {
          if (linked || part.startsWith('<span')) return part;
          return part.replace(pattern, (_, before: string, found: string) => {
            linked = true;
            return before + crossReferenceSpan(reference.entry.id, found);
          });
        })
        .join('');
    }
    return text;
  }

  private domainSpans(synset: Synset, symbol: string): string[] {
    return synset.pointers
      .filter((pointer) => pointer.symbol === symbol)
      .flatMap((pointer) => {
        const pos = POS_OF_TYPE[pointer.pos];
        const target = this.synsets.get(synsetKey(pos, pointer.offset));
        const location = target && this.targetOf(target, pos, 1);
        return location ? [crossReferenceSpan(location.entryId, location.text)] : [];
      });
  }

  private domainNames(synset: Synset, symbol: string): string[] {
    return synset.pointers
      .filter((pointer) => pointer.symbol === symbol)
      .flatMap(
        (pointer) => this.synsets.get(synsetKey(POS_OF_TYPE[pointer.pos], pointer.offset))?.words[0]?.text ?? [],
      );
  }

  private inflections(lemma: string, headword: string, sense: Sense): InflectedForm[] {
    const lexFile = LEX_FILES[sense.synset.lexFile] ?? '';
    if (headword !== lemma || NO_PLURAL_LEX_FILES.has(lexFile)) return [];
    return inflectedForms(lemma, sense.pos, this.exceptions);
  }

  private grammaticalNotes(lemma: string, sense: Sense, wordNumber: number, forms: InflectedForm[]) {
    const third = forms.find((form) => form.person === '3')?.data ?? `${lemma}s`;
    const participle = forms.find((form) => form.tense === 'prp')?.data ?? `${lemma}ing`;
    return sense.synset.frames
      .filter((frame) => frame.word === 0 || frame.word === wordNumber)
      .flatMap((frame) => VERB_FRAMES[frame.frame] ?? [])
      .map((frame) => ({
        data: escapeMarkup(frame.replace('----s', third).replace('----ing', participle).replace('----', lemma)),
      }));
  }

  /** The lemma's senses as definitions, numbered through the parts of speech: nouns 1–4, then verbs 5 on. */
  private definitions(lemma: string, headword: string): DatasetDefinition[] {
    const pronunciations = pronunciationsOf(headword);
    return this.lemmas
      .get(lemma)!
      .map((sense, index) => this.definition(lemma, headword, sense, String(index + 1), pronunciations));
  }

  private definition(
    lemma: string,
    headword: string,
    sense: Sense,
    number: string,
    pronunciations: Pronunciation[],
  ): DatasetDefinition {
    const { synset, pos } = sense;
    const { defId } = this.location(lemma, pos, synset.offset)!;
    const wordNumber = synset.words.findIndex((word) => lemmaOf(word.text) === lemma) + 1;
    const word = synset.words[wordNumber - 1];
    const references = this.crossReferences(lemma, sense, wordNumber);
    const forms = this.inflections(lemma, headword, sense);
    const topics = this.domainSpans(synset, ';c');
    const lexFile = LEX_FILES[synset.lexFile] ?? '';
    const sections: DefinitionSectionValues = {
      'definition-text': this.definitionText(synset, references),
      'parts-of-speech': [POS_NAME[pos]],
      labels: [{ data: lexFile.slice(lexFile.indexOf('.') + 1), type: 'category' }],
    };
    if (word?.marker) sections['headword-modifiers'] = [MARKER_NAME[word.marker] ?? word.marker];
    if (synset.examples.length)
      sections['illustrative-phrases'] = synset.examples.map((data) => ({ data: escapeMarkup(data) }));
    if (references.length) sections['cross-references'] = references;
    if (topics.length) sections['contextual-note'] = topics.join(', ');
    const sublabels = [...this.domainNames(synset, ';r'), ...this.domainNames(synset, ';u')];
    if (sublabels.length) sections.sublabels = sublabels;
    if (pronunciations.length) sections.pronunciations = pronunciations;
    if (forms.length) {
      sections.inflections = forms.map((form) => inflectionRecord(form));
      const terms = searchTerms(
        forms.filter((form) => form.data !== lemma),
        pos,
      );
      if (terms.length) sections['search-terms'] = terms;
    }
    if (pos === 'verb') {
      const notes = this.grammaticalNotes(lemma, sense, wordNumber, forms);
      if (notes.length) sections['grammatical-notes'] = notes;
    }
    const key = `${lemma}|${synsetKey(pos, synset.offset)}`;
    const country = this.countryOf.get(key);
    if (country) Object.assign(sections, this.countrySections(country));
    const element = this.elementOf.get(key);
    if (element) Object.assign(sections, elementSections(element));
    // Only the inflections' pronunciations differ by notation: `md` writes them as desk dictionaries do.
    const mdInflections = forms.map((form) => inflectionRecord(form, toMd));
    const spoken = mdInflections.some((inflection) => inflection.pronunciation);
    return { id: defId, number, sections, ...(spoken && { transcribed: { md: { inflections: mdInflections } } }) };
  }

  private countrySections(country: Country): DefinitionSectionValues {
    const facts = countryFacts(country);
    const capitals = facts.capitals.map((capital) =>
      this.lemmas.has(lemmaOf(capital))
        ? crossReferenceSpan(this.entryIdOf(lemmaOf(capital)), capital)
        : escapeMarkup(capital),
    );
    return {
      'geographic-information': [
        { type: 'area', data: facts.area },
        ...(facts.languages.length ? [{ type: 'langs', data: escapeMarkup(facts.languages.join(', ')) }] : []),
        ...(facts.currencies.length ? [{ type: 'curr', data: escapeMarkup(facts.currencies.join(', ')) }] : []),
        ...(capitals.length ? [{ type: 'cap', data: capitals.join(', ') }] : []),
      ],
      abbreviations: [country.cca2, country.cca3],
      bynames: [...new Set(otherNames(country).filter((name) => name !== country.name.common))],
      'encyclopedic-subheads': [{ data: escapeMarkup(facts.region) }],
    };
  }

  *entries(): Generator<DatasetEntry> {
    for (const lemma of [...this.lemmas.keys()].sort()) {
      if (this.parents.has(lemma)) continue;
      const headword = this.headwordOf(lemma);
      const definitions = this.definitions(lemma, headword);
      const entry: DatasetEntry = { id: this.entryIdOf(lemma), headword, definitions };
      const terms = uniqueTerms(definitions);
      if (terms.length) entry.sections = { 'search-terms': terms };
      const phrases = this.runOns.get(lemma) ?? [];
      if (phrases.length) {
        entry.runOns = phrases.map((phrase) => ({
          headword: phrase,
          definitions: this.definitions(phrase, phrase),
        }));
      }
      yield entry;
    }
  }
}

function elementSections(element: Element): DefinitionSectionValues {
  const facts = elementFacts(element);
  return {
    'scientific-information': [
      { type: 'atno', data: facts.atomicNumber },
      { type: 'mass', data: facts.mass },
      ...(facts.density ? [{ type: 'dens', data: facts.density }] : []),
    ],
    symbols: [element.symbol],
    'encyclopedic-subheads': [
      { data: escapeMarkup(`${element.groupBlock}; ${element.standardState.toLowerCase()} at room temperature`) },
    ],
  };
}

function inflectionRecord(form: InflectedForm, respell?: Respelling): Inflections[number] {
  const { data, tense, person, number, degree } = form;
  const spoken = pronunciationsOf(data, respell);
  return { data, tense, person, number, degree, ...(spoken.length ? { pronunciation: spoken } : {}) };
}

function searchTerms(forms: InflectedForm[], pos: PosFile): SearchTerms {
  return forms.map((form) => ({
    data: form.data,
    type: form.irregular ? 'inf' : 'rinf',
    ...(form.number ? { number: form.number } : {}),
    lemma: 'hwd',
    pos: SEARCH_TERM_POS[pos],
  }));
}

function uniqueTerms(definitions: DatasetDefinition[]): SearchTerms {
  const terms = new Map<string, SearchTerms[number]>();
  for (const term of definitions.flatMap((d) => d.sections['search-terms'] ?? [])) {
    if (!terms.has(term.data)) terms.set(term.data, term);
  }
  return [...terms.values()];
}

export function wordnetDataset(): Dataset & { size: number } {
  const builder = new WordNetBuilder();
  return { name: 'wordnet', transcriptions: ['ipa', 'md'], entries: builder.entries(), size: builder.size };
}
