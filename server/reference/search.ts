// The searches of a reference database (S1, S2), each a bounded amount of work whatever the
// query: hits are read in index order and the reading stops once the page of results is full
// and the matches are counted up to COUNT_CAP; a pattern reads at most SCAN_LIMIT index rows.
import type Database from 'better-sqlite3';
import type { SearchKind } from '../../src/api/catalog';
import type { SearchHit, SearchMatch, SearchResponse, SearchSuggestion } from '../../src/api/schemas';
import { closest, MAX_DELETION_LENGTH, queryForms, spellingHash, type FuzzyCandidate } from './spelling';

export const SEARCH_RESULT_CAP = 50;
export const SUGGESTION_LIMIT = 5;
/** Matches are counted up to this many; beyond it, the response says there are more. */
export const COUNT_CAP = 1000;
/** Index rows a pattern (`*`, `?`) may read. */
export const SCAN_LIMIT = 20_000;
/** Checks of the other fields a search of several fields may make, one per hit of the first. */
const CHECK_LIMIT = 500;
/** Rows counted to choose the field to lead a search of several: beyond it, any will do. */
const ESTIMATE_LIMIT = 5_000;
/** A pattern anchored only at its end is read through the reversed keys when they are this few at most. */
const REVERSED_READ_LIMIT = 2_000;
/** Sorts after every other text: the upper bound of a prefix range. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);
const WILDCARD = /[*?]/;
/** Orders headwords as a dictionary does, and definition numbers 2 before 10. */
const collator = new Intl.Collator('en', { numeric: true });

/** One filled field of a search: its key (searchKey form), a prefix or, with * or ?, a pattern. */
interface Matcher {
  field: string;
  /** The field's id in the index (search_fields). */
  fieldId: number;
  key: string;
  wildcard: boolean;
}

/** A row of the index, as the search reads it. */
interface IndexRow {
  rowid: number;
  entry_id: string;
  def_id: string;
  key: string;
  inflection: 0 | 1;
}

interface Candidates {
  rows: Iterable<IndexRow>;
  partial: boolean;
  count: () => { total: number; more: boolean };
}

interface HitRow extends IndexRow {
  text: string;
  headword: string;
  number: string | null;
}

