// The `sample` database: small, hand-written, and exercising every record shape and markup
// form of the spec. Tests rely on it; change it together with them.
import type { Dataset, DatasetDefinition, DatasetEntry } from '../reference/dataset';
import { stableEntryId } from './ids';

/** Entry IDs of the sample, by key. */
export const sampleId = (key: string): string => stableEntryId('sample', key);

const xref = (key: string, text = key) =>
  `<span data-dictionary-type="cross-reference" data-type="link" data-entry="${sampleId(key)}">${text}</span>`;
const context = (word: string) => `<span data-dictionary-type="context-word">${word}</span>`;

const def = (
  id: string,
  number: string,
  sections: DatasetDefinition['sections'],
  more: Partial<DatasetDefinition> = {},
) => ({ id, number, sections, ...more }) satisfies DatasetDefinition;

const simple = (key: string, headword: string, partOfSpeech: string, text: string): DatasetEntry => ({
  id: sampleId(key),
  headword,
  definitions: [def('001', '1', { 'parts-of-speech': [partOfSpeech], 'definition-text': text })],
});

const mouse: DatasetEntry = {
  id: sampleId('mouse'),
  headword: 'mouse',
  sections: {
    etymology: { data: 'Old English <i>mūs</i>, of Germanic origin; related to Latin <i>mus</i>', type: 'word' },
    'usage-notes': [
      {
        data:
          'The plural <b>mice</b> is usual for the animal; for the ' +
          xref('computer') +
          ' device both <b>mice</b> and <b>mouses</b> are used.',
        type: 'env',
      },
    ],
    'search-terms': [{ data: 'mice', type: 'rinf', number: 'pl', lemma: 'hwd', pos: 'n' }],
    'last-edited': '2026-10-30',
  },
  definitions: [
    def(
      '001',
      '1',
      {
        'parts-of-speech': ['noun'],
        'definition-text': `a small rodent with a pointed snout, rounded ears and a long thin tail, smaller than a ${xref('rat')}`,
        inflections: [{ data: 'mice', number: 'pl', pronunciation: [{ ipa: 'maɪs', say: 'MYSS', speech: 'mice' }] }],
        'search-terms': [{ data: 'mice', type: 'rinf', number: 'pl', lemma: 'hwd', pos: 'n' }],
        'cross-references': [
          {
            type: 'arrow',
            entry: { id: sampleId('rat'), display: 'dest', text: 'rat' },
            definition: [{ disjunctive: false, id: '001' }],
          },
        ],
        etymology: [{ type: 'phrase', data: ['Old English <i>mūs</i>', 'plural <i>mȳs</i>'] }],
        'illustrative-phrases': [{ data: 'a <b>field mouse</b>' }, { data: 'the cat caught a <b>mouse</b>' }],
        pronunciations: [{ ipa: 'maʊs', say: 'MOWSS', speech: 'mouse' }],
        subheads: [{ data: '<b>house mouse</b>' }, { data: '<b>field mouse</b>' }],
      },
      {
        transcribed: {
          md: {
            inflections: [
              { data: 'mice', number: 'pl', pronunciation: [{ ipa: 'maɪs', say: 'ˈmīs', speech: 'mice' }] },
            ],
          },
        },
      },
    ),
    def('002', '2', {
      'parts-of-speech': ['noun'],
      'headword-modifiers': ['computer'],
      'definition-text': `a small hand-held device moved across a surface to control the pointer on a ${xref('computer')} screen`,
      'contextual-note': `in ${context('computing')}`,
      inflections: [
        { data: 'mice', number: 'pl' },
        { data: 'mouses', number: 'pl', label: [{ data: 'US', type: 'language', qualifier: 'often' }] },
      ],
      'cross-references': [{ type: 'arrow', entry: { id: sampleId('computer'), display: 'dest', text: 'computer' } }],
    }),
    def('003', '3a', {
      'parts-of-speech': ['noun'],
      'definition-text': 'a timid, quiet person',
      'contextual-note': '<i>informal</i>',
    }),
    def('004', '3b', {
      'parts-of-speech': ['noun'],
      'definition-text': 'a bruise under the eye; a black eye',
      labels: [{ data: 'slang', type: 'register' }],
      sublabels: ['dated'],
    }),
  ],
};

