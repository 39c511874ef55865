/**
 * API errors and the error handler that turns every thrown error into the generic answer shape
 * `{ ok: false, message, data: null }` with the right HTTP status.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FILE_STORE_UNAVAILABLE, FileStoreUnavailableError } from '../files/storeFailures';
import { failure } from './answer';

/** An error with an HTTP status and a message meant for the caller (throw it from a handler). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Unauthorized') => new ApiError(401, message);
export const forbidden = (message = 'Forbidden') => new ApiError(403, message);
export const notFound = (message = 'Not Found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/**
 * Sends the generic failure answer. It bypasses the route's response schemas, so an error can
 * never turn into a 500 because a route did not declare a failure schema for that status.
 */
export function sendFailure(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(failure(message));
}

/** Installs the error and not-found handlers on the root instance. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? `${error.validationContext ?? ''}${first.instancePath}` : '';
      const message = `${where ? `${where}: ` : ''}${first?.message ?? 'invalid request'}`;
      return sendFailure(reply, 400, message);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendFailure(reply, 500, 'Internal Server Error');
    }
    if (error instanceof FileStoreUnavailableError) {
      // The operator's trace: the store's own reason, at error level.
      request.log.error({ err: error.cause, reason: error.message }, 'file store unavailable');
      void reply.header('retry-after', '5');
      return sendFailure(reply, 503, FILE_STORE_UNAVAILABLE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendFailure(reply, status, 'Internal Server Error');
    }
    return sendFailure(reply, status, error.message);
  });
  app.setNotFoundHandler((request, reply) => {
    sendFailure(reply, 404, `Route ${request.method}:${request.url.split('?')[0]} not found`);
  });
}
