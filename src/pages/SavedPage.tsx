// Bookmarks and recently viewed pages, kept in this browser, with export to and import from a JSON file.
import { useState, type ChangeEvent } from 'react';
import { EntryLink } from '../components/EntryLink';
import { useStored } from '../preferences/stored';
import { bookmarks, history, placeKey, type SavedPlace } from '../saved/saved';
import { exportSaved, ImportError, mergeSaved, parseSaved } from '../saved/saved-file';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export default function SavedPage() {
  const [savedBookmarks, setBookmarks] = useStored(bookmarks);
  const [savedHistory, setHistory] = useStored(history);
  const [importResult, setImportResult] = useState<{ ok: boolean; message: string }>();

  function exportFile() {
    const text = exportSaved({ bookmarks: savedBookmarks, history: savedHistory });
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `dictionary-reader-${new Date().toISOString().slice(0, 10)}.json`;
    link.click();
    URL.revokeObjectURL(url);
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const imported = parseSaved(await file.text());
      const merged = mergeSaved({ bookmarks: savedBookmarks, history: savedHistory }, imported);
      setBookmarks(merged.bookmarks);
      setHistory(merged.history);
      setImportResult({
        ok: true,
        message: `Imported ${count(imported.bookmarks.length, 'bookmark')} and ${count(imported.history.length, 'history item')} from ${file.name}.`,
      });
    } catch (error) {
      const reason = error instanceof ImportError ? error.message : 'The file could not be read.';
      setImportResult({ ok: false, message: `Nothing was imported. ${reason}` });
    }
  }

  function clearHistory() {
    if (window.confirm(`Clear all ${count(savedHistory.length, 'item')} of history from this browser?`)) setHistory([]);
  }

  return (
    <section className="saved" aria-labelledby="saved-title">
      <title>Bookmarks and history · Dictionary Reader</title>
      <h1 id="saved-title">Bookmarks and history</h1>
      <p className="lead">Kept in this browser only. Export them to keep a copy or to move them to another browser.</p>
      <div className="saved-actions">
        <button type="button" onClick={exportFile}>
          Export to a file
        </button>
        <label className="file-button">
          Import from a file
          <input type="file" accept=".json,application/json" onChange={(event) => void importFile(event)} />
        </label>
      </div>
      <p role="status" className={importResult?.ok === false ? 'import-result failed' : 'import-result'}>
        {importResult?.message}
      </p>

      <section aria-labelledby="bookmarks-title">
        <h2 id="bookmarks-title">Bookmarks</h2>
        {savedBookmarks.length === 0 ? (
          <p className="empty">No bookmarks yet. Use “Bookmark” on an entry or on one of its definitions.</p>
        ) : (
          <ul className="saved-list">
            {savedBookmarks.map((place) => (
              <li key={placeKey(place)}>
                <PlaceLink place={place} />
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Remove the bookmark of ${placeName(place)}`}
                  onClick={() =>
                    setBookmarks((current) => current.filter((item) => placeKey(item) !== placeKey(place)))
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history-title">
        <h2 id="history-title">Recently viewed</h2>
        {savedHistory.length === 0 ? (
          <p className="empty">Entries and definitions you read appear here.</p>
        ) : (
          <>
            <ul className="saved-list">
              {savedHistory.map((place) => (
                <li key={placeKey(place)}>
                  <PlaceLink place={place} />
                </li>
              ))}
            </ul>
            <button type="button" onClick={clearHistory}>
              Clear history
            </button>
          </>
        )}
      </section>
    </section>
  );
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function placeName(place: SavedPlace) {
  if (place.defId === undefined) return place.headword;
  const runOn = place.runOn ? ` of “${place.runOn}”` : '';
  return `${place.headword}, definition ${place.number ?? place.defId}${runOn}`;
}

function PlaceLink({ place }: { place: SavedPlace }) {
  return (
    <span className="saved-place">
      <EntryLink database={place.database} entryId={place.entryId} defId={place.defId}>
        {placeName(place)}
      </EntryLink>
      <span className="saved-meta">
        {' '}
        {place.database} · <time dateTime={place.at}>{dateFormat.format(new Date(place.at))}</time>
      </span>
    </span>
  );
}
