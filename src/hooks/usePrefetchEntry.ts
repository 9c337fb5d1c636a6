import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { wholeEntryQuery } from '../api/whole-entry';
import { cachedTranscriptionFor } from '../preferences/transcription';

/** Starts reading an entry the reader is about to open, so that it shows at once. */
export function usePrefetchEntry(): (database: string, entryId: string) => void {
  const client = useQueryClient();
  return useCallback(
    (database, entryId) =>
      void client.prefetchQuery(wholeEntryQuery(database, entryId, cachedTranscriptionFor(client, database))),
    [client],
  );
}
