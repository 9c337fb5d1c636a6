// The header's preferences against the real reference service, over two databases.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleId } from '../../server/datasets/sample';
import { openSample } from '../../server/reference/databases';
import { renderAt, server, startTestService } from '../test/app';

startTestService(
  new Map([
    ['sample', openSample()],
    ['copy', openSample()],
  ]),
);

const mouse = sampleId('mouse');

describe('the theme toggle', () => {
  it('switches to dark and back to following the system, and is remembered', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const toggle = await screen.findByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('dictionary-reader:theme')).toBe('"dark"');
    // Told to the server too, for the pages it renders.
    expect(document.cookie).toContain('theme=dark');
    await user.click(toggle);
    // The system (jsdom) prefers light: back to light is back to following the system.
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem('dictionary-reader:theme')).toBe('"system"');
  });
});

describe('the pronunciation notation', () => {
  it('reads the entry again with it as phonemic-transcription, and remembers it', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.has('phonemic-transcription')) sent.push(url.pathname.split('/').at(-1)!);
    });
    renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    expect(await within(first).findByText('MYSS')).toBeInTheDocument();

    const notation = screen.getByRole('combobox', { name: 'Pronunciation' });
    // The notations arrive in their own request, maybe after the entry.
    await waitFor(() => expect(notation).toBeEnabled());
    await user.selectOptions(notation, 'Dictionary style (md)');
    expect(await within(first).findByText('ˈmīs')).toBeInTheDocument();
    expect(localStorage.getItem('dictionary-reader:transcription')).toBe('"md"');
    // The whole entry, whose server passes it on to the operations that take it (see the server's tests).
    expect(sent).toEqual([mouse]);
    server.events.removeAllListeners();
  });

  it('offers the notations of the database read', async () => {
    renderAt('/');
    const select = await screen.findByRole('combobox', { name: 'Pronunciation' });
    // Disabled, with only the default, until the server's list is in.
    await waitFor(() => expect(select).toBeEnabled());
    expect(within(select).getAllByRole('option')).toHaveLength(3);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Default', 'IPA', 'Dictionary style (md)']);
  });
});

describe('the database switcher', () => {
  it('keeps the search when switching on a results page', async () => {
    const user = userEvent.setup();
    const router = renderAt('/sample/search?q=mou');
    await screen.findByRole('link', { name: 'mouse' });
    const select = screen.getByRole('combobox', { name: 'Database' });
    await within(select).findByRole('option', { name: 'copy' });
    await user.selectOptions(select, 'copy');
    expect(await screen.findByRole('link', { name: 'mouse' })).toHaveAttribute('href', `/copy/entries/${mouse}`);
    expect(router.state.location.pathname).toBe('/copy/search');
    expect(router.state.location.search).toBe('?q=mou');
  });

  it('looks the headword up in the other database when switching on an entry', async () => {
    const user = userEvent.setup();
    const router = renderAt(`/sample/entries/${mouse}`);
    await screen.findByRole('heading', { level: 1, name: 'mouse' });
    const select = screen.getByRole('combobox', { name: 'Database' });
    await within(select).findByRole('option', { name: 'copy' });
    await user.selectOptions(select, 'copy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “mouse”' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/copy/search');
  });

  it('chooses the database the start page searches, and remembers it', async () => {
    const user = userEvent.setup();
    const router = renderAt('/');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Database' }), 'copy');
    expect(localStorage.getItem('dictionary-reader:database')).toBe('"copy"');
    await user.type(screen.getByRole('combobox', { name: 'Search in copy' }), 'run{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “run”' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/copy/search');
  });
});

describe('with a real service whose databases are not configured', () => {
  it('takes a typed database name on the start page', async () => {
    server.use(http.get('/api/databases.json', () => HttpResponse.json({ databases: [], transcriptions: {} })));
    const user = userEvent.setup();
    const router = renderAt('/');
    const name = await screen.findByRole('textbox', { name: 'Database' });
    await user.type(name, 'copy');
    await user.type(screen.getByRole('combobox', { name: 'Search in copy' }), 'mouse{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “mouse”' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/copy/search');
    expect(screen.getByRole('combobox', { name: 'Database' })).toHaveValue('copy');
  });
});
