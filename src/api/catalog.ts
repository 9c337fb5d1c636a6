// Every GET operation of the service, by path suffix: the spec's (§4.2, §4.3) and the
// extensions we serve for the operations it lists without detail (§4.4). The typed client,
// the reference service and the proxy's allowlist are all driven by these two tables.
import type { paths } from './generated/openapi';
import * as S from './schemas';
import { object, optional, string } from './shape';

/** The query parameter of the operations that take a phonemic transcription. */
export const TRANSCRIPTION_PARAM = 'phonemic-transcription';
export const TranscriptionQuery = object({ [TRANSCRIPTION_PARAM]: optional(string()) });

export type Tag = 'Tested' | 'Developing' | 'not stated' | 'extension';

export interface SectionSpec {
  schema: S.Schema;
  tag: Tag;
  /** Takes the `phonemic-transcription` query parameter. */
  transcription: boolean;
}

/** A section whose value is a list: an entry or definition that has none answers `[]`. */
export const isListSection = (spec: SectionSpec): boolean => (spec.schema as { type?: string }).type === 'array';

/** `/{database}/entries/{entry-id}/<suffix>`; E1 (`defs`) is the definition map, listed apart. */
export const entrySections = {
  headword: { schema: S.Headword, tag: 'Tested', transcription: false },
  etymology: { schema: S.EntryEtymology, tag: 'Developing', transcription: true },
  'usage-notes': { schema: S.UsageNotes, tag: 'Developing', transcription: true },
  'last-edited': { schema: S.LastEdited, tag: 'extension', transcription: false },
  'run-on-entries': { schema: S.RunOnEntries, tag: 'extension', transcription: false },
  'search-terms': { schema: S.SearchTerms, tag: 'extension', transcription: false },
} as const satisfies Record<string, SectionSpec>;

/** `/{database}/entries/{entry-id}/defs/{def-id}/<suffix>` */
export const definitionSections = {
  abbreviations: { schema: S.StringList, tag: 'Tested', transcription: false },
  'contextual-note': { schema: S.ContextualNote, tag: 'Tested', transcription: false },
  'cross-references': { schema: S.CrossReferences, tag: 'Developing', transcription: false },
  etymology: { schema: S.DefinitionEtymology, tag: 'Developing', transcription: true },
  'geographic-information': { schema: S.GeographicInformation, tag: 'Developing', transcription: false },
  'headword-modifiers': { schema: S.StringList, tag: 'Tested', transcription: false },
  inflections: { schema: S.Inflections, tag: 'not stated', transcription: true },
  'parts-of-speech': { schema: S.StringList, tag: 'Tested', transcription: false },
  'scientific-information': { schema: S.ScientificInformation, tag: 'Developing', transcription: false },
  'search-terms': { schema: S.SearchTerms, tag: 'Developing', transcription: false },
  symbols: { schema: S.StringList, tag: 'Tested', transcription: false },
  variants: { schema: S.Variants, tag: 'Developing', transcription: true },
  bynames: { schema: S.StringList, tag: 'extension', transcription: false },
  'definition-text': { schema: S.DefinitionText, tag: 'extension', transcription: false },
  'encyclopedic-subheads': { schema: S.TextItems, tag: 'extension', transcription: false },
  'grammatical-notes': { schema: S.TextItems, tag: 'extension', transcription: false },
  'illustrative-phrases': { schema: S.TextItems, tag: 'extension', transcription: false },
  labels: { schema: S.Labels, tag: 'extension', transcription: false },
  pronunciations: { schema: S.Pronunciations, tag: 'extension', transcription: false },
  sublabels: { schema: S.StringList, tag: 'extension', transcription: false },
  subheads: { schema: S.TextItems, tag: 'extension', transcription: false },
} as const satisfies Record<string, SectionSpec>;

export type EntrySectionName = keyof typeof entrySections;
export type DefinitionSectionName = keyof typeof definitionSections;
type ResponseOf<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer T } } } };
}
  ? T
  : never;
/** The 200 body of an operation, as generated from the OpenAPI document. */
export type EntrySectionValue<N extends EntrySectionName> = ResponseOf<`/{database}/entries/{entry-id}/${N}`>;
export type DefinitionSectionValue<N extends DefinitionSectionName> =
  ResponseOf<`/{database}/entries/{entry-id}/defs/{def-id}/${N}`>;

export const searchKinds = {
  'entry-data': S.EntrySearchFields,
  'definition-data': S.DefinitionSearchFields,
} as const;
export const searchRequests = {
  'entry-data': S.EntrySearchRequest,
  'definition-data': S.DefinitionSearchRequest,
} as const;
export type SearchKind = keyof typeof searchKinds;

export const ENTRY_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DEF_ID_PATTERN = /^[0-9]+$/;
export const DATABASE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const isEntryId = (value: string): boolean => ENTRY_ID_PATTERN.test(value);
export const isDefId = (value: string): boolean => DEF_ID_PATTERN.test(value);
export const isDatabaseName = (value: string): boolean => DATABASE_PATTERN.test(value);
