// Writes a Dataset into a SQLite database in the layout of schema.ts.
import Database from 'better-sqlite3';
import { searchKinds } from '../../src/api/catalog';
import type { DefinitionSearchField, EntrySearchField } from '../../src/api/schemas';
import type { Dataset, DatasetDefinition, DatasetEntry } from './dataset';
import { searchKey } from './normalize';
import { SCHEMA, SEARCH_INDEXES } from './schema';
import { indexedForms, spellingHash } from './spelling';

type IndexRow = [kind: 'entry-data' | 'definition-data', field: string, text: string, defId: string, inflection?: 1];

const texts = (items: readonly { data: string }[] | undefined) => (items ?? []).map((item) => item.data);

function entryIndexRows(entry: DatasetEntry): IndexRow[] {
  const fields: [EntrySearchField, string[]][] = [
    ['headword', [entry.headword]],
    ['run-on entries', (entry.runOns ?? []).map((runOn) => runOn.headword)],
    ['search terms', texts(entry.sections?.['search-terms'])],
  ];
  const inflections = new Set(entry.definitions.flatMap((definition) => texts(definition.sections.inflections)));
  return [
    ...fields.flatMap(([field, values]) => values.map((text): IndexRow => ['entry-data', field, text, ''])),
    ...[...inflections].map((text): IndexRow => ['entry-data', 'headword', text, '', 1]),
  ];
}

function definitionIndexRows(definition: DatasetDefinition): IndexRow[] {
  const s = definition.sections;
  const fields: [DefinitionSearchField, string[]][] = [
    ['abbreviations', s.abbreviations ?? []],
    ['bynames', s.bynames ?? []],
    ['encyclopedic subheads', texts(s['encyclopedic-subheads'])],
    ['inflections', texts(s.inflections)],
    ['search terms', texts(s['search-terms'])],
    ['subheads', texts(s.subheads)],
    ['variants', texts(s.variants)],
  ];
  return fields.flatMap(([field, values]) =>
    values.map((text): IndexRow => ['definition-data', field, text, definition.id]),
  );
}

/** Builds the database at `path` (':memory:' for an in-memory one) and returns it open. */
export function buildDatabase(
  path: string,
  dataset: Dataset,
  onEntry?: (count: number) => void,
  onStep?: (step: string) => void,
): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -500000'); // 500 MB, so that the indexes are made in memory
  db.exec(SCHEMA);
  const insertMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  const insertEntry = db.prepare('INSERT INTO entries (id, headword) VALUES (?, ?)');
  const insertDefinition = db.prepare('INSERT INTO definitions (entry_id, def_id, number, run_on) VALUES (?, ?, ?, ?)');
  const insertSection = db.prepare(
    'INSERT INTO sections (entry_id, def_id, name, transcription, value) VALUES (?, ?, ?, ?, ?)',
  );
  const insertIndex = db.prepare(
    `INSERT INTO search_index (field_id, key, reversed_key, text, entry_id, def_id, inflection)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );

  const writeSections = (entryId: string, defId: string, sections: object, transcription = '') => {
    for (const [name, value] of Object.entries(sections)) {
      if (value !== undefined) insertSection.run(entryId, defId, name, transcription, JSON.stringify(value));
    }
  };
  const writeDefinition = (entryId: string, definition: DatasetDefinition, runOn: boolean) => {
    insertDefinition.run(entryId, definition.id, definition.number, runOn ? 1 : 0);
    writeSections(entryId, definition.id, definition.sections);
    for (const [transcription, sections] of Object.entries(definition.transcribed ?? {})) {
      writeSections(entryId, definition.id, sections, transcription);
    }
  };

  const fieldIds = new Map<string, number>();
  const insertField = db.prepare('INSERT INTO search_fields (kind, field) VALUES (?, ?)');
  for (const [kind, fields] of Object.entries(searchKinds)) {
    for (const field of fields) fieldIds.set(`${kind}\0${field}`, Number(insertField.run(kind, field).lastInsertRowid));
  }

  const writeAll = db.transaction(() => {
    insertMeta.run('name', dataset.name);
    insertMeta.run('transcriptions', JSON.stringify(dataset.transcriptions));
    let count = 0;
    for (const entry of dataset.entries) {
      insertEntry.run(entry.id, entry.headword);
      writeSections(entry.id, '', entry.sections ?? {});
      for (const [transcription, sections] of Object.entries(entry.transcribed ?? {})) {
        writeSections(entry.id, '', sections, transcription);
      }
      if (entry.runOns?.length) {
        const runOnEntries = entry.runOns.map((runOn) => ({
          headword: runOn.headword,
          definitions: Object.fromEntries(runOn.definitions.map((d) => [d.id, d.number])),
        }));
        writeSections(entry.id, '', { 'run-on-entries': runOnEntries });
      }
      for (const definition of entry.definitions) writeDefinition(entry.id, definition, false);
      const runOnDefinitions = (entry.runOns ?? []).flatMap((runOn) => runOn.definitions);
      for (const definition of runOnDefinitions) writeDefinition(entry.id, definition, true);

      const rows = [
        ...entryIndexRows(entry),
        ...[...entry.definitions, ...runOnDefinitions].flatMap(definitionIndexRows),
      ];
      for (const [kind, field, text, defId, inflection = 0] of rows) {
        const key = searchKey(text);
        insertIndex.run(
          fieldIds.get(`${kind}\0${field}`),
          key,
          [...key].reverse().join(''),
          text,
          entry.id,
          defId,
          inflection,
        );
      }
      onEntry?.(++count);
    }
  });
  writeAll();
  onStep?.('Indexing the searches');
  db.exec(SEARCH_INDEXES);
  onStep?.('Indexing close spellings');
  db.transaction(() => writeSpellings(db))();
  return db;
}

/** The index of close spellings (spelling.ts): each distinct key of a field, and its deletions. */
function writeSpellings(db: Database.Database) {
  db.exec(`INSERT INTO spelling_keys (field_id, key, text)
           SELECT field_id, key, min(text) FROM search_index WHERE inflection = 0 GROUP BY field_id, key`);
  const keys = db.prepare('SELECT id, field_id, key FROM spelling_keys').raw().all() as [number, number, string][];
  if (keys.length >= 2 ** 21) throw new Error(`Too many search keys to index close spellings: ${keys.length}.`);
  // Inserted in the order of the table's key, several times faster than at random: each pair
  // packed into one number (the hash as unsigned, then 21 bits of key id) and sorted.
  const packed: number[] = [];
  for (const [id, fieldId, key] of keys) {
    for (const form of indexedForms(key)) packed.push((spellingHash(fieldId, form) + 2 ** 31) * 2 ** 21 + id);
  }
  const insert = db.prepare('INSERT OR IGNORE INTO spelling_deletions (hash, key_id) VALUES (?, ?)');
  for (const pair of Float64Array.from(packed).sort()) {
    insert.run(Math.floor(pair / 2 ** 21) - 2 ** 31, pair % 2 ** 21);
  }
}
