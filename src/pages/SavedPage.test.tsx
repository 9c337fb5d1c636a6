// Bookmarks and history, made by reading pages of the real reference service.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sampleId } from '../../server/datasets/sample';
import { exportSaved } from '../saved/saved-file';
import { renderAt, startTestService } from '../test/app';

startTestService();

const mouse = sampleId('mouse');
const run = sampleId('run');

describe('bookmarks and history', () => {
  it('bookmarks an entry and one definition, lists them, and removes one', async () => {
    const user = userEvent.setup();
    const router = renderAt(`/sample/entries/${mouse}`);
    const entryBookmark = await screen.findByRole('button', { name: 'Bookmark this entry' });
    await user.click(entryBookmark);
    expect(entryBookmark).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Bookmark definition 3a' }));

    await router.navigate('/saved');
    const bookmarks = await screen.findByRole('region', { name: 'Bookmarks' });
    const links = within(bookmarks).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['mouse, definition 3a', `/sample/entries/${mouse}/defs/003`],
      ['mouse', `/sample/entries/${mouse}`],
    ]);
    await user.click(within(bookmarks).getByRole('button', { name: 'Remove the bookmark of mouse' }));
    expect(within(bookmarks).getAllByRole('link')).toHaveLength(1);
  });

  it('lists the entries and definitions read, newest first, one of each', async () => {
    const router = renderAt(`/sample/entries/${mouse}`);
    await screen.findByRole('heading', { level: 1, name: 'mouse' });
    await router.navigate(`/sample/entries/${run}/defs/020`);
    await screen.findByRole('heading', { level: 1, name: 'run' });
    await router.navigate(`/sample/entries/${mouse}`);
    await screen.findByRole('heading', { level: 1, name: 'mouse' });
    await router.navigate('/saved');
    const history = await screen.findByRole('region', { name: 'Recently viewed' });
    expect(
      within(history)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['mouse', 'run, definition 1 of “run out of steam”']);
  });

  it('imports a file, merging it with what is there', async () => {
    const user = userEvent.setup();
    renderAt('/saved');
    const file = new File(
      [
        exportSaved({
          bookmarks: [
            {
              database: 'sample',
              entryId: run,
              headword: 'run',
              defId: '010',
              number: '10',
              at: '2026-11-01T08:00:00Z',
            },
          ],
          history: [{ database: 'sample', entryId: mouse, headword: 'mouse', at: '2026-11-02T08:00:00Z' }],
        }),
      ],
      'saved.json',
      { type: 'application/json' },
    );
    await user.upload(await screen.findByLabelText('Import from a file'), file);
    expect(await screen.findByText('Imported 1 bookmark and 1 history item from saved.json.')).toBeInTheDocument();
    const bookmarks = screen.getByRole('region', { name: 'Bookmarks' });
    expect(within(bookmarks).getByRole('link', { name: 'run, definition 10' })).toHaveAttribute(
      'href',
      `/sample/entries/${run}/defs/010`,
    );
    expect(
      within(screen.getByRole('region', { name: 'Recently viewed' })).getByRole('link', { name: 'mouse' }),
    ).toBeInTheDocument();
  });

  it('refuses a file that is not an export, and keeps what is there', async () => {
    const user = userEvent.setup();
    const router = renderAt(`/sample/entries/${mouse}`);
    await user.click(await screen.findByRole('button', { name: 'Bookmark this entry' }));
    await router.navigate('/saved');
    const file = new File(['{"hello": 1}'], 'other.json', { type: 'application/json' });
    await user.upload(await screen.findByLabelText('Import from a file'), file);
    expect(
      await screen.findByText('Nothing was imported. This file is not an export of Dictionary Reader bookmarks.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Bookmarks' })).getByRole('link', { name: 'mouse' }),
    ).toBeInTheDocument();
  });

  it('exports both lists as a JSON file', async () => {
    const user = userEvent.setup();
    const router = renderAt(`/sample/entries/${mouse}`);
    await user.click(await screen.findByRole('button', { name: 'Bookmark this entry' }));
    await router.navigate('/saved');
    let exported: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      exported = blob;
      return 'blob:saved';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'Export to a file' }));
    expect(click).toHaveBeenCalled();
    const file = JSON.parse(await exported!.text()) as { bookmarks: { headword: string }[]; history: unknown[] };
    expect(file.bookmarks.map((place) => place.headword)).toEqual(['mouse']);
    expect(file.history).toHaveLength(1);
    click.mockRestore();
  });

  it('clears the history when asked and confirmed', async () => {
    const user = userEvent.setup();
    const router = renderAt(`/sample/entries/${mouse}`);
    await screen.findByRole('heading', { level: 1, name: 'mouse' });
    await router.navigate('/saved');
    vi.spyOn(window, 'confirm').mockReturnValueOnce(true);
    await user.click(await screen.findByRole('button', { name: 'Clear history' }));
    expect(screen.getByText('Entries and definitions you read appear here.')).toBeInTheDocument();
  });
});
