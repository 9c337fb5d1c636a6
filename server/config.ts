// The server's configuration, from the environment (see README, "Configuration").
export interface Config {
  port: number;
  /** Set: proxy to this Dictionary Data Service. Unset: the embedded reference service. */
  upstream?: { baseUrl: string; apiKey: string; databases: string[]; transcriptions: string[] };
}

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, not "${env.PORT}".`);
  const baseUrl = env.DICTIONARY_API_URL?.trim();
  if (!baseUrl) return { port };
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
  const databases = list(env.DICTIONARY_DATABASES ?? '');
  // `md` is the one value the spec shows in use.
  const transcriptions = list(env.DICTIONARY_TRANSCRIPTIONS ?? 'md');
  return { port, upstream: { baseUrl, apiKey, databases, transcriptions } };
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
