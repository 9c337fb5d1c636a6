import type { DefinitionMap } from '../../api/schemas';
import { orderedDefinitions } from '../../definition-order';
import { DefinitionView } from './DefinitionView';

interface DefinitionListProps {
  database: string;
  entryId: string;
  headword: string;
  definitionMap: DefinitionMap;
  transcription: string | undefined;
  /** Definitions whose sections the whole entry has brought. */
  arrived: ReadonlySet<string>;
  /** The whole entry has brought all it will. */
  settled: boolean;
  /** Definitions to show in full; the others wait for their turn. */
  shown: ReadonlySet<string>;
  /** The definition ID of the URL, if any. */
  highlighted?: string;
  /** The run-on entry these definitions belong to, if any. */
  runOn?: string;
}

/** Definitions in reading order (2 before 10, 3a before 3b). */
export function DefinitionList({
  database,
  entryId,
  headword,
  definitionMap,
  transcription,
  arrived,
  settled,
  shown,
  highlighted,
  runOn,
}: DefinitionListProps) {
  return (
    <ol className="definitions" aria-label={runOn ? `Definitions of “${runOn}”` : 'Definitions'}>
      {orderedDefinitions(definitionMap).map(([defId, number]) => (
        <DefinitionView
          key={defId}
          database={database}
          entryId={entryId}
          headword={headword}
          defId={defId}
          number={number}
          transcription={transcription}
          arrived={arrived.has(defId)}
          settled={settled}
          shown={shown.has(defId)}
          highlighted={defId === highlighted}
          runOn={runOn}
        />
      ))}
    </ol>
  );
}
