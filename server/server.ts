// Starts the server: reads the configuration, opens the databases and listens.
import Fastify from 'fastify';
import app from './app';
import { ConfigError, readConfig } from './config';
import { openDatabases } from './reference/databases';
import { DIST_DIR } from './spa';

// Pages are rendered here with React (entry-page.ts, which loads it only once this has run):
// its production build, unless told otherwise.
process.env.NODE_ENV ??= 'production';

try {
  const config = readConfig(process.env);
  const server = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'info', redact: ['req.headers["x-api-key"]'] },
  });
  await server.register(
    app,
    config.upstream
      ? { distDir: DIST_DIR, httpCache: config.httpCache, upstream: config.upstream }
      : { distDir: DIST_DIR, httpCache: config.httpCache, stores: openDatabases() },
  );
  await server.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });
  const mode = config.upstream ? `proxy to ${new URL(config.upstream.baseUrl).origin}` : 'embedded reference service';
  server.log.info(`Dictionary reader on http://localhost:${config.port}/ (${mode})`);
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
}
