// Read access to one database of the reference service.
import type Database from 'better-sqlite3';
import { searchKinds, type SearchKind } from '../../src/api/catalog';
import type { DefinitionMap, SearchResponse } from '../../src/api/schemas';
import { searchKey } from './normalize';
import { SearchIndex } from './search';

export class DictionaryStore {
  readonly transcriptions: string[];
  private readonly statements;
  private readonly searchIndex: SearchIndex;

  constructor(readonly db: Database.Database) {
    const meta = db.prepare("SELECT value FROM meta WHERE key = 'transcriptions'").pluck().get() as string;
    this.transcriptions = JSON.parse(meta) as string[];
    this.searchIndex = new SearchIndex(db);
    this.statements = {
      headword: db.prepare('SELECT headword FROM entries WHERE id = ?').pluck(),
      definitionMap: db.prepare('SELECT def_id, number FROM definitions WHERE entry_id = ? AND run_on = 0').raw(),
      definitionExists: db.prepare('SELECT 1 FROM definitions WHERE entry_id = ? AND def_id = ?').pluck(),
      allDefinitions: db.prepare('SELECT def_id, number, run_on FROM definitions WHERE entry_id = ?').raw(),
      allSections: db.prepare('SELECT def_id, name, transcription, value FROM sections WHERE entry_id = ?').raw(),
      // The transcription's own value wins over the one for all ('' sorts last).
      section: db
        .prepare(
          `SELECT value FROM sections WHERE entry_id = ? AND def_id = ? AND name = ? AND transcription IN (?, '')
           ORDER BY transcription DESC LIMIT 1`,
        )
        .pluck(),
    };
  }

  headword(entryId: string): string | undefined {
    return this.statements.headword.get(entryId) as string | undefined;
  }

  definitionMap(entryId: string): DefinitionMap {
    return Object.fromEntries(this.statements.definitionMap.all(entryId) as [string, string][]);
  }

  hasDefinition(entryId: string, defId: string): boolean {
    return this.statements.definitionExists.get(entryId, defId) !== undefined;
  }

  /** The stored value of an operation (defId '' for entry level), or undefined if none. */
  section(entryId: string, defId: string, name: string, transcription: string): unknown {
    const value = this.statements.section.get(entryId, defId, name, transcription) as string | undefined;
    return value === undefined ? undefined : (JSON.parse(value) as unknown);
  }

  /** Every definition of an entry, its run-on entries' included: [defId, number, runOn (0 or 1)]. */
  allDefinitions(entryId: string): [string, string, number][] {
    return this.statements.allDefinitions.all(entryId) as [string, string, number][];
  }

  /**
   * Every stored section value of an entry, as JSON text, keyed by defId ('' for the entry)
   * and name: the transcription's own value where there is one, else the value for all.
   */
  allSections(entryId: string, transcription: string): Map<string, Map<string, string>> {
    const byDefinition = new Map<string, Map<string, string>>();
    const rows = this.statements.allSections.all(entryId) as [string, string, string, string][];
    for (const [defId, name, rowTranscription, value] of rows) {
      if (rowTranscription !== '' && rowTranscription !== transcription) continue;
      let sections = byDefinition.get(defId);
      if (!sections) byDefinition.set(defId, (sections = new Map()));
      if (rowTranscription !== '' || !sections.has(name)) sections.set(name, value);
    }
    return byDefinition;
  }

  /** The search of S1 (entry-data) or S2 (definition-data): see SearchIndex.search. */
  search(kind: SearchKind, fields: Record<string, string>): SearchResponse {
    const filled = searchKinds[kind].filter((field) => fields[field]?.trim());
    return this.searchIndex.search(kind, new Map(filled.map((field) => [field, searchKey(fields[field]!)])));
  }
}
