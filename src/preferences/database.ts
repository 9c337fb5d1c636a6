// The database searched from the start page: the one last chosen, else the first the server offers.
import { useQuery } from '@tanstack/react-query';
import { databasesQuery } from '../api/queries';
import { storageKey, useStored, type Stored } from './stored';

export const databaseChoice: Stored<string> = {
  key: storageKey('database'),
  parse: (json) => (typeof json === 'string' && json ? json : undefined),
  fallback: '',
};

/** The server's `/api/databases.json`, once it has arrived. */
export const useDatabaseList = () => useQuery(databasesQuery()).data;

export const useDatabases = () => useDatabaseList()?.databases ?? [];

/** The database of the page, or for pages of no database (start page) the preferred one. */
export function usePreferredDatabase(fromUrl: string | undefined): [string, (name: string) => void] {
  const [chosen, setChosen] = useStored(databaseChoice);
  const offered = useDatabases();
  const preferred = chosen && (offered.length === 0 || offered.includes(chosen)) ? chosen : offered[0];
  return [fromUrl ?? preferred ?? '', setChosen];
}
