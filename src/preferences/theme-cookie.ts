// The chosen theme, told to the server in a cookie (set by applyTheme), so that a page it
// renders is in that theme from its first paint, before the app's script runs.
export const THEME_COOKIE = 'theme';

const CHOSEN = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=(light|dark)(?:;|$)`);

/** The theme a `Cookie` header asks for, if it asks for light or dark (not the system's). */
export const themeOfCookies = (header: string | undefined) =>
  CHOSEN.exec(header ?? '')?.[1] as 'light' | 'dark' | undefined;
