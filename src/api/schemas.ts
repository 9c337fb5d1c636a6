// Record shapes of the Dictionary Data Service (spec §2), written once: the browser validates
// responses against them, the reference service declares them on its routes, and the OpenAPI
// document carries them; the static types below are generated from that document.
import type { components } from './generated/openapi';
import { array, boolean, integer, object, oneOf, optional, record, string, type Schema } from './shape';

const str = string();
const optStr = optional(string());

/** Text that may carry inline markup (spec §2, "Inline markup in text fields"). */
const markupText = string({ description: 'May contain inline markup' });

export const StringList = array(str);

export const DefinitionMap = record(str, {
  description: 'Definition ID to definition number, e.g. {"001": "1", "004": "3a"}',
});

export const Headword = str;

export const EntryEtymology = object({ data: markupText, type: optStr });

export const UsageNotes = array(object({ data: markupText, type: optStr }));

export const DefinitionEtymology = array(object({ type: optStr, data: array(markupText) }));

export const SearchTerms = array(object({ data: str, type: optStr, number: optStr, lemma: optStr, pos: optStr }));

export const GeographicInformation = array(object({ type: str, data: markupText }));

export const ScientificInformation = array(object({ type: str, data: str }));

export const CrossReferences = array(
  object({
    type: optStr,
    entry: object({ id: str, display: optStr, text: optStr }),
    definition: optional(array(object({ disjunctive: optional(boolean()), id: str }))),
  }),
);

export const Pronunciation = object({ ipa: optStr, say: optStr, speech: optStr });

export const Inflections = array(
  object({
    data: str,
    tense: optStr,
    degree: optStr,
    number: optStr,
    case: optStr,
    person: optStr,
    mood: optStr,
    label: optional(array(object({ data: str, type: optStr, qualifier: optStr }))),
    pronunciation: optional(array(Pronunciation)),
    equivalents: optional(array(object({}))),
  }),
);

export const Variants = array(object({ data: str }));

export const ContextualNote = markupText;

// Extensions: shapes we define for operations the spec lists without detail (§4.4).

export const DefinitionText = string({ description: 'The definition itself; may contain inline markup' });

export const RunOnEntries = array(object({ headword: str, definitions: DefinitionMap }), {
  description: 'Run-on entries: phrases run on under the entry, each with its own definitions',
});

/** A list of texts, each of which may carry inline markup. */
export const TextItems = array(object({ data: markupText }));

export const Pronunciations = array(Pronunciation);

export const Labels = array(object({ data: str, type: optStr }));

export const LastEdited = string({ description: 'Date of the last edit, ISO 8601 (YYYY-MM-DD)' });

// Search (S1, S2). The spec gives only "a JSON object"; this is the structure we define.

export const EntrySearchFields = ['headword', 'run-on entries', 'search terms'] as const;
export const DefinitionSearchFields = [
  'abbreviations',
  'bynames',
  'encyclopedic subheads',
  'inflections',
  'search terms',
  'subheads',
  'variants',
] as const;

const searchRequest = (fields: readonly string[]) =>
  object(Object.fromEntries(fields.map((field) => [field, optional(string())])), {
    closed: true,
    description: 'One string per searchable field; fill at least one. Filled fields combine with AND.',
  });
export const EntrySearchRequest = searchRequest(EntrySearchFields);
export const DefinitionSearchRequest = searchRequest(DefinitionSearchFields);

export const SEARCH_MATCHES = ['exact', 'inflection', 'prefix', 'wildcard'] as const;

export const SearchHit = object({
  entryId: str,
  headword: str,
  defId: optional(string({ description: 'Present on definition-data results' })),
  number: optional(string({ description: 'Definition number, on definition-data results' })),
  field: string({ description: 'The search field that matched' }),
  text: string({ description: 'The text that matched' }),
  match: oneOf(SEARCH_MATCHES, {
    description:
      'exact: the text equals the query; inflection: an inflected form of the headword equals it (mice, mouse); ' +
      'prefix: the text starts with it; wildcard: the text matches a query with * or ?',
  }),
});

