// Where the browser tests' servers listen (playwright.config.ts starts them): the app with the
// embedded service; a stand-in for a real service (e2e/upstream.ts); the app proxying it.
export const PORT = Number(process.env.E2E_PORT ?? 4319);
export const UPSTREAM_PORT = PORT + 1;
export const PROXY_PORT = PORT + 2;
/** The key the stand-in wants, which the proxy adds and the browser must never see. */
export const UPSTREAM_KEY = 'e2e-upstream-key-7c41';
