// The pronunciation notation sent as `phonemic-transcription` to every operation that takes
// it. '' means the service's default: nothing is sent. A stored choice the current database
// does not accept is not sent either, so one preference works across databases.
import { useDatabaseList } from './database';
import { storageKey, useStored, type Stored } from './stored';

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

export function useTranscription(database: string) {
  const [choice, setChoice] = useStored(transcriptionChoice);
  const offered = useDatabaseList()?.transcriptions[database] ?? [];
  const sent = offered.includes(choice) ? choice : undefined;
  return { setChoice, offered, sent };
}
