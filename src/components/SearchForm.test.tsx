// The search box as a combobox, against the real reference service.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleId } from '../../server/datasets/sample';
import { renderAt, startTestService } from '../test/app';

startTestService();

const box = () => screen.findByRole('combobox', { name: /Search/ });

describe('the search box', () => {
  it('offers entries as you type, chosen with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    const router = renderAt('/');
    const input = await box();
    await user.type(input, 'r');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = await within(listbox).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['rat', 'run']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getByText('2 suggestions')).toBeInTheDocument();

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'run' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/sample/entries/${sampleId('run')}`);
  });

  it('says when an entry is offered for one of its forms', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.type(await box(), 'mice');
    expect(await screen.findByRole('option', { name: 'mouse — “mice” is a form of it' })).toBeInTheDocument();
  });

  it('offers close spellings when nothing matches, and searches for the one chosen', async () => {
    const user = userEvent.setup();
    const router = renderAt('/');
    await user.type(await box(), 'mouze');
    await user.click(await screen.findByRole('option', { name: 'Did you mean mouse?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “mouse”' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=mouse');
    expect(screen.getByRole('combobox', { name: /Search/ })).toHaveValue('mouse');
  });

  it('opens the results page on Enter when no option is chosen', async () => {
    const user = userEvent.setup();
    const router = renderAt('/');
    await user.type(await box(), 'r');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “r”' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sample/search');
    expect(router.state.location.search).toBe('?q=r');
  });

  it('closes on Escape, and empties the box on a second Escape', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const input = await box();
    await user.type(input, 'ra');
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: 'rat' });
    await user.keyboard('{Escape}');
    expect(listbox).not.toBeVisible();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('ra');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('opens an entry clicked in the list', async () => {
    const user = userEvent.setup();
    const router = renderAt(`/sample/entries/${sampleId('run')}`);
    await user.type(await box(), 'mou');
    await user.click(await screen.findByRole('option', { name: 'mouse' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'mouse' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/sample/entries/${sampleId('mouse')}`);
  });

  it('takes the focus when / is pressed outside a text field', async () => {
    const user = userEvent.setup();
    renderAt(`/sample/entries/${sampleId('mouse')}`);
    const input = await box();
    await user.type(input, 'cat');
    input.blur();
    await user.keyboard('/');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('cat');
    await user.keyboard('/');
    expect(input).toHaveValue('/');
  });
});
