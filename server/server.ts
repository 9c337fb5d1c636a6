// Starts the server: reads the configuration, opens the databases and listens; on SIGTERM or
// SIGINT, finishes the requests in progress (within SHUTDOWN_GRACE_MS), closes the databases
// and exits.
import Fastify from 'fastify';
import { createServer } from 'node:http';
import app from './app';
import { ConfigError, readConfig } from './config';
import { openDatabases } from './reference/databases';
import { DIST_DIR } from './spa';

// Pages are rendered here with React (entry-page.ts, which loads it only once this has run):
// its production build, unless told otherwise.
process.env.NODE_ENV ??= 'production';

const SHUTDOWN_GRACE_MS = 10_000;

try {
  const config = readConfig(process.env);
  const { requestTimeoutMs, idleTimeoutMs, maxConnections } = config.limits;
  const server = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'info', redact: ['req.headers["x-api-key"]'] },
    serverFactory: (handler) => {
      const http = createServer(
        {
          // A client gets this long to send its whole request, headers and body: one that sends
          // it a byte at a time is cut off, not left holding a connection. Node checks every
          // connectionsCheckingInterval (30 s unless told).
          requestTimeout: requestTimeoutMs,
          headersTimeout: requestTimeoutMs,
          connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
        },
        handler,
      );
      http.maxConnections = maxConnections;
      return http;
    },
    // A connection that sends and receives nothing for this long is closed.
    connectionTimeout: idleTimeoutMs,
    // Our largest request is a search (16 KiB, reference/routes.ts).
    bodyLimit: 64 * 1024,
  });
  const stores = config.upstream ? undefined : openDatabases(undefined, (message) => server.log.warn(message));
  await server.register(
    app,
    config.upstream
      ? { distDir: DIST_DIR, httpCache: config.httpCache, upstream: config.upstream }
      : { distDir: DIST_DIR, httpCache: config.httpCache, stores: stores! },
  );
  await server.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });
  const mode = config.upstream ? `proxy to ${new URL(config.upstream.baseUrl).origin}` : 'embedded reference service';
  server.log.info(`Dictionary reader on http://localhost:${config.port}/ (${mode})`);

  const shutDown = (signal: string) => {
    server.log.info(`${signal}: finishing the requests in progress, then stopping.`);
    setTimeout(() => {
      server.log.warn(`Requests still in progress after ${SHUTDOWN_GRACE_MS / 1000} s: stopping anyway.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => {
        for (const store of stores?.values() ?? []) store.db.close();
        process.exit(0);
      },
      (error: unknown) => {
        server.log.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutDown);
  process.once('SIGINT', shutDown);
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
}
