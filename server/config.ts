// The server's configuration, from the environment (see README, "Configuration").
import { DEFAULT_HTTP_CACHE, type HttpCacheOptions } from './http-cache';
import { UPSTREAM_DEFAULTS, type UpstreamOptions } from './upstream/upstream';

export interface Config {
  port: number;
  httpCache: HttpCacheOptions;
  limits: {
    /** Milliseconds a client has to send a whole request. */
    requestTimeoutMs: number;
    /** Milliseconds a connection may stay silent both ways. */
    idleTimeoutMs: number;
    /** Connections open at once; more are refused. */
    maxConnections: number;
  };
  /** Set: proxy to this Dictionary Data Service. Unset: the embedded reference service. */
  upstream?: UpstreamOptions & { databases: string[]; transcriptions: string[] };
}

export class ConfigError extends Error {}

/** A whole number from the environment, within bounds, or the fallback when unset. */
function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  }
  return value;
}

const MB = 1024 * 1024;
const { cache } = UPSTREAM_DEFAULTS;

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const port = whole(env, 'PORT', 8080, 0, 65535);
  const httpCache = {
    maxAge: whole(env, 'HTTP_CACHE_MAX_AGE', DEFAULT_HTTP_CACHE.maxAge),
    staleWhileRevalidate: whole(env, 'HTTP_CACHE_STALE_WHILE_REVALIDATE', DEFAULT_HTTP_CACHE.staleWhileRevalidate),
  };
  const limits = {
    requestTimeoutMs: 1000 * whole(env, 'REQUEST_TIMEOUT', 15, 1),
    idleTimeoutMs: 1000 * whole(env, 'IDLE_TIMEOUT', 120, 1),
    maxConnections: whole(env, 'MAX_CONNECTIONS', 1024, 1),
  };
  const baseUrl = env.DICTIONARY_API_URL?.trim();
  if (!baseUrl) return { port, httpCache, limits };
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigError(`DICTIONARY_API_URL is not a URL: "${baseUrl}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError('DICTIONARY_API_URL must be an http or https URL.');
  const apiKey = env.DICTIONARY_API_KEY?.trim();
  if (!apiKey) throw new ConfigError('DICTIONARY_API_KEY must be set when DICTIONARY_API_URL is set.');
  return {
    port,
    httpCache,
    limits,
    upstream: {
      baseUrl,
      apiKey,
      databases: list(env.DICTIONARY_DATABASES ?? ''),
      // `md` is the one value the spec shows in use.
      transcriptions: list(env.DICTIONARY_TRANSCRIPTIONS ?? 'md'),
      concurrency: whole(env, 'UPSTREAM_CONCURRENCY', UPSTREAM_DEFAULTS.concurrency, 1, 1024),
      timeoutMs: whole(env, 'UPSTREAM_TIMEOUT_MS', UPSTREAM_DEFAULTS.timeoutMs, 100),
      cache: {
        ttlMs: 1000 * whole(env, 'UPSTREAM_CACHE_TTL', cache.ttlMs / 1000),
        notFoundTtlMs: 1000 * whole(env, 'UPSTREAM_CACHE_NOT_FOUND_TTL', cache.notFoundTtlMs / 1000),
        maxBytes: MB * whole(env, 'UPSTREAM_CACHE_MB', cache.maxBytes / MB),
      },
    },
  };
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
