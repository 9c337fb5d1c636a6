// Writes the whole entry as NDJSON lines (EntryLine, DefinitionLine and EndLine in
// src/api/schemas.ts). Values stay the JSON text they were read as, so that nothing is
// parsed and serialized again; that text must be compact JSON (no line breaks).
import {
  definitionSections,
  entrySections,
  type DefinitionSectionName,
  type EntrySectionName,
} from '../src/api/catalog';

export const NDJSON_TYPE = 'application/x-ndjson';
export const NDJSON = `${NDJSON_TYPE}; charset=utf-8`;

/** The sections an entry line carries: every entry-level one but the headword, which it has apart. */
export const ENTRY_LINE_SECTIONS = Object.keys(entrySections).filter((name) => name !== 'headword') as Exclude<
  EntrySectionName,
  'headword'
>[];
export const DEFINITION_LINE_SECTIONS = Object.keys(definitionSections) as DefinitionSectionName[];

/** How reading one section ended: its value as JSON text, absent (a 404), or a failure. */
export type SectionOutcome = { json: string } | { absent: true } | { status: number; message: string };

export const ABSENT: SectionOutcome = { absent: true };

function outcomesJson(outcomes: Iterable<[string, SectionOutcome]>): string {
  const values: string[] = [];
  const absent: string[] = [];
  const errors: string[] = [];
  for (const [name, outcome] of outcomes) {
    const key = JSON.stringify(name);
    if ('json' in outcome) values.push(`${key}:${outcome.json}`);
    else if ('absent' in outcome) absent.push(key);
    else errors.push(`${key}:${JSON.stringify({ status: outcome.status, message: outcome.message })}`);
  }
  return `"values":{${values.join(',')}},"absent":[${absent.join(',')}],"errors":{${errors.join(',')}}`;
}

export const entryLine = (headword: string, definitionMapJson: string, outcomes: Iterable<[string, SectionOutcome]>) =>
  `{"kind":"entry","headword":${JSON.stringify(headword)},"definitions":${definitionMapJson},${outcomesJson(outcomes)}}\n`;

export const definitionLine = (defId: string, outcomes: Iterable<[string, SectionOutcome]>) =>
  `{"kind":"definition","id":${JSON.stringify(defId)},${outcomesJson(outcomes)}}\n`;

export const endLine = (definitions: number) => `{"kind":"end","definitions":${definitions}}\n`;
