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

-- kind is a search operation (entry-data, definition-data), field one of its fields,
-- key the text in searchKey() form. inflection = 1: an inflected form of the headword
-- (mice for mouse), indexed under the headword field and matched only whole.
CREATE TABLE search_index (
  kind TEXT NOT NULL,
  field TEXT NOT NULL,
  key TEXT NOT NULL,
  text TEXT NOT NULL,
  entry_id TEXT NOT NULL,
  def_id TEXT NOT NULL,
  inflection INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX search_by_key ON search_index (kind, field, key);
`;
