// One definition of an entry, with every section the service offers for it.
import { Fragment, memo } from 'react';
import { isDefId, isEntryId } from '../../api/catalog';
import type { CrossReferences, Inflections, Pronunciation } from '../../api/schemas';
import { BookmarkButton } from '../../components/BookmarkButton';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { EntryLink } from '../../components/EntryLink';
import { Markup, MarkupList } from '../../components/Markup';
import { useInView } from '../../hooks/useInView';
import { useScrollPin } from '../../hooks/useScrollPin';
import { definitionPath } from '../../paths';
import { DefinitionContext, DefinitionSection, useDefinition } from './DefinitionSection';
import { describeInflection, GEOGRAPHIC_LABELS, SCIENTIFIC_LABELS } from './grammar';

interface DefinitionViewProps {
  database: string;
  entryId: string;
  headword: string;
  defId: string;
  number: string;
  transcription: string | undefined;
  /** Its sections are in the cache. */
  arrived: boolean;
  /** The whole entry has brought all it will: if this one has not arrived, it is read section by section. */
  settled: boolean;
  /** Its turn to be shown has come. */
  shown: boolean;
  highlighted: boolean;
  /** The run-on entry this definition belongs to, if any. */
  runOn?: string;
}

export const DefinitionView = memo(function DefinitionView(props: DefinitionViewProps) {
  return props.shown && (props.arrived || props.settled) ? (
    <ShownDefinition {...props} />
  ) : (
    <PendingDefinition {...props} />
  );
});

/** The list item's own attributes, the same whether it is shown or pending. */
const itemProps = ({ defId, number, runOn, highlighted }: DefinitionViewProps) => ({
  id: `def-${defId}`,
  className: highlighted ? 'definition highlighted' : 'definition',
  tabIndex: highlighted ? -1 : undefined,
  'aria-current': highlighted ? ('true' as const) : undefined,
  'aria-label': runOn ? `Definition ${number} of “${runOn}”` : `Definition ${number}`,
});

/** Waiting for its sections or its turn: its number and a grey line, and nothing that costs more. */
function PendingDefinition(props: DefinitionViewProps) {
  return (
    <li {...itemProps(props)}>
      <span className="def-number">{props.number}</span>
      <div className="def-content">
        <div className="def-text">
          <DefinitionPlaceholder />
        </div>
      </div>
    </li>
  );
}

function ShownDefinition(props: DefinitionViewProps) {
  const { database, entryId, headword, defId, number, transcription, arrived, highlighted, runOn } = props;
  // A definition that did not arrive with the whole entry is read alone once it comes into view.
  const [ref, inView] = useInView<HTMLLIElement>(!arrived);
  useScrollPin(ref, highlighted);
  const name = `definition ${number}${runOn ? ` of “${runOn}”` : ''}`;

  return (
    <li ref={ref} {...itemProps(props)}>
      <EntryLink
        database={database}
        entryId={entryId}
        defId={defId}
        className="def-number"
        title="Link to this definition"
      >
        {number}
      </EntryLink>
      <div className="def-content">
        <DefinitionContext.Provider
          value={{ database, entryId, defId, transcription, arrived, enabled: inView || highlighted }}
        >
          <DefinitionBody />
        </DefinitionContext.Provider>
        <div className="def-actions">
          <CopyLinkButton path={definitionPath(database, entryId, defId)} label={`Copy link to ${name}`} />
          <BookmarkButton place={{ database, entryId, headword, defId, number, runOn }} label={`Bookmark ${name}`} />
        </div>
      </div>
    </li>
  );
}

