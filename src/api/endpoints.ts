// One function per operation of the Dictionary Data Service.
import {
  definitionSections,
  entrySections,
  type DefinitionSectionName,
  type DefinitionSectionValue,
  type EntrySectionName,
  type EntrySectionValue,
  type SectionSpec,
  TRANSCRIPTION_PARAM,
} from './catalog';
import { apiPath, expectShape, request } from './http';
import { DefinitionMap, type DefinitionSearch, type EntrySearch } from './schemas';
import { parseSearchResponse, type ParsedSearch } from './search-response';

export interface ReadOptions {
  /** Sent as `phonemic-transcription` to the operations that take it. */
  transcription?: string;
  signal?: AbortSignal;
}

/** GETs one operation, with `phonemic-transcription` where it takes one, and checks its shape. */
async function readSection(spec: SectionSpec, segments: string[], options: ReadOptions): Promise<unknown> {
  const query = spec.transcription ? { [TRANSCRIPTION_PARAM]: options.transcription } : undefined;
  const body = await request('GET', apiPath(...segments), { query, signal: options.signal });
  return expectShape<unknown>(spec.schema, body);
}

export async function getEntrySection<N extends EntrySectionName>(
  database: string,
  entryId: string,
  name: N,
  options: ReadOptions = {},
): Promise<EntrySectionValue<N>> {
  return (await readSection(
    entrySections[name],
    [database, 'entries', entryId, name],
    options,
  )) as EntrySectionValue<N>;
}

export async function getDefinitionSection<N extends DefinitionSectionName>(
  database: string,
  entryId: string,
  defId: string,
  name: N,
  options: ReadOptions = {},
): Promise<DefinitionSectionValue<N>> {
  const segments = [database, 'entries', entryId, 'defs', defId, name];
  return (await readSection(definitionSections[name], segments, options)) as DefinitionSectionValue<N>;
}

type EntryRead<N extends EntrySectionName> = (
  database: string,
  entryId: string,
  options?: ReadOptions,
) => Promise<EntrySectionValue<N>>;
type DefinitionRead<N extends DefinitionSectionName> = (
  database: string,
  entryId: string,
  defId: string,
  options?: ReadOptions,
) => Promise<DefinitionSectionValue<N>>;

const entryRead =
  <N extends EntrySectionName>(name: N): EntryRead<N> =>
  (database, entryId, options) =>
    getEntrySection(database, entryId, name, options);
const definitionRead =
  <N extends DefinitionSectionName>(name: N): DefinitionRead<N> =>
  (database, entryId, defId, options) =>
    getDefinitionSection(database, entryId, defId, name, options);

/** E1 */
export async function getDefinitionMap(database: string, entryId: string, options: ReadOptions = {}) {
  const body = await request('GET', apiPath(database, 'entries', entryId, 'defs'), { signal: options.signal });
  return expectShape<DefinitionMap>(DefinitionMap, body);
}
/** E2 */ export const getEntryEtymology = entryRead('etymology');
/** E3 */ export const getHeadword = entryRead('headword');
/** E4 */ export const getUsageNotes = entryRead('usage-notes');

/** D1 */ export const getAbbreviations = definitionRead('abbreviations');
/** D2 */ export const getContextualNote = definitionRead('contextual-note');
/** D3 */ export const getCrossReferences = definitionRead('cross-references');
/** D4 */ export const getDefinitionEtymology = definitionRead('etymology');
/** D5 */ export const getGeographicInformation = definitionRead('geographic-information');
/** D6 */ export const getHeadwordModifiers = definitionRead('headword-modifiers');
/** D7 */ export const getInflections = definitionRead('inflections');
/** D8 */ export const getPartsOfSpeech = definitionRead('parts-of-speech');
/** D9 */ export const getScientificInformation = definitionRead('scientific-information');
/** D10 */ export const getSearchTerms = definitionRead('search-terms');
/** D11 */ export const getSymbols = definitionRead('symbols');
/** D12 */ export const getVariants = definitionRead('variants');

/** Extension (§4.4) */ export const getRunOnEntries = entryRead('run-on-entries');
/** Extension (§4.4) */ export const getDefinitionText = definitionRead('definition-text');

async function search(database: string, kind: string, fields: object, signal?: AbortSignal): Promise<ParsedSearch> {
  return parseSearchResponse(await request('POST', apiPath(database, 'search', kind), { body: fields, signal }));
}

/** S1 */
export const searchEntryData = (database: string, fields: EntrySearch, signal?: AbortSignal) =>
  search(database, 'entry-data', fields, signal);
/** S2 */
export const searchDefinitionData = (database: string, fields: DefinitionSearch, signal?: AbortSignal) =>
  search(database, 'definition-data', fields, signal);
