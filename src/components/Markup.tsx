// The one place that turns the service's inline markup into something on screen. It
// sanitizes with an explicit allowlist, then converts the sanitized DOM into React
// elements, so no HTML string is ever handed to the page.
import DOMPurify, { type WindowLike } from 'dompurify';
import { Component, createElement, Fragment, useMemo, type ReactNode } from 'react';
import { isEntryId } from '../api/catalog';
import { EntryLink } from './EntryLink';
import { withoutTags } from './without-tags';

const TAGS = ['b', 'i', 'sup', 'sub', 'span'];
const ATTRIBUTES = ['data-dictionary-type', 'data-type', 'data-entry'];

let purifier = DOMPurify;
let checkCost: (markup: string) => void = () => {};

/**
 * On the server, which has no DOM of its own: the window (jsdom's) that markup is sanitized
 * in, and a check of each markup before it is, which throws when the page has more than the
 * server will sanitize (jsdom's sanitizing grows faster than the markup does). That stops the
 * server's rendering of the page, and the browser renders it instead.
 */
export function sanitizeIn(window: WindowLike, check: (markup: string) => void) {
  purifier = DOMPurify(window);
  checkCost = check;
}

/** The sanitized markup; null if it cannot be sanitized (DOMPurify gives null for a <frameset> document). */
export function sanitize(markup: string): DocumentFragment | null {
  checkCost(markup);
  try {
    return purifier.sanitize(markup, {
      ALLOWED_TAGS: TAGS,
      ALLOWED_ATTR: ATTRIBUTES,
      ALLOW_DATA_ATTR: false,
      RETURN_DOM_FRAGMENT: true,
    }) as DocumentFragment | null;
  } catch {
    return null;
  }
}

/** A `data-dictionary-type` value as a class name: letters, digits and hyphens only. */
const typeClass = (type: string) => `dict-${type.toLowerCase().replace(/[^a-z0-9-]/g, '')}`;

/** Where a markup's cross-references lead: into a database, or nowhere (markup inside a link). */
type LinkTarget = string | null;

function toReact(node: Node, key: string, database: LinkTarget): ReactNode {
  if (node.nodeType === node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== node.ELEMENT_NODE) return null;
  const element = node as Element;
  const children = Array.from(element.childNodes, (child, index) => toReact(child, `${key}.${index}`, database));
  const type = element.getAttribute('data-dictionary-type');
  if (type === 'cross-reference') {
    if (database === null) return <Fragment key={key}>{children}</Fragment>;
    const target = element.getAttribute('data-entry');
    return target && isEntryId(target) ? (
      <EntryLink key={key} database={database} entryId={target} className="xref">
        {children}
      </EntryLink>
    ) : (
      <Fragment key={key}>{children}</Fragment>
    );
  }
  const tag = element.tagName.toLowerCase();
  if (!TAGS.includes(tag)) return <Fragment key={key}>{children}</Fragment>;
  return createElement(tag, { key, className: type ? typeClass(type) : undefined }, ...children);
}

interface MarkupProps {
  /** Text that may carry the spec's inline markup. */
  text: string;
  /** The database that cross-references point into; null for markup inside a link, where they are text. */
  database: LinkTarget;
}

/** Text with no tag and no character reference is shown as it is, without parsing it. */
const PLAIN = /^[^<&]*$/;

/** The markup as React nodes; the text without its tags if it cannot be sanitized. */
function markupNodes(text: string, database: LinkTarget): ReactNode {
  const fragment = sanitize(text);
  try {
    if (fragment) return Array.from(fragment.childNodes, (node, index) => toReact(node, String(index), database));
  } catch {
    // Too deeply nested to convert: falls through.
  }
  return withoutTags(text);
}

/** The text the markup shows, for a title or a label: no tags, character references decoded. */
export function markupText(text: string): string {
  if (PLAIN.test(text)) return text;
  const fragment = sanitize(text);
  return fragment ? (fragment.textContent ?? '') : withoutTags(text);
}

/** Shows the text without its tags if rendering the markup fails, whatever the cause: the page goes on. */
class MarkupBoundary extends Component<{ text: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? withoutTags(this.props.text) : this.props.children;
  }
}

function MarkupNodes({ text, database }: MarkupProps) {
  const nodes = useMemo(() => markupNodes(text, database), [text, database]);
  return <>{nodes}</>;
}

/** Text with the spec's inline markup, sanitized; in the browser, never throws, whatever the text. */
export function Markup({ text, database }: MarkupProps) {
  if (PLAIN.test(text)) return text;
  return (
    <MarkupBoundary key={text} text={text}>
      <MarkupNodes text={text} database={database} />
    </MarkupBoundary>
  );
}

/** Texts with markup, one after the other, with a separator between them. */
export function MarkupList({
  texts,
  database,
  separator = ', ',
}: {
  texts: readonly string[];
  database: LinkTarget;
  separator?: string;
}) {
  return texts.map((text, index) => (
    <Fragment key={index}>
      {index > 0 && separator}
      <Markup text={text} database={database} />
    </Fragment>
  ));
}
