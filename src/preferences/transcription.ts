// The pronunciation notation sent as `phonemic-transcription` to every operation that takes
// it. '' means the service's default: nothing is sent. A stored choice the current database
// does not accept is not sent either, so one preference works across databases.
import type { QueryClient } from '@tanstack/react-query';
import { databasesQuery } from '../api/queries';
import type { DatabaseList } from '../api/schemas';
import { useDatabaseList } from './database';
import { readStored, storageKey, useStored, type Stored } from './stored';

export const transcriptionChoice: Stored<string> = {
  key: storageKey('transcription'),
  parse: (json) => (typeof json === 'string' ? json : undefined),
  fallback: '',
};

/** Reader-facing names of the notations we know; others are shown as their code. */
const NOTATION_NAMES: Record<string, string> = {
  ipa: 'IPA',
  md: 'Dictionary style (md)',
};

export const notationName = (code: string) => NOTATION_NAMES[code] ?? code;

/** The notation to send to a database: the chosen one, if the database accepts it. */
const sentTo = (database: string, choice: string, list: DatabaseList | undefined) =>
  list?.transcriptions[database]?.includes(choice) ? choice : undefined;

export function useTranscription(database: string) {
  const [choice, setChoice] = useStored(transcriptionChoice);
  const list = useDatabaseList();
  return { setChoice, offered: list?.transcriptions[database] ?? [], sent: sentTo(database, choice, list) };
}

/** The notation to send, outside React, as the page will: known at once when none is chosen. */
export async function transcriptionFor(client: QueryClient, database: string): Promise<string | undefined> {
  const choice = readStored(transcriptionChoice);
  if (!choice) return undefined;
  const list = await client.ensureQueryData(databasesQuery()).catch(() => undefined);
  return sentTo(database, choice, list);
}

/** The same, from what is in the cache now, for work that cannot wait (prefetching). */
export const cachedTranscriptionFor = (client: QueryClient, database: string): string | undefined =>
  sentTo(database, readStored(transcriptionChoice), client.getQueryData(databasesQuery().queryKey));
