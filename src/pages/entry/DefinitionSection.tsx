// Fetches one operation of a definition and renders it, its failure, or nothing.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import type { DefinitionSectionName, DefinitionSectionValue } from '../../api/catalog';
import { definitionQueries } from '../../api/queries';
import { isEmptyValue } from '../../api/whole-entry';
import { SectionBoundary, SectionError } from '../../components/SectionError';

export interface DefinitionContextValue {
  database: string;
  entryId: string;
  defId: string;
  /** Sent as `phonemic-transcription` to the sections that take it. */
  transcription: string | undefined;
  /** The whole entry has brought the definition's sections: those not in the cache have nothing to show. */
  arrived: boolean;
  /** A section may be fetched alone: the definition did not arrive with the whole entry, and has come into view. */
  enabled: boolean;
}

export const DefinitionContext = createContext<DefinitionContextValue | null>(null);

export function useDefinition(): DefinitionContextValue {
  const value = useContext(DefinitionContext);
  if (!value) throw new Error('useDefinition must be used inside a DefinitionContext');
  return value;
}

interface DefinitionSectionProps<N extends DefinitionSectionName> {
  name: N;
  /** How a reader would name this section, for the error message. */
  what: string;
  /** Shown while the section is loading. */
  placeholder?: ReactNode;
  children: (value: NonNullable<DefinitionSectionValue<N>>) => ReactNode;
}

function Render({ render }: { render: () => ReactNode }) {
  return render();
}

/**
 * A section the cache holds (read with the whole entry) is shown from it as it is: the data is
 * read-only, so it will not change, and is not watched; nor is a section the whole entry
 * brought empty, which it leaves out of the cache. A long entry has thousands of sections, and
 * watching each would cost more than all the rest of the page. Only a section still to come,
 * or that failed (to be retried), is watched.
 */
export function DefinitionSection<N extends DefinitionSectionName>(props: DefinitionSectionProps<N>) {
  const { database, entryId, defId, transcription, arrived } = useDefinition();
  const options = definitionQueries.section(database, entryId, defId, props.name, transcription);
  const state = useQueryClient().getQueryState(options.queryKey);
  if (state?.status === 'success') return <SectionValue {...props} value={state.data} />;
  if (!state && arrived) return null;
  return <WatchedSection {...props} options={options} />;
}

function WatchedSection<N extends DefinitionSectionName>({
  options,
  ...props
}: DefinitionSectionProps<N> & { options: ReturnType<typeof definitionQueries.section<N>> }) {
  const { enabled } = useDefinition();
  const query = useQuery({ ...options, enabled });
  if (query.isError) {
    return <SectionError what={props.what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) return props.placeholder ?? null;
  return <SectionValue {...props} value={query.data} />;
}

function SectionValue<N extends DefinitionSectionName>({
  what,
  children,
  value,
}: DefinitionSectionProps<N> & { value: DefinitionSectionValue<N> | null | undefined }) {
  if (isEmptyValue(value)) return null;
  return (
    <SectionBoundary what={what}>
      <Render render={() => children(value as NonNullable<DefinitionSectionValue<N>>)} />
    </SectionBoundary>
  );
}
