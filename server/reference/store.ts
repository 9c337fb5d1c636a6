// Read access to one database of the reference service.
import type Database from 'better-sqlite3';
import { searchKinds, type SearchKind } from '../../src/api/catalog';
import type { DefinitionMap, SearchHit } from '../../src/api/schemas';
import { searchKey } from './normalize';

export const SEARCH_RESULT_CAP = 50;

interface IndexHit {
  entry_id: string;
  def_id: string;
  text: string;
  exact: 0 | 1;
  headword: string;
  number: string | null;
}

export class DictionaryStore {
  readonly transcriptions: string[];
  private readonly statements;

  constructor(readonly db: Database.Database) {
    const meta = db.prepare("SELECT value FROM meta WHERE key = 'transcriptions'").pluck().get() as string;
    this.transcriptions = JSON.parse(meta) as string[];
    this.statements = {
      headword: db.prepare('SELECT headword FROM entries WHERE id = ?').pluck(),
      definitionMap: db.prepare('SELECT def_id, number FROM definitions WHERE entry_id = ? AND run_on = 0').raw(),
      definitionExists: db.prepare('SELECT 1 FROM definitions WHERE entry_id = ? AND def_id = ?').pluck(),
      // The transcription's own value wins over the one for all ('' sorts last).
      section: db
        .prepare(
          `SELECT value FROM sections WHERE entry_id = ? AND def_id = ? AND name = ? AND transcription IN (?, '')
           ORDER BY transcription DESC LIMIT 1`,
        )
        .pluck(),
      search: db.prepare(
        `SELECT s.entry_id, s.def_id, s.text, s.key = @key AS exact, e.headword, d.number
         FROM search_index s
         JOIN entries e ON e.id = s.entry_id
         LEFT JOIN definitions d ON d.entry_id = s.entry_id AND d.def_id = s.def_id
         WHERE s.kind = @kind AND s.field = @field AND s.key >= @key AND s.key < @key || char(1114111)`,
      ),
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

  /**
   * Entries (entry-data) or definitions (definition-data) whose field texts equal or start
   * with every filled field's value; exact matches first, then by headword.
   */
  search(kind: SearchKind, fields: Record<string, string>): { total: number; results: SearchHit[] } {
    let found: Map<string, SearchHit> | undefined;
    for (const field of searchKinds[kind]) {
      const value = fields[field];
      if (!value?.trim()) continue;
      const hits = new Map<string, SearchHit>();
      for (const row of this.statements.search.all({ kind, field, key: searchKey(value) }) as IndexHit[]) {
        const id = kind === 'entry-data' ? row.entry_id : `${row.entry_id}/${row.def_id}`;
        const hit: SearchHit = {
          entryId: row.entry_id,
          headword: row.headword,
          ...(kind === 'definition-data' ? { defId: row.def_id, number: row.number ?? '' } : {}),
          field,
          text: row.text,
          match: row.exact ? 'exact' : 'prefix',
        };
        const previous = hits.get(id);
        if (!previous || (previous.match === 'prefix' && hit.match === 'exact')) hits.set(id, hit);
      }
      found = found ? new Map([...found].filter(([id]) => hits.has(id))) : hits;
    }
    const all = [...(found ?? new Map<string, SearchHit>()).values()].sort(
      (a, b) =>
        Number(b.match === 'exact') - Number(a.match === 'exact') ||
        a.headword.localeCompare(b.headword) ||
        (a.number ?? '').localeCompare(b.number ?? '', undefined, { numeric: true }),
    );
    return { total: all.length, results: all.slice(0, SEARCH_RESULT_CAP) };
  }
}
