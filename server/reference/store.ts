// Read access to one database of the reference service.
import type Database from 'better-sqlite3';
import { searchKinds, type SearchKind } from '../../src/api/catalog';
import type { DefinitionMap, SearchHit, SearchMatch, SearchResponse, SearchSuggestion } from '../../src/api/schemas';
import { closest, type FuzzyCandidate } from './fuzzy';
import { searchKey } from './normalize';

export const SEARCH_RESULT_CAP = 50;
export const SUGGESTION_LIMIT = 5;

const RANK: Record<SearchMatch, number> = { exact: 0, inflection: 1, prefix: 2, wildcard: 2 };
const WILDCARD = /[*?]/;
/** Orders headwords as a dictionary does, and definition numbers 2 before 10. */
const collator = new Intl.Collator('en', { numeric: true });
/** Sorts after every other text: the upper bound of a prefix range. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

interface IndexHit {
  entry_id: string;
  def_id: string;
  text: string;
  key: string;
  inflection: 0 | 1;
  headword: string;
  number: string | null;
}

/** Our `*` and `?` are GLOB's; GLOB's `[` must be taken literally. */
const globPattern = (key: string) => key.replace(/\[/g, '[[]');

export class DictionaryStore {
  readonly transcriptions: string[];
  private readonly statements;
  private readonly fuzzyCandidates = new Map<string, FuzzyCandidate[]>();

  constructor(readonly db: Database.Database) {
    const meta = db.prepare("SELECT value FROM meta WHERE key = 'transcriptions'").pluck().get() as string;
    this.transcriptions = JSON.parse(meta) as string[];
    const hitColumns = `SELECT s.entry_id, s.def_id, s.text, s.key, s.inflection, e.headword, d.number
         FROM search_index s
         JOIN entries e ON e.id = s.entry_id
         LEFT JOIN definitions d ON d.entry_id = s.entry_id AND d.def_id = s.def_id`;
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
      // Inflected forms match only whole.
      prefix: db.prepare(
        `${hitColumns} WHERE s.kind = @kind AND s.field = @field AND s.key >= @key AND s.key < @key || @max
         AND (s.inflection = 0 OR s.key = @key)`,
      ),
      wildcard: db.prepare(
        `${hitColumns} WHERE s.kind = @kind AND s.field = @field AND s.key >= @start AND s.key < @start || @max
         AND s.inflection = 0 AND s.key GLOB @pattern`,
      ),
      fuzzyCandidates: db.prepare(
        `SELECT key, min(text) AS text FROM search_index WHERE kind = ? AND field = ? AND inflection = 0 GROUP BY key`,
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

  /**
   * Entries (entry-data) or definitions (definition-data) that match every filled field:
   * exactly, by an inflected form of the headword, by prefix, or by a `*`/`?` pattern.
   * Exact and inflected matches come first, then by headword and definition number. When
   * nothing matches exactly, close spellings of each field's value are suggested.
   */
  search(kind: SearchKind, fields: Record<string, string>): SearchResponse {
    const filled = searchKinds[kind].filter((field) => fields[field]?.trim());
    let found: Map<string, SearchHit> | undefined;
    const keys = new Map(filled.map((field) => [field, searchKey(fields[field]!)]));
    for (const [field, key] of keys) {
      const hits = this.matchField(kind, field, key);
      found = found ? new Map([...found].filter(([id]) => hits.has(id))) : hits;
    }
    const all = [...(found?.values() ?? [])].sort(
      (a, b) =>
        RANK[a.match] - RANK[b.match] ||
        collator.compare(a.headword, b.headword) ||
        collator.compare(a.number ?? '', b.number ?? ''),
    );
    const closeMatch = all.some((hit) => RANK[hit.match] < RANK.prefix);
    const suggestions = closeMatch ? [] : [...keys].flatMap(([field, key]) => this.suggest(kind, field, key));
    return { total: all.length, results: all.slice(0, SEARCH_RESULT_CAP), suggestions };
  }

  private matchField(kind: SearchKind, field: string, key: string): Map<string, SearchHit> {
    const wildcard = WILDCARD.test(key);
    const rows = (
      wildcard
        ? this.statements.wildcard.all({
            kind,
            field,
            start: key.slice(0, key.search(WILDCARD)),
            pattern: globPattern(key),
            max: MAX_CHAR,
          })
        : this.statements.prefix.all({ kind, field, key, max: MAX_CHAR })
    ) as IndexHit[];
    const hits = new Map<string, SearchHit>();
    for (const row of rows) {
      const match: SearchMatch = wildcard
        ? 'wildcard'
        : row.inflection
          ? 'inflection'
          : row.key === key
            ? 'exact'
            : 'prefix';
      const hit: SearchHit = {
        entryId: row.entry_id,
        headword: row.headword,
        ...(kind === 'definition-data' ? { defId: row.def_id, number: row.number ?? '' } : {}),
        field,
        text: row.text,
        match,
      };
      const id = kind === 'entry-data' ? row.entry_id : `${row.entry_id}/${row.def_id}`;
      const previous = hits.get(id);
      if (!previous || RANK[match] < RANK[previous.match]) hits.set(id, hit);
    }
    return hits;
  }

  private suggest(kind: SearchKind, field: string, key: string): SearchSuggestion[] {
    if (WILDCARD.test(key)) return [];
    const cacheKey = `${kind}\0${field}`;
    let candidates = this.fuzzyCandidates.get(cacheKey);
    if (!candidates) {
      candidates = this.statements.fuzzyCandidates.all(kind, field) as FuzzyCandidate[];
      this.fuzzyCandidates.set(cacheKey, candidates);
    }
    return closest(key, candidates, SUGGESTION_LIMIT).map((candidate) => ({ field, text: candidate.text }));
  }
}
