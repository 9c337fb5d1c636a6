// Light and dark themes: the system's by default; the toggle stores a choice only while it
// differs from the system's, so toggling back follows the system again.
import { useEffect, useSyncExternalStore } from 'react';
import { readStored, storageKey, useStored, type Stored } from './stored';
import { THEME_COOKIE } from './theme-cookie';

export type ThemeChoice = 'system' | 'light' | 'dark';

export const themeChoice: Stored<ThemeChoice> = {
  key: storageKey('theme'),
  parse: (json) => (json === 'light' || json === 'dark' || json === 'system' ? json : undefined),
  fallback: 'system',
};

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystem(listener: () => void) {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const systemIsDark = () => window.matchMedia(DARK_QUERY).matches;

/** Sets the theme on the document: `data-theme` wins over the system's colour scheme in the CSS. */
export function applyTheme(choice: ThemeChoice = readStored(themeChoice)) {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
  document.cookie = `${THEME_COOKIE}=${choice}; path=/; max-age=31536000; samesite=lax`;
}

/** Keeps the document's theme in step with the stored choice (this tab's and other tabs'). */
export function useAppliedTheme() {
  const [choice] = useStored(themeChoice);
  useEffect(() => applyTheme(choice), [choice]);
}

export function useTheme() {
  const [choice, setChoice] = useStored(themeChoice);
  const systemDark = useSyncExternalStore(subscribeToSystem, systemIsDark, () => false);
  const dark = choice === 'dark' || (choice === 'system' && systemDark);
  const setDark = (wantDark: boolean) => setChoice(wantDark === systemDark ? 'system' : wantDark ? 'dark' : 'light');
  return { dark, setDark };
}
