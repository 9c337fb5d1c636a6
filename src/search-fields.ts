// The searchable fields of both search operations (spec §4.1) as URL parameters of the search
// page, so that an advanced search is a link like any other.
import {
  DefinitionSearchFields,
  EntrySearchFields,
  type DefinitionSearchField,
  type EntrySearchField,
} from './api/schemas';

export interface SearchFieldSpec<F extends string> {
  field: F;
  /** The URL parameter; `search terms` exists in both operations, hence the prefix of one. */
  param: string;
  label: string;
}

const kebab = (field: string) => field.replaceAll(' ', '-');

const ENTRY_LABELS: Record<EntrySearchField, string> = {
  headword: 'Headword',
  'run-on entries': 'Phrase run on under an entry',
  'search terms': 'Entry search term',
};

const DEFINITION_LABELS: Record<DefinitionSearchField, string> = {
  abbreviations: 'Abbreviation',
  bynames: 'Byname',
  'encyclopedic subheads': 'Encyclopedic subhead',
  inflections: 'Inflected form',
  'search terms': 'Definition search term',
  subheads: 'Subhead',
  variants: 'Variant',
};

export const ENTRY_FIELDS: SearchFieldSpec<EntrySearchField>[] = EntrySearchFields.map((field) => ({
  field,
  param: kebab(field),
  label: ENTRY_LABELS[field],
}));

export const DEFINITION_FIELDS: SearchFieldSpec<DefinitionSearchField>[] = DefinitionSearchFields.map((field) => ({
  field,
  param: field === 'search terms' ? 'definition-search-terms' : kebab(field),
  label: DEFINITION_LABELS[field],
}));

/** The filled fields of one operation in the URL, or undefined when none is filled. */
export function fieldsInUrl<F extends string>(
  params: URLSearchParams,
  specs: SearchFieldSpec<F>[],
): Partial<Record<F, string>> | undefined {
  const filled = specs
    .map(({ field, param }) => [field, params.get(param)?.trim() ?? ''] as const)
    .filter(([, value]) => value !== '');
  return filled.length ? (Object.fromEntries(filled) as Partial<Record<F, string>>) : undefined;
}

/** A reader-facing name of a field a hit matched, from either operation. */
export const fieldLabel = (field: string) =>
  [...ENTRY_FIELDS, ...DEFINITION_FIELDS].find((spec) => spec.field === field)?.label ?? field;