/** Our `*` and `?` are GLOB's; GLOB's `[` must be taken literally. */
const globPattern = (key: string) => key.replace(/\[/g, '[[]');
const reversed = (text: string) => [...text].reverse().join('');
/** The text before the first wildcard, and after the last. */
function anchors(key: string) {
  const first = key.search(WILDCARD);
  const last = Math.max(key.lastIndexOf('*'), key.lastIndexOf('?'));
  return { start: key.slice(0, first), end: key.slice(last + 1) };
}

export class SearchIndex {
  private readonly statements;
  private readonly fieldIds: Map<string, number>;

  constructor(db: Database.Database) {
    const fields = db.prepare('SELECT id, kind, field FROM search_fields').raw().all() as [number, string, string][];
    this.fieldIds = new Map(fields.map(([id, kind, field]) => [`${kind}\0${field}`, id]));
    const rowColumns = 'SELECT rowid, entry_id, def_id, key, inflection FROM search_index';
    const inField = 'field_id = @fieldId';
    const prefixRange = 'key > @key AND key < @key || @max';
    this.statements = {
      // Exact and inflected forms: few, ordered by the caller.
      exact: db.prepare(
        `SELECT s.rowid, s.entry_id, s.def_id, s.key, s.inflection, e.headword, d.number
         FROM search_index s JOIN entries e ON e.id = s.entry_id
         LEFT JOIN definitions d ON d.entry_id = s.entry_id AND d.def_id = s.def_id
         WHERE s.field_id = @fieldId AND s.inflection IN (0, 1) AND s.key = @key LIMIT @limit`,
      ),
      prefix: db.prepare(
        `${rowColumns} WHERE ${inField} AND inflection = 0 AND ${prefixRange} ORDER BY key, entry_id, def_id`,
      ),
      prefixCount: db
        .prepare(
          `SELECT count(*) FROM (SELECT 1 FROM search_index
           WHERE ${inField} AND inflection = 0 AND key >= @key AND key < @key || @max LIMIT @limit)`,
        )
        .pluck(),
      // A pattern: the rows its start selects (all of the field's if none), at most @limit of them.
      pattern: db.prepare(
        `SELECT * FROM (${rowColumns} WHERE ${inField} AND inflection = 0 AND key >= @start AND key < @start || @max
         ORDER BY key, entry_id, def_id LIMIT @scan) WHERE key GLOB @pattern`,
      ),
      // At most REVERSED_READ_LIMIT rows, checked by the caller.
      patternByEnd: db.prepare(
        `${rowColumns} WHERE ${inField} AND inflection = 0
         AND reversed_key >= @end AND reversed_key < @end || @max AND key GLOB @pattern`,
      ),
      endCount: db
        .prepare(
          `SELECT count(*) FROM (SELECT 1 FROM search_index
           WHERE ${inField} AND inflection = 0 AND reversed_key >= @end AND reversed_key < @end || @max LIMIT @limit)`,
        )
        .pluck(),
      // Counts of distinct entries or definitions, up to @limit.
      prefixOwners: db
        .prepare(
          `SELECT count(*) FROM (SELECT DISTINCT entry_id, def_id FROM search_index
           WHERE ${inField} AND inflection = 0 AND key >= @key AND key < @key || @max LIMIT @limit)`,
        )
        .pluck(),
      // Those found by an inflected form only.
      inflectionOwners: db
        .prepare(
          `SELECT count(DISTINCT entry_id || '/' || def_id) FROM search_index s
           WHERE ${inField} AND inflection = 1 AND key = @key AND NOT EXISTS (
             SELECT 1 FROM search_index AS o INDEXED BY search_by_owner
             WHERE o.entry_id = s.entry_id AND o.def_id = s.def_id AND o.field_id = s.field_id
             AND o.key >= @key AND o.key < @key || @max AND o.inflection = 0)`,
        )
        .pluck(),
      patternOwners: db
        .prepare(
          `SELECT count(*) FROM (SELECT DISTINCT entry_id, def_id FROM (
             SELECT entry_id, def_id, key FROM search_index
             WHERE ${inField} AND inflection = 0 AND key >= @start AND key < @start || @max ORDER BY key LIMIT @scan)
           WHERE key GLOB @pattern LIMIT @limit)`,
        )
        .pluck(),
      ownsPrefix: db
        .prepare(
          `SELECT 1 FROM search_index INDEXED BY search_by_owner WHERE entry_id = @entry AND def_id = @def AND ${inField}
           AND key >= @key AND key < @key || @max AND (inflection = 0 OR key = @key) LIMIT 1`,
        )
        .pluck(),
      ownsPattern: db
        .prepare(
          `SELECT 1 FROM search_index INDEXED BY search_by_owner WHERE entry_id = @entry AND def_id = @def AND ${inField}
           AND inflection = 0 AND key GLOB @pattern LIMIT 1`,
        )
        .pluck(),
      hit: db.prepare(
        `SELECT s.rowid, s.entry_id, s.def_id, s.key, s.inflection, s.text, e.headword, d.number
         FROM search_index s JOIN entries e ON e.id = s.entry_id
         LEFT JOIN definitions d ON d.entry_id = s.entry_id AND d.def_id = s.def_id WHERE s.rowid = ?`,
      ),
      spellingIds: db.prepare('SELECT key_id FROM spelling_deletions WHERE hash = ?').pluck(),
      spellingKey: db.prepare('SELECT key, text FROM spelling_keys WHERE id = ? AND field_id = ?'),
    };
  }

  /**
   * Entries (entry-data) or definitions (definition-data) that match every filled field:
   * exactly, by an inflected form of the headword, by prefix, or by a `*`/`?` pattern. Exact
   * and inflected matches come first (by headword), then the others in the order of the text
   * that matched. When nothing matches, close spellings of each field's value are suggested.
   */
  search(kind: SearchKind, keys: ReadonlyMap<string, string>): SearchResponse {
    const matchers = [...keys].map(([field, key]): Matcher => ({
      field,
      fieldId: this.fieldIds.get(`${kind}\0${field}`) ?? -1,
      key,
      wildcard: WILDCARD.test(key),
    }));
    // The field with the fewest hits leads; the others are checked for each of its hits.
    const [first, ...others] =
      matchers.length === 1
        ? matchers
        : matchers
            .map((matcher) => ({ matcher, size: this.estimate(matcher, ESTIMATE_LIMIT) }))
            .sort((a, b) => a.size - b.size)
            .map(({ matcher }) => matcher);
    if (!first) return { total: 0, results: [], suggestions: [] };
    const seen = new Set<string>();
    const shown: number[] = [];
    let total = 0;
    let checks = 0;
    let more = false;
    const read = this.candidates(first);
    const alone = others.length === 0;
    let stoppedEarly = false;
    for (const row of read.rows) {
      const id = kind === 'entry-data' ? row.entry_id : `${row.entry_id}/${row.def_id}`;
      if (seen.has(id)) continue;
      seen.add(id);
      if (!alone) {
        checks += others.length;
        if (checks > CHECK_LIMIT) {
          more = true;
          break;
        }
        if (!others.every((matcher) => this.owns(row, matcher))) continue;
      }
      if (total === COUNT_CAP) {
        more = true;
        break;
      }
      if (shown.length === SEARCH_RESULT_CAP && alone) {
        // The rest is counted in SQL, faster than read here.
        stoppedEarly = true;
        break;
      }
      total++;
      if (shown.length < SEARCH_RESULT_CAP) shown.push(row.rowid);
    }
    if (stoppedEarly) ({ total, more } = read.count());
    // Every row read: the count is whole, unless the rows were more than a pattern may read.
    else more ||= read.partial;
    const results = shown.map((rowid) => this.hit(kind, rowid, first));
    const suggestions = total === 0 && !more ? matchers.flatMap((matcher) => this.suggest(matcher)) : [];
    return { total, ...(more && { more }), results, suggestions };
  }

  /** How many rows the matcher's reading starts from, counted up to `limit`. */
  private estimate({ fieldId, key, wildcard }: Matcher, limit: number): number {
    const start = wildcard ? anchors(key).start : key;
    return this.statements.prefixCount.get({ fieldId, key: start, max: MAX_CHAR, limit }) as number;
  }

  /**
   * The matcher's rows in the order of the results, read as they are used; `partial` when rows
   * are left that will not be read (a pattern reads SCAN_LIMIT rows at most); and how to count
   * the entries or definitions they belong to, up to COUNT_CAP, faster than reading them all.
   */
  private candidates(matcher: Matcher): Candidates {
    const { fieldId, key } = matcher;
    const limit = COUNT_CAP + 1;
    const counted = (found: number, partial = false) => ({
      total: Math.min(found, COUNT_CAP),
      more: found > COUNT_CAP || partial,
    });
    if (!matcher.wildcard) {
      const exact = (this.statements.exact.all({ fieldId, key, limit }) as HitRow[]).sort(
        (a, b) =>
          a.inflection - b.inflection ||
          collator.compare(a.headword, b.headword) ||
          collator.compare(a.number ?? '', b.number ?? ''),
      );
      const prefix = this.statements.prefix.iterate({ fieldId, key, max: MAX_CHAR }) as Iterable<IndexRow>;
      const range = { fieldId, key, max: MAX_CHAR };
      return {
        rows: concat(exact, prefix),
        partial: false,
        count: () =>
          counted(
            (this.statements.prefixOwners.get({ ...range, limit }) as number) +
              (this.statements.inflectionOwners.get(range) as number),
          ),
      };
    }
    const pattern = globPattern(key);
    const { start, end } = anchors(key);
    // Anchored only at its end (`*ology`): read through the reversed keys, if they are few.
    if (end.length > start.length && this.countByEnd(fieldId, end) <= REVERSED_READ_LIMIT) {
      const rows = this.statements.patternByEnd.all({ fieldId, end: reversed(end), max: MAX_CHAR, pattern });
      return {
        rows: (rows as IndexRow[]).sort(byKey),
        partial: false,
        count: () => counted(new Set((rows as IndexRow[]).map((row) => `${row.entry_id}/${row.def_id}`)).size),
      };
    }
    const range = { fieldId, start, max: MAX_CHAR, pattern, scan: SCAN_LIMIT };
    const partial = this.estimate(matcher, SCAN_LIMIT + 1) > SCAN_LIMIT;
    return {
      rows: this.statements.pattern.iterate(range) as Iterable<IndexRow>,
      partial,
      count: () => counted(this.statements.patternOwners.get({ ...range, limit }) as number, partial),
    };
  }

  private countByEnd(fieldId: number, end: string): number {
    const limit = REVERSED_READ_LIMIT + 1;
    return this.statements.endCount.get({ fieldId, end: reversed(end), max: MAX_CHAR, limit }) as number;
  }

  /** Whether the entry or definition of the row matches the matcher too. */
  private owns(row: IndexRow, { fieldId, key, wildcard }: Matcher): boolean {
    const owner = { fieldId, entry: row.entry_id, def: row.def_id };
    const found = wildcard
      ? this.statements.ownsPattern.get({ ...owner, pattern: globPattern(key) })
      : this.statements.ownsPrefix.get({ ...owner, key, max: MAX_CHAR });
    return found !== undefined;
  }

  private hit(kind: SearchKind, rowid: number, matcher: Matcher): SearchHit {
    const row = this.statements.hit.get(rowid) as HitRow;
    const match: SearchMatch = matcher.wildcard
      ? 'wildcard'
      : row.inflection
        ? 'inflection'
        : row.key === matcher.key
          ? 'exact'
          : 'prefix';
    return {
      entryId: row.entry_id,
      headword: row.headword,
      ...(kind === 'definition-data' ? { defId: row.def_id, number: row.number ?? '' } : {}),
      field: matcher.field,
      text: row.text,
      match,
    };
  }

  /** "Did you mean": the keys of the field closest to the matcher's, through the index of deletions. */
  private suggest({ field, fieldId, key, wildcard }: Matcher): SearchSuggestion[] {
    if (wildcard || [...key].length > MAX_DELETION_LENGTH + 2) return [];
    const ids = new Set<number>();
    for (const form of queryForms(key)) {
      for (const id of this.statements.spellingIds.all(spellingHash(fieldId, form)) as number[]) ids.add(id);
    }
    const candidates = [...ids].flatMap((id) => this.statements.spellingKey.all(id, fieldId) as FuzzyCandidate[]);
    return closest(key, candidates, SUGGESTION_LIMIT).map((candidate) => ({ field, text: candidate.text }));
  }
}

const byKey = (a: IndexRow, b: IndexRow) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function* concat<T>(...parts: Iterable<T>[]): Generator<T> {
  for (const part of parts) yield* part;
}
