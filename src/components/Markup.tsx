// The one place that turns the service's inline markup into something on screen. It
// sanitizes with an explicit allowlist, then converts the sanitized DOM into React
// elements, so no HTML string is ever handed to the page.
import DOMPurify, { type WindowLike } from 'dompurify';
import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import { isEntryId } from '../api/catalog';
import { EntryLink } from './EntryLink';

const TAGS = ['b', 'i', 'sup', 'sub', 'span'];
const ATTRIBUTES = ['data-dictionary-type', 'data-type', 'data-entry'];

let purifier = DOMPurify;

/** On the server, which has no DOM of its own: the window (jsdom's) that markup is sanitized in. */
export function sanitizeIn(window: WindowLike) {
  purifier = DOMPurify(window);
}

export function sanitize(markup: string): DocumentFragment {
  return purifier.sanitize(markup, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
}

/** A `data-dictionary-type` value as a class name: letters, digits and hyphens only. */
const typeClass = (type: string) => `dict-${type.toLowerCase().replace(/[^a-z0-9-]/g, '')}`;

function toReact(node: Node, key: string, database: string): ReactNode {
  if (node.nodeType === node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== node.ELEMENT_NODE) return null;
  const element = node as Element;
  const children = Array.from(element.childNodes, (child, index) => toReact(child, `${key}.${index}`, database));
  const type = element.getAttribute('data-dictionary-type');
  if (type === 'cross-reference') {
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
  /** The database that cross-references point into. */
  database: string;
}

/** Text with no tag and no character reference is shown as it is, without parsing it. */
const PLAIN = /^[^<&]*$/;

export function Markup({ text, database }: MarkupProps) {
  const nodes = useMemo(
    () =>
      PLAIN.test(text)
        ? text
        : Array.from(sanitize(text).childNodes, (node, index) => toReact(node, String(index), database)),
    [text, database],
  );
  return <>{nodes}</>;
}
