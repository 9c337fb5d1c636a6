// The entry page's loader, in the app's first bundle so that the entry is asked for while the
// page's own code is still loading. It waits for the entry's first line only: the headword and
// definition map (a 404 means no such entry), and whether a deep-linked definition exists.
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../api/http';
import { ensureEntryStart, wholeEntryQuery } from '../../api/whole-entry';
import { transcriptionFor } from '../../preferences/transcription';

export interface EntryParams {
  database: string;
  entryId: string;
  defId?: string;
}

export function entryParams(params: Record<string, string | undefined>): EntryParams {
  const { database, entryId, defId } = params;
  if (!database || !entryId) throw new ApiError('not-found', 'This address names no entry.', 404);
  return { database, entryId, defId };
}

export const entryLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const { database, entryId, defId } = entryParams(params);
    const transcription = await transcriptionFor(queryClient, database);
    const entry = await ensureEntryStart(queryClient, wholeEntryQuery(database, entryId, transcription));
    const inRunOn = entry.runOns?.some((runOn) => defId !== undefined && Object.hasOwn(runOn.definitions, defId));
    if (defId !== undefined && !Object.hasOwn(entry.definitionMap, defId) && !inRunOn) {
      throw new ApiError('not-found', `This entry has no definition ${defId}.`, 404);
    }
    return null;
  };
