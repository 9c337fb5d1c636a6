// The route error boundary: a not-found page for what does not exist, and an error with a
// way to try again for everything else.
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { isApiError } from '../api/http';

export function NotFound({ message }: { message?: string }) {
  return (
    <section className="status-page" aria-labelledby="status-title">
      <title>Not found · Dictionary Reader</title>
      <h1 id="status-title">Not found</h1>
      <p>{message ?? 'There is nothing at this address.'}</p>
      <p>
        <Link to="/">Go to the start page</Link> and search for a word.
      </p>
    </section>
  );
}

export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isApiError(error, 'not-found')) return <NotFound message={error.message} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message = error instanceof Error ? error.message : 'Something unexpected happened.';
  return (
    <section className="status-page" role="alert" aria-labelledby="status-title">
      <title>Error · Dictionary Reader</title>
      <h1 id="status-title">This page could not be loaded</h1>
      <p>{message}</p>
      <p className="actions">
        <button type="button" onClick={() => void revalidator.revalidate()} disabled={revalidator.state === 'loading'}>
          {revalidator.state === 'loading' ? 'Trying again…' : 'Try again'}
        </button>
        <Link to="/">Start page</Link>
      </p>
    </section>
  );
}
