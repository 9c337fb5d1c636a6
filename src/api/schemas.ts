// Record shapes of the Dictionary Data Service (spec §2), written once as JSON Schema with
// TypeBox: the browser validates responses against them, the reference service declares
// them on its routes, and the static types below come from them.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Str = Type.String();
const OptStr = Type.Optional(Type.String());

/** Text that may carry inline markup (spec §2, "Inline markup in text fields"). */
const MarkupText = Type.String({ description: 'May contain inline markup' });

export const StringList = Type.Array(Str);

export const DefinitionMap = Type.Record(Str, Str, {
  description: 'Definition ID to definition number, e.g. {"001": "1", "004": "3a"}',
});

export const Headword = Str;

export const EntryEtymology = Type.Object({ data: MarkupText, type: OptStr });

export const UsageNotes = Type.Array(Type.Object({ data: MarkupText, type: OptStr }));

export const DefinitionEtymology = Type.Array(Type.Object({ type: OptStr, data: Type.Array(MarkupText) }));

export const SearchTerms = Type.Array(
  Type.Object({ data: Str, type: OptStr, number: OptStr, lemma: OptStr, pos: OptStr }),
);

export const GeographicInformation = Type.Array(Type.Object({ type: Str, data: MarkupText }));

export const ScientificInformation = Type.Array(Type.Object({ type: Str, data: Str }));

export const CrossReferences = Type.Array(
  Type.Object({
    type: OptStr,
    entry: Type.Object({ id: Str, display: OptStr, text: OptStr }),
    definition: Type.Optional(Type.Array(Type.Object({ disjunctive: Type.Optional(Type.Boolean()), id: Str }))),
  }),
);

export const Pronunciation = Type.Object({ ipa: OptStr, say: OptStr, speech: OptStr });

export const Inflections = Type.Array(
  Type.Object({
    data: Str,
    tense: OptStr,
    degree: OptStr,
    number: OptStr,
    case: OptStr,
    person: OptStr,
    mood: OptStr,
    label: Type.Optional(Type.Array(Type.Object({ data: Str, type: OptStr, qualifier: OptStr }))),
    pronunciation: Type.Optional(Type.Array(Pronunciation)),
    equivalents: Type.Optional(Type.Array(Type.Object({}))),
  }),
);

export const Variants = Type.Array(Type.Object({ data: Str }));

export const ContextualNote = MarkupText;

// Extensions: shapes we define for operations the spec lists without detail (§4.4).

export const DefinitionText = Type.String({ description: 'The definition itself; may contain inline markup' });

export const RunOnEntries = Type.Array(
  Type.Object({
    headword: Str,
    definitions: DefinitionMap,
  }),
  { description: 'Run-on entries: phrases run on under the entry, each with its own definitions' },
);

/** A list of texts, each of which may carry inline markup. */
export const TextItems = Type.Array(Type.Object({ data: MarkupText }));

export const Pronunciations = Type.Array(Pronunciation);

export const Labels = Type.Array(Type.Object({ data: Str, type: OptStr }));

export const LastEdited = Type.String({ description: 'Date of the last edit, ISO 8601 (YYYY-MM-DD)' });

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

export const SearchHit = Type.Object({
  entryId: Str,
  headword: Str,
  defId: Type.Optional(Type.String({ description: 'Present on definition-data results' })),
  number: Type.Optional(Type.String({ description: 'Definition number, on definition-data results' })),
  field: Type.String({ description: 'The search field that matched' }),
  text: Type.String({ description: 'The text that matched' }),
  match: Type.Union([Type.Literal('exact'), Type.Literal('prefix')]),
});

export const SearchResponse = Type.Object({
  total: Type.Integer({ minimum: 0, description: 'Number of matches before the cap' }),
  results: Type.Array(SearchHit),
});

/** The one error body of the reference service and of the server's own errors. */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Str,
  message: Str,
});

export type DefinitionMap = Static<typeof DefinitionMap>;
export type EntryEtymology = Static<typeof EntryEtymology>;
export type UsageNotes = Static<typeof UsageNotes>;
export type DefinitionEtymology = Static<typeof DefinitionEtymology>;
export type SearchTerms = Static<typeof SearchTerms>;
export type GeographicInformation = Static<typeof GeographicInformation>;
export type ScientificInformation = Static<typeof ScientificInformation>;
export type CrossReferences = Static<typeof CrossReferences>;
export type Inflections = Static<typeof Inflections>;
export type Pronunciation = Static<typeof Pronunciation>;
export type Variants = Static<typeof Variants>;
export type RunOnEntries = Static<typeof RunOnEntries>;
export type SearchHit = Static<typeof SearchHit>;
export type SearchResponse = Static<typeof SearchResponse>;
export type ErrorBody = Static<typeof ErrorBody>;
export type EntrySearchField = (typeof EntrySearchFields)[number];
export type DefinitionSearchField = (typeof DefinitionSearchFields)[number];
export type EntrySearch = Partial<Record<EntrySearchField, string>>;
export type DefinitionSearch = Partial<Record<DefinitionSearchField, string>>;
export type { TSchema, Static };
