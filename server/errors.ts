import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '../src/api/schemas';

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** Fastify's own request errors, in words a client can act on. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON, with Content-Type: application/json.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send a JSON object.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message;
  }
}

/**
 * Every error of the /api scope in one body shape, ErrorBody. A body of the wrong media
 * type is a bad request (400), as the spec lists no 415. Server faults hide their details.
 */
export function useJsonErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let status = error.statusCode ?? 500;
    if (status === 415) status = 400;
    if (status >= 500) {
      request.log.error(error);
      return reply.code(status).send(errorBody(status, 'The dictionary service failed to answer this request.'));
    }
    const message = error instanceof HttpError ? error.message : clientMessage(error as FastifyError);
    return reply.code(status).send(errorBody(status, message));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(404, `There is no operation at ${request.method} ${request.url.split('?')[0]}.`)),
  );
}
