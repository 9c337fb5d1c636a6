// The in-memory form of a dictionary before it is written to SQLite. Dataset builders
// (server/datasets/) produce it; build.ts writes it.
import type {
  DefinitionSectionName,
  DefinitionSectionValue,
  EntrySectionName,
  EntrySectionValue,
} from '../../src/api/catalog';

export type EntrySectionValues = {
  [N in Exclude<EntrySectionName, 'headword' | 'run-on-entries'>]?: EntrySectionValue<N>;
};
export type DefinitionSectionValues = { [N in DefinitionSectionName]?: DefinitionSectionValue<N> };

export interface DatasetDefinition {
  id: string;
  number: string;
  sections: DefinitionSectionValues;
  /** Values that differ by phonemic transcription, by transcription name. */
  transcribed?: Record<string, DefinitionSectionValues>;
}

export interface DatasetRunOn {
  headword: string;
  definitions: DatasetDefinition[];
}

export interface DatasetEntry {
  id: string;
  headword: string;
  sections?: EntrySectionValues;
  transcribed?: Record<string, EntrySectionValues>;
  definitions: DatasetDefinition[];
  runOns?: DatasetRunOn[];
}

export interface Dataset {
  name: string;
  /** Accepted `phonemic-transcription` values; the first is the default. */
  transcriptions: string[];
  entries: Iterable<DatasetEntry>;
  /** Number of entries, when known in advance (for progress reports). */
  size?: number;
}
