// The whole entry from SQLite in one pass: two indexed reads (its definitions, and every
// section value it has), written as the NDJSON lines of entry-lines.ts with each section
// answered as its own operation would answer it.
import { definitionSections, entrySections, isListSection, type SectionSpec } from '../../src/api/catalog';
import { orderedDefinitions } from '../../src/definition-order';
import {
  ABSENT,
  DEFINITION_LINE_SECTIONS,
  definitionLine,
  endLine,
  ENTRY_LINE_SECTIONS,
  entryLine,
  type SectionOutcome,
} from '../entry-lines';
import type { DictionaryStore } from './store';

const EMPTY_LIST: SectionOutcome = { json: '[]' };

/** A stored value; else, as the section operations answer, an empty list for a list and 404 for the rest. */
const outcome = (spec: SectionSpec, stored: string | undefined): SectionOutcome =>
  stored !== undefined ? { json: stored } : isListSection(spec) ? EMPTY_LIST : ABSENT;

/** The entry's NDJSON body. The entry must exist. */
export function wholeEntry(store: DictionaryStore, entryId: string, transcription: string): string {
  const headword = store.headword(entryId)!;
  const definitions = store.allDefinitions(entryId);
  const sections = store.allSections(entryId, transcription);
  const read = (defId: string, names: string[], specs: Record<string, SectionSpec>) =>
    names.map((name): [string, SectionOutcome] => [name, outcome(specs[name]!, sections.get(defId)?.get(name))]);

  const definitionMap = Object.fromEntries(
    definitions.filter(([, , runOn]) => !runOn).map(([id, number]) => [id, number]),
  );
  const inReadingOrder = [
    ...orderedDefinitions(definitionMap).map(([id]) => id),
    ...definitions.filter(([, , runOn]) => runOn).map(([id]) => id),
  ];
  const lines = [entryLine(headword, JSON.stringify(definitionMap), read('', ENTRY_LINE_SECTIONS, entrySections))];
  for (const defId of inReadingOrder) {
    lines.push(definitionLine(defId, read(defId, DEFINITION_LINE_SECTIONS, definitionSections)));
  }
  lines.push(endLine(inReadingOrder.length));
  return lines.join('');
}
