// The entry page against the real reference service, with single operations made to fail where a test needs it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleId } from '../../server/datasets/sample';
import type { WholeEntryLine } from '../api/entry-lines';
import { answeredRequests, changeWholeEntry, recordRequests, renderAt, server, startTestService } from '../test/app';

startTestService();

const run = sampleId('run');
const mouse = sampleId('mouse');

type Outcome = { value: unknown } | { absent: true } | { error: { status: number; message: string } };

/** The whole entry as the service answers it, but with one section of one definition as given. */
function changeSection(defId: string, name: string, outcome: Outcome) {
  changeWholeEntry((line: WholeEntryLine) => {
    if (line.kind !== 'definition' || line.id !== defId) return line;
    const values = Object.fromEntries(Object.entries(line.values).filter(([key]) => key !== name));
    const errors = Object.fromEntries(Object.entries(line.errors).filter(([key]) => key !== name));
    const absent = line.absent.filter((key) => key !== name);
    if ('value' in outcome) values[name] = outcome.value;
    else if ('absent' in outcome) absent.push(name);
    else errors[name] = outcome.error;
    return { ...line, values, absent, errors };
  });
}

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
    ['absent', { absent: true }],
    ['a 501 Not Implemented', { error: { status: 501, message: 'Not implemented' } }],
  ] as const)('hides an extension section that is %s, without an error', async (_, outcome) => {
    changeSection('001', 'pronunciations', outcome);
    renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    expect(await within(first).findByText('/maɪs/')).toBeInTheDocument();
    expect(await within(first).findByText(/a small rodent/)).toBeInTheDocument();
    expect(within(first).queryByText('/maʊs/')).toBeNull();
    expect(within(first).queryByRole('alert')).toBeNull();
  });

  it.each([
    ['a 500', 'pronunciations', { error: { status: 500, message: 'down' } }, 'pronunciations: down'],
    ['a malformed value', 'pronunciations', { value: { ipa: 42 } }, 'pronunciations'],
    ['a body that was not JSON', 'subheads', { error: { status: 502, message: 'not JSON' } }, 'subheads: not JSON'],
  ] as const)('shows an extension section that is %s as an error of its own', async (_, name, outcome, message) => {
    changeSection('001', name, outcome);
    renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    expect(await within(first).findByRole('alert')).toHaveTextContent(`Could not load ${message}`);
    expect(within(first).getByText(/a small rodent/)).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('renders the markup of the headword, forms, inflections, variants, search terms and cross-references', async () => {
    changeWholeEntry((line: WholeEntryLine) => {
      if (line.kind === 'entry') {
        const values = { ...line.values, 'search-terms': [{ data: '<i>mus</i>', type: 'rinf' }] };
        return { ...line, headword: '<i>mouse</i> &amp; co', values };
      }
      if (line.kind !== 'definition' || line.id !== '001') return line;
      const values = {
        ...line.values,
        inflections: [{ data: '<b>mice</b>', number: 'pl' }],
        variants: [{ data: 'mous<sup>e</sup>' }],
        'search-terms': [{ data: '<i>meece</i>', type: 'rinf' }],
        'cross-references': [{ type: 'arrow', entry: { id: sampleId('rat'), display: 'dest', text: '<i>rat</i>' } }],
      };
      return { ...line, values };
    });
    renderAt(`/sample/entries/${mouse}`);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.innerHTML).toBe('<i>mouse</i> &amp; co');
    await waitFor(() => expect(document.title).toBe('mouse & co · Dictionary Reader'));
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    expect(first.querySelector('.cross-references a')?.innerHTML).toBe('<i>rat</i>');
    for (const text of ['mus', 'mice', 'meece']) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(first.querySelector('.inflected-form')?.innerHTML).toBe('<b>mice</b>');
    expect(first.textContent).toContain('mouse');
    expect(document.body.textContent).not.toMatch(/<\/?(i|b|sup)>/);
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
      http.get('/api/sample/entries/:id', () =>
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

  it('breaks only the section that is malformed, and reads it alone on Retry', async () => {
    changeSection('001', 'inflections', { value: { not: 'a list' } });
    const requests = recordRequests();
    renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    const alert = await within(first).findByRole('alert');
    expect(alert).toHaveTextContent(/Could not load inflections: .*unexpected shape/);
    expect(within(first).getByText(/a small rodent/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'mouse' })).toBeInTheDocument();
    // Definition 2 has come too (the entry's lines are applied in turn) before its absence of errors is checked.
    const second = screen.getByRole('listitem', { name: 'Definition 2' });
    expect(await within(second).findByText(/hand-held device/)).toBeInTheDocument();
    expect(within(second).queryByRole('alert')).toBeNull();
    expect(requests.filter((path) => path.includes('/defs/'))).toEqual([]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(first).findByText('/maɪs/')).toBeInTheDocument();
    expect(requests.filter((path) => path.includes('/defs/'))).toEqual([
      `/api/sample/entries/${mouse}/defs/001/inflections`,
    ]);
  });

  it('shows a section that failed with its error and a Retry', async () => {
    changeSection('002', 'parts-of-speech', { error: { status: 503, message: 'Busy.' } });
    renderAt(`/sample/entries/${mouse}`);
    const second = await screen.findByRole('listitem', { name: 'Definition 2' });
    expect(await within(second).findByRole('alert')).toHaveTextContent('Could not load parts of speech: Busy.');
    expect(within(second).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('hides an extension section the upstream does not offer', async () => {
    changeSection('001', 'definition-text', { error: { status: 501, message: 'no such operation' } });
    renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    expect(await within(first).findByText('/maɪs/')).toBeInTheDocument();
    expect(within(first).queryByText(/a small rodent/)).toBeNull();
    expect(within(first).queryByRole('alert')).toBeNull();
  });

  it('shows a transient failure of an extension section, and reads it again on Retry', async () => {
    changeSection('001', 'definition-text', { error: { status: 503, message: 'Busy.' } });
    const requests = recordRequests();
    renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    expect(await within(first).findByRole('alert')).toHaveTextContent('Could not load the definition: Busy.');
    await userEvent.click(within(first).getByRole('button', { name: 'Retry' }));
    expect(await within(first).findByText(/a small rodent/)).toBeInTheDocument();
    expect(requests).toContain(`/api/sample/entries/${mouse}/defs/001/definition-text`);
  });
});

describe('reading an entry in one request', () => {
  it('reads the whole entry, run-on entries included, in one request', async () => {
    const requests = recordRequests();
    renderAt(`/sample/entries/${run}`);
    expect(await screen.findByText('to lose energy or enthusiasm')).toBeInTheDocument();
    expect(await screen.findByText(/published in a newspaper/)).toBeInTheDocument();
    expect(requests).toEqual([`/api/sample/entries/${run}`]);
  });

  it('reads the definitions the whole entry did not bring section by section', async () => {
    // The connection drops after definition 1: no definition 2 and no end line.
    changeWholeEntry((line) =>
      line.kind === 'entry' || (line.kind === 'definition' && line.id === '001') ? line : undefined,
    );
    const requests = recordRequests();
    const answered = answeredRequests();
    renderAt(`/sample/entries/${mouse}`);
    const second = await screen.findByRole('listitem', { name: 'Definition 2' });
    expect(await within(second).findByText(/hand-held device/)).toBeInTheDocument();
    // Its other sections, asked for at the same time, have all been answered: none failed.
    await answered();
    expect(within(second).queryByRole('alert')).toBeNull();
    const sections = requests.filter((path) => path.includes('/defs/'));
    expect(sections.every((path) => !path.includes('/defs/001/'))).toBe(true);
    expect(sections).toContain(`/api/sample/entries/${mouse}/defs/002/definition-text`);
  });

  it('sends no request going back to an entry already read', async () => {
    const router = renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    await userEvent.click(within(first.querySelector('.def-text')! as HTMLElement).getByRole('link', { name: 'rat' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'rat' })).toBeInTheDocument();
    const requests = recordRequests();
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 1, name: 'mouse' })).toBeInTheDocument();
    expect(await screen.findByText(/a small rodent/)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('goes on reading an entry the reader leaves before all of it has come, and sends nothing on the way back', async () => {
    // The entry and its first definition come at once; the rest only once the reader has left.
    const { body } = await fetch(`/api/sample/entries/${mouse}`).then((response) =>
      response.text().then((body) => ({ body })),
    );
    const [head, ...rest] = body.split(/(?<=\n)(?=\{"kind":"definition","id":"002")/);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`/api/sample/entries/${mouse}`, () => {
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode(head));
            await released;
            controller.enqueue(new TextEncoder().encode(rest.join('')));
            controller.close();
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'application/x-ndjson' } });
      }),
    );
    const requests = recordRequests();
    const router = renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    await userEvent.click(within(first.querySelector('.def-text')! as HTMLElement).getByRole('link', { name: 'rat' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'rat' })).toBeInTheDocument();
    release();
    await router.navigate(-1);
    const second = await screen.findByRole('listitem', { name: 'Definition 2' });
    expect(await within(second).findByText(/hand-held device/)).toBeInTheDocument();
    expect(requests.filter((path) => path.startsWith(`/api/sample/entries/${mouse}`))).toEqual([
      `/api/sample/entries/${mouse}`,
    ]);
  });

  it('starts reading a cross-referenced entry when the pointer rests on its link, and opens it with no further request', async () => {
    const user = userEvent.setup();
    renderAt(`/sample/entries/${mouse}`);
    const first = await screen.findByRole('listitem', { name: 'Definition 1' });
    const requests = recordRequests();
    const link = within(first.querySelector('.def-text')! as HTMLElement).getByRole('link', { name: 'rat' });
    await user.hover(link);
    await waitFor(() => expect(requests).toEqual([`/api/sample/entries/${sampleId('rat')}`]));
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'rat' })).toBeInTheDocument();
    expect(requests).toEqual([`/api/sample/entries/${sampleId('rat')}`]);
  });
});