export const SearchSuggestion = object({
  field: string({ description: 'The search field the suggestion is for' }),
  text: string({ description: 'A spelling close to the query that has matches' }),
});

export const SearchResponse = object({
  total: integer({ minimum: 0, description: 'Number of matches before the cap' }),
  more: optional(
    boolean({ description: 'There are more matches than total: counting stopped there (our reference service)' }),
  ),
  results: array(SearchHit, { description: 'Exact and inflected-form matches first, then the others; at most 50' }),
  suggestions: optional(
    array(SearchSuggestion, { description: '"Did you mean": close spellings, when nothing matches exactly' }),
  ),
});

// The whole entry: an operation of our own server, not of the service. Its body is NDJSON,
// one object a line: an `entry` line first, then one `definition` line for each definition the
// entry or its run-on entries have (in any order), then an `end` line. Every section asked for
// is in exactly one of `values`, `absent` and `errors`, so one failing section fails alone.

const sectionOutcomes = {
  values: record(
    {},
    { description: 'Section name (the operation path suffix) to its value, as the section operation answers it' },
  ),
  absent: array(str, { description: 'Sections the entry or definition lacks (the operation answered 404)' }),
  errors: record(object({ status: integer(), message: str }), {
    description: 'Sections that could not be read, with the status and message of the failure',
  }),
};

export const EntryLine = object(
  { kind: oneOf(['entry']), headword: str, definitions: DefinitionMap, ...sectionOutcomes },
  { description: 'The first line: headword (E3), definition map (E1) and the entry-level sections' },
);
export const DefinitionLine = object(
  { kind: oneOf(['definition']), id: string({ description: 'Definition ID' }), ...sectionOutcomes },
  { description: 'Every section of one definition of the entry or of one of its run-on entries' },
);
export const EndLine = object(
  { kind: oneOf(['end']), definitions: integer({ minimum: 0, description: 'Number of definition lines sent' }) },
  { description: 'The last line: the entry is complete' },
);

/** `/api/databases.json`: the databases our server offers (not part of the service). */
export const DatabaseList = object({
  databases: StringList,
  transcriptions: record(StringList, {
    description: 'By database: the `phonemic-transcription` values it accepts, its default first',
  }),
});

/** The one error body of the reference service and of the server's own errors. */
export const ErrorBody = object({ statusCode: integer(), error: str, message: str });

// Static types, generated from the OpenAPI document that carries the shapes above.
type Schemas = components['schemas'];
export type DefinitionMap = Schemas['DefinitionMap'];
export type EntryEtymology = Schemas['EntryEtymology'];
export type UsageNotes = Schemas['EntryUsageNotes'];
export type DefinitionEtymology = Schemas['DefinitionEtymology'];
export type SearchTerms = Schemas['DefinitionSearchTerms'];
export type GeographicInformation = Schemas['DefinitionGeographicInformation'];
export type ScientificInformation = Schemas['DefinitionScientificInformation'];
export type CrossReferences = Schemas['DefinitionCrossReferences'];
export type Inflections = Schemas['DefinitionInflections'];
export type Pronunciation = Schemas['DefinitionPronunciations'][number];
export type Variants = Schemas['DefinitionVariants'];
export type RunOnEntries = Schemas['EntryRunOnEntries'];
export type SearchResponse = Schemas['SearchResponse'];
export type SearchHit = SearchResponse['results'][number];
export type SearchSuggestion = NonNullable<SearchResponse['suggestions']>[number];
export type SearchMatch = SearchHit['match'];
export type ErrorBody = Schemas['ErrorBody'];
export type DatabaseList = Schemas['DatabaseList'];
export type EntryLine = Schemas['EntryLine'];
export type DefinitionLine = Schemas['DefinitionLine'];
export type EndLine = Schemas['EndLine'];
export type EntrySearchField = (typeof EntrySearchFields)[number];
export type DefinitionSearchField = (typeof DefinitionSearchFields)[number];
export type EntrySearch = Partial<Record<EntrySearchField, string>>;
export type DefinitionSearch = Partial<Record<DefinitionSearchField, string>>;
export type { Schema };