function DefinitionBody() {
  const { database } = useDefinition();
  const markup = (text: string) => <Markup text={text} database={database} />;
  return (
    <>
      <div className="def-head">
        <DefinitionSection name="parts-of-speech" what="parts of speech">
          {(parts) => <span className="pos">{parts.join(', ')}</span>}
        </DefinitionSection>
        <DefinitionSection name="headword-modifiers" what="headword modifiers">
          {(modifiers) => <span className="modifiers">{modifiers.join(', ')}</span>}
        </DefinitionSection>
        <DefinitionSection name="labels" what="labels">
          {(labels) => (
            <span className="labels">
              <MarkupList texts={labels.map((label) => label.data)} database={database} />
            </span>
          )}
        </DefinitionSection>
        <DefinitionSection name="sublabels" what="sublabels">
          {(sublabels) => <span className="labels sublabels">{sublabels.join(', ')}</span>}
        </DefinitionSection>
        <DefinitionSection name="pronunciations" what="pronunciations">
          {(pronunciations) => (
            <span className="pronunciations">
              {pronunciations.map((pronunciation, index) => (
                <PronunciationText key={index} pronunciation={pronunciation} />
              ))}
            </span>
          )}
        </DefinitionSection>
      </div>
      <div className="def-text">
        <DefinitionSection name="contextual-note" what="the contextual note">
          {(note) => <span className="contextual-note">({markup(note)}) </span>}
        </DefinitionSection>
        <DefinitionSection name="definition-text" what="the definition" placeholder={<DefinitionPlaceholder />}>
          {(text) => markup(text)}
        </DefinitionSection>
      </div>
      <DefinitionSection name="illustrative-phrases" what="examples">
        {(phrases) => (
          <ul className="examples">
            {phrases.map((phrase, index) => (
              <li key={index}>{markup(phrase.data)}</li>
            ))}
          </ul>
        )}
      </DefinitionSection>
      <dl className="facts">
        <DefinitionSection name="subheads" what="subheads">
          {(subheads) => <Fact term="Subheads">{textList(subheads, markup)}</Fact>}
        </DefinitionSection>
        <DefinitionSection name="bynames" what="bynames">
          {(bynames) => <Fact term="Also called">{bynames.join('; ')}</Fact>}
        </DefinitionSection>
        <DefinitionSection name="grammatical-notes" what="grammatical notes">
          {(notes) => <Fact term="Grammar">{textList(notes, markup)}</Fact>}
        </DefinitionSection>
        <DefinitionSection name="encyclopedic-subheads" what="encyclopedic subheads">
          {(subheads) => <Fact term="In brief">{textList(subheads, markup)}</Fact>}
        </DefinitionSection>
        <DefinitionSection name="inflections" what="inflections">
          {(inflections) => (
            <Fact term="Inflections">
              <InflectionList inflections={inflections} database={database} />
            </Fact>
          )}
        </DefinitionSection>
        <DefinitionSection name="variants" what="variants">
          {(variants) => (
            <Fact term="Variants">
              <MarkupList texts={variants.map((variant) => variant.data)} database={database} separator="; " />
            </Fact>
          )}
        </DefinitionSection>
        <DefinitionSection name="abbreviations" what="abbreviations">
          {(abbreviations) => <Fact term="Abbreviations">{abbreviations.join(', ')}</Fact>}
        </DefinitionSection>
        <DefinitionSection name="symbols" what="symbols">
          {(symbols) => <Fact term="Symbols">{symbols.join(', ')}</Fact>}
        </DefinitionSection>
        <DefinitionSection name="etymology" what="the etymology">
          {(etymology) => (
            <Fact term="Origin">
              {etymology
                .flatMap((item) => item.data)
                .map((text, index) => (
                  <span key={index} className="etymology-part">
                    {markup(text)}
                  </span>
                ))}
            </Fact>
          )}
        </DefinitionSection>
        <DefinitionSection name="search-terms" what="search terms">
          {(terms) => (
            <Fact term="Also found as">
              {terms.map((term, index) => {
                const grammar = describeInflection({ data: term.data, number: term.number });
                return (
                  <Fragment key={index}>
                    {index > 0 && ', '}
                    {markup(term.data)}
                    {grammar && ` (${grammar})`}
                  </Fragment>
                );
              })}
            </Fact>
          )}
        </DefinitionSection>
      </dl>
      <DefinitionSection name="geographic-information" what="geographic information">
        {(items) => <InfoCard title="Geography" labels={GEOGRAPHIC_LABELS} items={items} markup={markup} />}
      </DefinitionSection>
      <DefinitionSection name="scientific-information" what="scientific information">
        {(items) => <InfoCard title="Science" labels={SCIENTIFIC_LABELS} items={items} markup={markup} />}
      </DefinitionSection>
      <DefinitionSection name="cross-references" what="cross-references">
        {(references) => <CrossReferenceList references={references} />}
      </DefinitionSection>
    </>
  );
}

