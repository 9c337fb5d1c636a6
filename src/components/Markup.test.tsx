import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markup, markupText } from './Markup';

const ENTRY = '0a1b2c3d-4e5f-6789-abcd-ef0123456789';

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderMarkup(text: string, database = 'sample') {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <p data-testid="markup">
            <Markup text={text} database={database} />
          </p>
          <Where />
        </>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('markup');
}

describe('Markup', () => {
  it('keeps the allowed inline tags', () => {
    const element = renderMarkup('H<sub>2</sub>O, km<sup>2</sup>, <b>bold</b> and <i>italic</i>');
    expect(element.innerHTML).toBe('H<sub>2</sub>O, km<sup>2</sup>, <b>bold</b> and <i>italic</i>');
  });

  it('turns a cross-reference span into an in-app link to the target entry', async () => {
    const element = renderMarkup(
      `compare <span data-dictionary-type="cross-reference" data-type="link" data-entry="${ENTRY}">sprint</span>`,
      'my db',
    );
    const link = screen.getByRole('link', { name: 'sprint' });
    expect(link).toHaveAttribute('href', `/my%20db/entries/${ENTRY}`);
    expect(element.textContent).toBe('compare sprint');
    await userEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe(`/my%20db/entries/${ENTRY}`);
  });

  it('renders a cross-reference with an invalid target as plain text', () => {
    const element = renderMarkup(
      '<span data-dictionary-type="cross-reference" data-entry="https://evil.example/">kitty</span> and ' +
        '<span data-dictionary-type="cross-reference" data-entry="../../admin">cat</span>',
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(element.innerHTML).toBe('kitty and cat');
  });

  it('renders other dictionary types as styled spans keeping their type', () => {
    const element = renderMarkup(
      'in <span data-dictionary-type="context-word">computing</span> and <i data-dictionary-type="context-word">law</i>',
    );
    expect(element.innerHTML).toBe(
      'in <span class="dict-context-word">computing</span> and <i class="dict-context-word">law</i>',
    );
  });

  it('makes a safe class name of any type value', () => {
    const element = renderMarkup('<span data-dictionary-type="a&quot; onclick=&quot;x">t</span>');
    expect(element.innerHTML).toBe('<span class="dict-aonclickx">t</span>');
  });

  it.each([
    ['a script element', 'a<script>alert(1)</script>b', 'ab'],
    ['an image with onerror', 'a<img src=x onerror="alert(1)">b', 'ab'],
    ['a javascript: link', '<a href="javascript:alert(1)">click</a>', 'click'],
    ['an event handler attribute', '<b onclick="alert(1)" onmouseover="alert(2)">bold</b>', '<b>bold</b>'],
    ['a style attribute', '<i style="background:url(javascript:alert(1))">x</i>', '<i>x</i>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>after', 'after'],
    ['an svg with script', '<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['other data attributes', '<span data-foo="1" data-entry="x">y</span>', '<span>y</span>'],
    ['a href on a span', '<span href="javascript:alert(1)">z</span>', '<span>z</span>'],
    [
      'markup inside a cross-reference',
      `<span data-dictionary-type="cross-reference" data-entry="${ENTRY}"><img src=x onerror=alert(1)><b>w</b></span>`,
      `<a href="/sample/entries/${ENTRY}" class="xref"><b>w</b></a>`,
    ],
  ])('removes %s', (_, text, expected) => {
    expect(renderMarkup(text).innerHTML).toBe(expected);
  });

  it('shows text that only looks like markup as text', () => {
    const element = renderMarkup('5 &lt; 6 &amp; &lt;b&gt;');
    expect(element.textContent).toBe('5 < 6 & <b>');
    expect(element.querySelector('b')).toBeNull();
  });

  // DOMPurify gives null for these (a <frameset> document has no body), which used to throw.
  it.each([
    '<frameset onload=alert(1)>',
    '<frameset><frame src="javascript:alert(1)"></frameset>',
    'x<frameset onpageshow=alert(1)>y',
    '<html><frameset onload=alert(1)></frameset></html>',
  ])('never throws on %s, and runs nothing', (text) => {
    const element = renderMarkup(text);
    expect(element.querySelector('frameset, frame')).toBeNull();
    expect(element.textContent).not.toContain('<');
  });

  it('shows the text of markup nested too deeply to convert', () => {
    const depth = 5_000;
    const element = renderMarkup(`${'<b>'.repeat(depth)}deep${'</b>'.repeat(depth)}`);
    expect(element.textContent).toBe('deep');
  });
});

describe('markupText', () => {
  it('gives the text a markup shows, without tags and with references decoded', () => {
    expect(markupText('<b>salt</b> &amp; <i>pepper</i>')).toBe('salt & pepper');
    expect(markupText('<frameset onload=alert(1)>word')).toBe('word');
    expect(markupText('plain')).toBe('plain');
  });
});
