// The search page against the real reference service.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleId } from '../../server/datasets/sample';
import { renderAt, server, startTestService } from '../test/app';

startTestService();

const run = sampleId('run');

describe('SearchPage', () => {
  it('lists the entries matching the query, each a link to its entry', async () => {
    const router = renderAt('/sample/search?q=r');
    const links = await screen.findAllByRole('link', { name: /^(rat|run)$/ });
    expect(links.map((link) => link.textContent)).toEqual(['rat', 'run']);
    expect(screen.getByText('2 entries')).toBeInTheDocument();
    await userEvent.click(links[1]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'run' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/sample/entries/${run}`);
  });

  it('shows an entry found by an inflected form for what it is', async () => {
    renderAt('/sample/search?q=mice');
    expect(await screen.findByRole('link', { name: 'mouse' })).toBeInTheDocument();
    expect(screen.getByText(/“mice” is a form of this word/)).toBeInTheDocument();
  });

  it('offers close spellings when nothing matches, and searches for the one chosen', async () => {
    const router = renderAt('/sample/search?q=mouze');
    expect(await screen.findByText('No entries in “sample” match “mouze”.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'mouse' }));
    expect(router.state.location.search).toBe('?q=mouse');
    expect(await screen.findByText('1 entry')).toBeInTheDocument();
  });

  it('lists phrases run on under other entries', async () => {
    renderAt('/sample/search?q=run%20out');
    const phrases = await screen.findByRole('region', { name: 'Phrases' });
    expect(within(phrases).getByRole('link', { name: 'run out of steam' })).toHaveAttribute(
      'href',
      `/sample/entries/${run}`,
    );
    expect(phrases).toHaveTextContent('under “run”');
  });

  it('says so when nothing matches', async () => {
    renderAt('/sample/search?q=zzz');
    expect(await screen.findByText('No entries in “sample” match “zzz”.')).toBeInTheDocument();
  });

  it('shows the service’s message when the search fails, and still lists the phrases', async () => {
    server.use(
      http.post('/api/sample/search/entry-data', async ({ request }) =>
        'headword' in ((await request.clone().json()) as object)
          ? HttpResponse.json({ message: 'Search is resting.' }, { status: 503 })
          : undefined,
      ),
    );
    renderAt('/sample/search?q=run');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search is resting.');
    expect(await screen.findByRole('link', { name: 'run out of steam' })).toBeInTheDocument();
  });
});

describe('hostile or marked-up hits', () => {
  const hit = (headword: string, text: string) => ({
    total: 1,
    results: [{ entryId: run, headword, field: 'headword', text, match: 'prefix' }],
    suggestions: [],
  });

  it('renders the markup of headwords and matched texts, and never goes blank', async () => {
    server.use(
      http.post('/api/sample/search/entry-data', () =>
        HttpResponse.json(hit('<i>run</i><frameset onload=alert(1)>', '<frameset onload=alert(1)><b>runs</b>')),
      ),
    );
    renderAt('/sample/search?q=ru');
    const link = await screen.findByRole('link', { name: 'run' });
    expect(link.innerHTML).toBe('<i>run</i>');
    expect(screen.getByText(/matched/)).toHaveTextContent('matched “runs”');
    expect(document.querySelector('frameset, [onload]')).toBeNull();
  });
});

describe('advanced search', () => {
  it('searches definitions by a field in the URL and links each to its definition', async () => {
    renderAt('/sample/search?variants=cafe');
    const results = await screen.findByRole('region', { name: 'Definitions' });
    const link = await within(results).findByRole('link', { name: 'café 1' });
    expect(link).toHaveAttribute('href', `/sample/entries/${sampleId('cafe')}/defs/001`);
    expect(results).toHaveTextContent('variant “cafe”');
    expect(screen.getByRole('textbox', { name: 'Variant' })).toHaveValue('cafe');
  });

  it('renders the markup of a matched text', async () => {
    renderAt('/sample/search?subheads=house');
    const results = await screen.findByRole('region', { name: 'Definitions' });
    expect(await within(results).findByText('house mouse')).toContainHTML('<b>house mouse</b>');
  });

  it('combines the fields of both operations from the form into the URL', async () => {
    const user = userEvent.setup();
    const router = renderAt('/sample/search');
    await user.type(await screen.findByRole('textbox', { name: 'Entry search term' }), 'mice');
    await user.type(screen.getByRole('textbox', { name: 'Inflected form' }), 'mice');
    await user.click(
      within(screen.getByRole('form', { name: 'Advanced search' })).getByRole('button', { name: 'Search' }),
    );
    expect(router.state.location.search).toBe('?search-terms=mice&inflections=mice');
    const entries = await screen.findByRole('region', { name: 'Entries' });
    expect(await within(entries).findByRole('link', { name: 'mouse' })).toBeInTheDocument();
    const definitions = screen.getByRole('region', { name: 'Definitions' });
    expect(await within(definitions).findAllByRole('link', { name: /^mouse [12]$/ })).toHaveLength(2);
  });

  it('keeps the two search terms fields apart', async () => {
    renderAt('/sample/search?definition-search-terms=ran');
    const definitions = await screen.findByRole('region', { name: 'Definitions' });
    expect(await within(definitions).findByRole('link', { name: 'run 1' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Entries' })).toBeNull();
  });

  it('asks for a field when none is filled', async () => {
    const user = userEvent.setup();
    const router = renderAt('/sample/search');
    await user.click(
      within(await screen.findByRole('form', { name: 'Advanced search' })).getByRole('button', { name: 'Search' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in at least one field.');
    expect(router.state.location.search).toBe('');
  });

  it('offers close spellings for the field that matched nothing', async () => {
    const router = renderAt('/sample/search?abbreviations=FX');
    const definitions = await screen.findByRole('region', { name: 'Definitions' });
    await userEvent.click(await within(definitions).findByRole('link', { name: 'FR' }));
    expect(router.state.location.search).toBe('?abbreviations=FR');
    expect(await screen.findByRole('link', { name: 'France 1' })).toBeInTheDocument();
  });
});
