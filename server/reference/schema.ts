// The layout of a reference-service database: one SQLite file per database.
export const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE entries (id TEXT PRIMARY KEY, headword TEXT NOT NULL) WITHOUT ROWID;

-- run_on = 1: a definition of a run-on entry, absent from the entry's definition map.
CREATE TABLE definitions (
  entry_id TEXT NOT NULL REFERENCES entries (id),
  def_id TEXT NOT NULL,
  number TEXT NOT NULL,
  run_on INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (entry_id, def_id)
) WITHOUT ROWID;

-- The JSON value of each operation. def_id '' is entry level; transcription '' applies to all.
CREATE TABLE sections (
  entry_id TEXT NOT NULL,
  def_id TEXT NOT NULL,
  name TEXT NOT NULL,
  transcription TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (entry_id, def_id, name, transcription)
) WITHOUT ROWID;

-- The searchable fields: kind is a search operation (entry-data, definition-data), field one
-- of its fields. The index rows carry the field's id, which keeps the indexes small.
CREATE TABLE search_fields (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, field TEXT NOT NULL, UNIQUE (kind, field));

-- key is the text in searchKey() form, reversed_key the same read backwards (for patterns
-- that start with a wildcard). inflection = 1: an inflected form of the headword (mice for
-- mouse), indexed under the headword field and matched only whole. def_id is '' for entry-data.
CREATE TABLE search_index (
  field_id INTEGER NOT NULL REFERENCES search_fields (id),
  key TEXT NOT NULL,
  reversed_key TEXT NOT NULL,
  text TEXT NOT NULL,
  entry_id TEXT NOT NULL,
  def_id TEXT NOT NULL,
  inflection INTEGER NOT NULL DEFAULT 0
);

-- Close spellings ("did you mean"): each distinct key of a field (inflections aside), found
-- by a hash of its field and text, and of each text one character shorter (spelling.ts).
CREATE TABLE spelling_keys (id INTEGER PRIMARY KEY, field_id INTEGER NOT NULL, key TEXT NOT NULL, text TEXT NOT NULL);
CREATE TABLE spelling_deletions (hash INTEGER NOT NULL, key_id INTEGER NOT NULL, PRIMARY KEY (hash, key_id)) WITHOUT ROWID;
`;

/** Made once the rows are in, which is faster than keeping them up to date row by row. */
export const SEARCH_INDEXES = `
CREATE INDEX search_by_key ON search_index (field_id, inflection, key, entry_id, def_id);
CREATE INDEX search_by_reversed_key ON search_index (field_id, inflection, reversed_key);
CREATE INDEX search_by_owner ON search_index (entry_id, def_id, field_id, key);
`;
