/**
 * API errors and the error handler that turns every thrown error into the generic answer shape
 * `{ ok: false, message, data: null }` with the right HTTP status.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
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

/** Installs the error and not-found handlers on the root instance. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? `${error.validationContext ?? ''}${first.instancePath}` : '';
      const message = `${where ? `${where}: ` : ''}${first?.message ?? 'invalid request'}`;
      return reply.code(400).send(failure(message));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(failure('Internal Server Error'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(failure('Internal Server Error'));
    }
    return reply.code(status).send(failure(error.message));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(failure(`Route ${request.method}:${request.url.split('?')[0]} not found`));
  });
}
