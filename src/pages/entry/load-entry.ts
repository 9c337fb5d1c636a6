// The entry page's loader, in the app's first bundle so that the entry is asked for while the
// page's own code is still loading. It waits for the entry's first line only: the headword and
// definition map (a 404 means no such entry), and whether a deep-linked definition exists;
// and says whether the entry was in the cache already, complete.
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
    const query = wholeEntryQuery(database, entryId, transcription);
    const readBefore = queryClient.getQueryData(query.queryKey)?.complete === true;
    const entry = await ensureEntryStart(queryClient, query);
    const inRunOn = entry.runOns?.some((runOn) => defId !== undefined && Object.hasOwn(runOn.definitions, defId));
    if (defId !== undefined && !Object.hasOwn(entry.definitionMap, defId) && !inRunOn) {
      throw new ApiError('not-found', `This entry has no definition ${defId}.`, 404);
    }
    return { readBefore };
  };

export type EntryLoaderData = Awaited<ReturnType<ReturnType<typeof entryLoader>>>;
