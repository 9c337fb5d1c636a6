// The entry page against the real reference service, with single operations made to fail where a test needs it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleId } from '../../server/datasets/sample';
import { renderAt, server, startTestService } from '../test/app';

startTestService();

const run = sampleId('run');
const mouse = sampleId('mouse');

describe('EntryPage', () => {
  it('shows the headword, etymology and definitions in number order', async () => {
    renderAt(`/sample/entries/${run}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'run' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Definitions' });
    const numbers = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('definition'))
      .map((item) => item.getAttribute('aria-label'));
    expect(numbers).toEqual(['1', '2', '3a', '3b', '4', '5', '6', '7', '8', '9', '10'].map((n) => `Definition ${n}`));
    expect(await screen.findByRole('listitem', { name: 'Definition 1 of “run out of steam”' })).toBeInTheDocument();
    expect(await screen.findByText(/rinnan/)).toBeInTheDocument();
    expect(await screen.findByText('to lose energy or enthusiasm')).toBeInTheDocument();
  });

  it('shows every section the sample offers for a definition', async () => {
    renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    expect(await within(first).findByText(/a small rodent/)).toBeInTheDocument();
    expect(await within(first).findByText('/maɪs/')).toBeInTheDocument();
    expect(within(first).getByText('plural', { selector: '.grammar' })).toBeInTheDocument();
    const ratLinks = within(first).getAllByRole('link', { name: 'rat' });
    expect(ratLinks.map((link) => link.getAttribute('href'))).toEqual([
      `/sample/entries/${sampleId('rat')}`,
      `/sample/entries/${sampleId('rat')}/defs/001`,
    ]);
    expect(first.querySelector('.examples')).toHaveTextContent('a field mouse');
    expect(await within(first).findByText('mice (plural)')).toBeInTheDocument();
    expect(await screen.findByText(/The plural/)).toBeInTheDocument();
  });

  it('shows the extension sections: pronunciations, subheads, grammar, bynames and the rest', async () => {
    renderAt(`/sample/entries/${mouse}`);
    expect(await screen.findByText('Forms')).toBeInTheDocument();
    expect(await screen.findByText('2026-10-30')).toHaveAttribute('datetime', '2026-10-30');
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    expect(await within(first).findByText('/maʊs/')).toBeInTheDocument();
    expect(within(first).getByText('MOWSS')).toBeInTheDocument();
    expect(await within(first).findByText('house mouse')).toBeInTheDocument();
    const bruise = await screen.findByRole('listitem', { name: 'Definition 3b' });
    expect(await within(bruise).findByText('dated')).toBeInTheDocument();
  });

  it('shows grammatical notes, bynames and encyclopedic subheads', async () => {
    renderAt(`/sample/entries/${sampleId('france')}`);
    expect(await screen.findByText('the Hexagon')).toBeInTheDocument();
    expect(await screen.findByText('Western Europe')).toBeInTheDocument();
    renderAt(`/sample/entries/${run}/defs/001`);
    expect(await screen.findByText('Somebody runs to something')).toBeInTheDocument();
  });

  it.each([
    ['a 404', 'pronunciations', () => HttpResponse.json({ message: 'none' }, { status: 404 })],
    ['a 500', 'pronunciations', () => HttpResponse.json({ message: 'down' }, { status: 500 })],
    ['a malformed body', 'pronunciations', () => HttpResponse.json({ ipa: 42 })],
    ['a body that is not JSON', 'subheads', () => new HttpResponse('<html>', { status: 200 })],
  ])('hides an extension section answering %s, without an error', async (_, name, answer) => {
    server.use(http.get(`/api/sample/entries/:id/defs/:def/${name}`, answer));
    renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    expect(await within(first).findByText('/maɪs/')).toBeInTheDocument();
    expect(await within(first).findByText(/a small rodent/)).toBeInTheDocument();
    expect(within(first).queryByText(name === 'subheads' ? 'house mouse' : '/maʊs/')).toBeNull();
    expect(within(first).queryByRole('alert')).toBeNull();
  });

  it('copies the deep link of a definition', async () => {
    const user = userEvent.setup();
    renderAt(`/sample/entries/${mouse}`);
    await user.click(await screen.findByRole('button', { name: 'Copy link to definition 3a' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/sample/entries/${mouse}/defs/003`);
    const definition = screen.getByRole('listitem', { name: 'Definition 3a' });
    expect(within(definition).getByRole('status')).toHaveTextContent('Link copied');
  });

  it('shows geographic and scientific information as cards', async () => {
    renderAt(`/sample/entries/${sampleId('france')}`);
    const card = await screen.findByRole('complementary', { name: 'Geography' });
    expect(within(card).getByText('Capital')).toBeInTheDocument();
    expect(within(card).getByText('Paris')).toBeInTheDocument();
  });

  it('highlights the definition of a deep link', async () => {
    renderAt(`/sample/entries/${mouse}/defs/003`);
    const definition = await screen.findByRole('listitem', { name: 'Definition 3a' });
    expect(definition).toHaveAttribute('aria-current', 'true');
    expect(definition).toHaveClass('highlighted');
    expect(screen.getByRole('listitem', { name: 'Definition 1' })).not.toHaveAttribute('aria-current');
  });

  it('shows the not-found page for an unknown entry, and for an unknown definition', async () => {
    renderAt(`/sample/entries/00000000-0000-0000-0000-000000000000`);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no entry/)).toBeInTheDocument();
  });

  it('shows the not-found page for a definition the entry does not have', async () => {
    renderAt(`/sample/entries/${mouse}/defs/042`);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByText('This entry has no definition 042.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the entry fails, and recovers', async () => {
    let failing = true;
    server.use(
      http.get('/api/sample/entries/:id/headword', () =>
        failing
          ? HttpResponse.json({ statusCode: 500, error: 'x', message: 'The service is down.' }, { status: 500 })
          : undefined,
      ),
    );
    renderAt(`/sample/entries/${mouse}`);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('The service is down.')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'mouse' })).toBeInTheDocument();
  });

  it('breaks only the section whose response is malformed', async () => {
    server.use(http.get('/api/sample/entries/:id/defs/001/inflections', () => HttpResponse.json({ not: 'a list' })));
    renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    const alert = await within(first).findByRole('alert');
    expect(alert).toHaveTextContent(/Could not load inflections: .*unexpected shape/);
    expect(within(first).getByText(/a small rodent/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'mouse' })).toBeInTheDocument();
    server.resetHandlers();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(first).findByText('/maɪs/')).toBeInTheDocument();
  });

  it('hides an extension section the upstream does not offer', async () => {
    server.use(
      http.get('/api/sample/entries/:id/defs/:def/definition-text', () => new HttpResponse('nope', { status: 400 })),
    );
    renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    expect(await within(first).findByText('/maɪs/')).toBeInTheDocument();
    expect(within(first).queryByText(/a small rodent/)).toBeNull();
    expect(within(first).queryByRole('alert')).toBeNull();
  });
});
