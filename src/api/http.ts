// The one HTTP client of the app. It talks to the server's /api/ on the page's own origin,
// maps statuses to typed errors and validates every body against its record shape.
import type { Schema } from './schemas';
import { mismatch } from './validate';

export const API_BASE = '/api';

export type ApiErrorKind = 'bad-request' | 'not-found' | 'server-error' | 'network' | 'invalid-response';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown, kind?: ApiErrorKind): error is ApiError =>
  error instanceof ApiError && (kind === undefined || error.kind === kind);

/** Worth trying again: the server or the network failed, not the request. */
export const isTransient = (error: unknown): boolean =>
  isApiError(error) && (error.kind === 'server-error' || error.kind === 'network');

export interface RequestOptions {
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

/** Path segments, each percent-encoded, joined under the API base. */
export function apiPath(...segments: string[]): string {
  return `${API_BASE}/${segments.map(encodeURIComponent).join('/')}`;
}

export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 404) return 'not-found';
  if (status >= 500) return 'server-error';
  return 'bad-request';
}

/** The upstream's own words for an error, from our error body or from plain text. */
function messageOf(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'string') return body;
    if (typeof body === 'object' && body !== null) {
      const { message, error } = body as Record<string, unknown>;
      if (typeof message === 'string' && message) return message;
      if (typeof error === 'string' && error) return error;
    }
  } catch {
    // not JSON: fall through to the text itself
  }
  const trimmed = text.trim();
  return trimmed ? trimmed.slice(0, 300) : undefined;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(name, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Sends one request and returns its response once it is a success; any failure becomes an ApiError. */
export async function send(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('network', 'The dictionary service could not be reached. Check your connection.');
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const fallback = `The dictionary service answered ${response.status} ${response.statusText}`.trim() + '.';
    throw new ApiError(kindOfStatus(response.status), messageOf(text) ?? fallback, response.status);
  }
  return response;
}

/** Sends one request and returns its JSON body; any failure becomes an ApiError. */
export async function request(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<unknown> {
  const response = await send(method, path, options);
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('invalid-response', 'The dictionary service sent a response that is not JSON.', response.status);
  }
}

/** The body, typed, if it fits the record shape; otherwise an "invalid response" error. */
export function expectShape<T>(schema: Schema, body: unknown): T {
  const problem = mismatch(schema, body);
  if (problem) {
    throw new ApiError('invalid-response', `The dictionary service sent data of an unexpected shape (${problem}).`);
  }
  return body as T;
}