// Definition IDs deliberately out of number order: the app must sort by number (2 before 10, 3a before 3b).
const run: DatasetEntry = {
  id: sampleId('run'),
  headword: 'run',
  sections: {
    etymology: { data: 'Old English <i>rinnan</i>, <i>irnan</i>', type: 'word' },
    'last-edited': '2026-11-02',
  },
  definitions: [
    def('010', '10', {
      'parts-of-speech': ['verb'],
      'definition-text': 'of a story or article: to be published in a newspaper or magazine',
    }),
    def(
      '001',
      '1',
      {
        'parts-of-speech': ['verb'],
        'definition-text': `to move swiftly on foot so that both feet leave the ground at each stride; compare ${xref('sprint')}`,
        inflections: [
          { data: 'ran', tense: 'pt', pronunciation: [{ ipa: 'ræn', say: 'RAN' }] },
          { data: 'running', pronunciation: [{ ipa: 'ˈrʌnɪŋ', say: 'RUN-ing' }] },
          { data: 'runs', person: '3', number: 'sg' },
        ],
        'search-terms': [{ data: 'ran', type: 'rinf', lemma: 'hwd', pos: 'v' }],
        'illustrative-phrases': [{ data: 'she <b>ran</b> to the door' }],
        'grammatical-notes': [{ data: 'usually <i>intransitive</i>' }, { data: 'Somebody runs to something' }],
        'cross-references': [
          {
            type: 'arrow',
            entry: { id: sampleId('sprint'), display: 'dest', text: 'sprint' },
            definition: [{ disjunctive: false, id: '001' }],
          },
        ],
      },
      {
        transcribed: {
          md: {
            inflections: [
              { data: 'ran', tense: 'pt', pronunciation: [{ ipa: 'ræn', say: 'ˈran' }] },
              { data: 'running', pronunciation: [{ ipa: 'ˈrʌnɪŋ', say: 'ˈrə-niŋ' }] },
              { data: 'runs', person: '3', number: 'sg' },
            ],
          },
        },
      },
    ),
    def('002', '2', { 'parts-of-speech': ['verb'], 'definition-text': 'to be in charge of; manage' }),
    def('004', '3b', {
      'parts-of-speech': ['verb'],
      'definition-text': 'of a machine: to be operating',
      'contextual-note': `of an ${context('engine')} or device`,
    }),
    def('003', '3a', { 'parts-of-speech': ['verb'], 'definition-text': 'to cause (a machine) to operate' }),
    def('005', '4', {
      'parts-of-speech': ['verb'],
      'definition-text': `of a liquid: to flow, as ${xref('water')} does`,
    }),
    def('006', '5', { 'parts-of-speech': ['verb'], 'definition-text': 'to stand as a candidate in an election' }),
    def('007', '6', { 'parts-of-speech': ['verb'], 'definition-text': 'to extend in a particular direction' }),
    def('008', '7', { 'parts-of-speech': ['verb'], 'definition-text': 'to continue or be valid for a period of time' }),
    def('009', '8', { 'parts-of-speech': ['verb'], 'definition-text': 'to smuggle goods' }),
    def('011', '9', { 'parts-of-speech': ['verb'], 'definition-text': 'of colours in fabric: to spread when wet' }),
  ],
  runOns: [
    {
      headword: 'run out of steam',
      definitions: [
        def('020', '1', {
          'parts-of-speech': ['phrasal verb'],
          'definition-text': 'to lose energy or enthusiasm',
          'contextual-note': '<i>informal</i>',
        }),
      ],
    },
  ],
};

const france: DatasetEntry = {
  id: sampleId('france'),
  headword: 'France',
  definitions: [
    def('001', '1', {
      'parts-of-speech': ['proper noun'],
      'definition-text':
        'a country in western Europe, bordered by the Atlantic, the English Channel and the Mediterranean',
      'geographic-information': [
        { type: 'area', data: '551,695 km<sup>2</sup>' },
        { type: 'langs', data: 'French' },
        { type: 'curr', data: 'euro (EUR)' },
        { type: 'cap', data: '<b>Paris</b>' },
      ],
      abbreviations: ['Fr.', 'FR'],
      bynames: ['the Hexagon'],
      variants: [{ data: 'French Republic' }],
      'encyclopedic-subheads': [{ data: 'Western Europe' }, { data: '<i>Member of the European Union</i>' }],
    }),
  ],
};