const DefinitionPlaceholder = () => <span className="skeleton" aria-label="Loading definition" />;

/** Texts that may carry markup, as a list of one line each. */
function textList(items: { data: string }[], markup: (text: string) => React.ReactNode) {
  return (
    <ul className="text-list">
      {items.map((item, index) => (
        <li key={index}>{markup(item.data)}</li>
      ))}
    </ul>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PronunciationText({ pronunciation }: { pronunciation: Pronunciation }) {
  return (
    <span className="pronunciation">
      {pronunciation.ipa && <span className="ipa">/{pronunciation.ipa}/</span>}
      {pronunciation.say && <span className="say">{pronunciation.say}</span>}
    </span>
  );
}

function InflectionList({ inflections, database }: { inflections: Inflections; database: string }) {
  return (
    <ul className="inflections">
      {inflections.map((inflection, index) => {
        const grammar = describeInflection(inflection);
        const labels = (inflection.label ?? []).map((label) => [label.qualifier, label.data].filter(Boolean).join(' '));
        return (
          <li key={index}>
            <b className="inflected-form">
              <Markup text={inflection.data} database={database} />
            </b>
            {grammar && <span className="grammar"> {grammar}</span>}
            {labels.length > 0 && <span className="labels"> ({labels.join(', ')})</span>}
            {(inflection.pronunciation ?? []).map((pronunciation, i) => (
              <PronunciationText key={i} pronunciation={pronunciation} />
            ))}
          </li>
        );
      })}
    </ul>
  );
}

interface InfoCardProps {
  title: string;
  labels: Record<string, string>;
  items: { type: string; data: string }[];
  markup: (text: string) => React.ReactNode;
}

function InfoCard({ title, labels, items, markup }: InfoCardProps) {
  return (
    <aside className="info-card" aria-label={title}>
      <h3>{title}</h3>
      <dl>
        {items.map((item, index) => (
          <div key={index}>
            <dt>{labels[item.type] ?? item.type}</dt>
            <dd>{markup(item.data)}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

/** Reader-facing names of cross-reference types; other types are shown as they come. */
const RELATION_LABELS: Record<string, string> = {
  arrow: 'See',
  synonym: 'Synonyms',
  antonym: 'Opposites',
  hypernym: 'Broader terms',
  similar: 'Similar',
  'see also': 'See also',
};

function CrossReferenceList({ references }: { references: CrossReferences }) {
  const groups = new Map<string, CrossReferences>();
  for (const reference of references) {
    const type = reference.type ?? 'arrow';
    groups.set(type, [...(groups.get(type) ?? []), reference]);
  }
  return (
    <dl className="cross-references">
      {[...groups].map(([type, group]) => (
        <div key={type}>
          <dt>{RELATION_LABELS[type] ?? type}</dt>
          <dd>
            {group.map((reference, index) => (
              <span key={index}>
                {index > 0 && ', '}
                <CrossReferenceLink reference={reference} />
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function CrossReferenceLink({ reference }: { reference: CrossReferences[number] }) {
  const { database } = useDefinition();
  const text = <Markup text={reference.entry.text ?? 'entry'} database={null} />;
  if (!isEntryId(reference.entry.id)) return text;
  const targetDef = reference.definition?.find((definition) => isDefId(definition.id))?.id;
  return (
    <EntryLink database={database} entryId={reference.entry.id} defId={targetDef} className="xref">
      {text}
    </EntryLink>
  );
}