const oxygen: DatasetEntry = {
  id: sampleId('oxygen'),
  headword: 'oxygen',
  definitions: [
    def('001', '1', {
      'parts-of-speech': ['noun'],
      'definition-text': `a colourless, odourless reactive gas, the life-supporting component of the air, found combined in ${xref('water')} (H<sub>2</sub>O)`,
      'scientific-information': [
        { type: 'atno', data: '8' },
        { type: 'mass', data: '15.999' },
        { type: 'dens', data: '1.429 g/L' },
      ],
      symbols: ['O'],
      abbreviations: ['O'],
    }),
  ],
};

const good: DatasetEntry = {
  id: sampleId('good'),
  headword: 'good',
  definitions: [
    def('001', '1', {
      'parts-of-speech': ['adjective'],
      'headword-modifiers': ['usually before a noun'],
      'definition-text': 'to be desired or approved of',
      inflections: [
        { data: 'better', degree: 'comp' },
        { data: 'best', degree: 'supl', pronunciation: [{ ipa: 'bɛst', say: 'BEST' }] },
      ],
    }),
  ],
};

const pronounI: DatasetEntry = {
  id: sampleId('i'),
  headword: 'I',
  definitions: [
    def('001', '1', {
      'parts-of-speech': ['pronoun'],
      'definition-text': 'used by a speaker to refer to himself or herself',
      inflections: [
        { data: 'me', case: 'obj', person: '1' },
        { data: 'we', number: 'pl', person: '1' },
      ],
    }),
  ],
};

const be: DatasetEntry = {
  id: sampleId('be'),
  headword: 'be',
  definitions: [
    def('001', '1', {
      'parts-of-speech': ['verb'],
      'definition-text': 'to exist; to be present',
      inflections: [
        { data: 'am', person: '1', mood: 'indic', equivalents: [{}] },
        { data: 'was', tense: 'pt', person: '1', mood: 'indic' },
        { data: 'were', mood: 'subj', label: [{ data: 'formal', type: 'register' }] },
      ],
    }),
  ],
};

const cafe: DatasetEntry = {
  id: sampleId('cafe'),
  headword: 'café',
  sections: {
    etymology: { data: 'French <i>café</i> /kafe/ ‘coffee, coffee house’', type: 'word' },
    'usage-notes': [{ data: 'Also written without the accent, especially in British English.', type: 'env' }],
    'search-terms': [{ data: 'cafe', type: 'rinf', lemma: 'var', pos: 'n' }],
  },
  transcribed: {
    md: { etymology: { data: 'French <i>café</i> \\ka-ˈfā\\ ‘coffee, coffee house’', type: 'word' } },
  },
  definitions: [
    def(
      '001',
      '1',
      {
        'parts-of-speech': ['noun'],
        'definition-text': 'a small restaurant selling light meals and drinks',
        variants: [{ data: 'cafe' }],
        etymology: [{ type: 'phrase', data: ['from French <i>café</i> ‘coffee’'] }],
      },
      {
        transcribed: { md: { variants: [{ data: 'cafe' }, { data: 'caff \\ˈkaf\\' }] } },
      },
    ),
  ],
};

const cat: DatasetEntry = {
  id: sampleId('cat'),
  headword: 'cat',
  definitions: [
    def('001', '1', {
      'parts-of-speech': ['noun'],
      'definition-text':
        'a small domesticated carnivorous mammal with soft fur; ' +
        'see also <span data-dictionary-type="cross-reference" data-type="link" data-entry="not-an-entry-id">kitty</span>',
      'cross-references': [
        {
          type: 'arrow',
          entry: { id: sampleId('mouse'), display: 'dest', text: 'mouse' },
          definition: [{ disjunctive: false, id: '001' }],
        },
      ],
    }),
  ],
};

export const sampleDataset: Dataset = {
  name: 'sample',
  transcriptions: ['ipa', 'md'],
  entries: [
    mouse,
    run,
    france,
    oxygen,
    good,
    pronounI,
    be,
    cafe,
    cat,
    simple('rat', 'rat', 'noun', `a rodent larger than a ${xref('mouse')}, with a long tail`),
    simple('sprint', 'sprint', 'verb', `to ${xref('run')} at full speed over a short distance`),
    simple('computer', 'computer', 'noun', 'an electronic device for storing and processing data'),
    simple(
      'water',
      'water',
      'noun',
      `a colourless liquid, H<sub>2</sub>O, a compound of hydrogen and ${xref('oxygen')}`,
    ),
  ],
};
