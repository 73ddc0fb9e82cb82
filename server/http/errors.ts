import type { FastifyError, FastifyInstance } from 'fastify';
import { describeZodError, isZodError } from '../../contract/zod-messages';
import { isDomainError } from '../domain/errors';
import { DISK_FULL_MESSAGE, isDiskFull, type StorageHealth } from './storage-health';

/**
 * The one error handler: domain errors keep their status and message, bad input is a 400,
 * and anything unexpected is logged in full but reaches the client only as a plain 500.
 */
export function installErrorHandler(app: FastifyInstance, storage: StorageHealth) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDiskFull(error)) {
      storage.reportFull();
      request.log.error({ err: error }, 'storage full');
      return reply.status(507).send({ error: DISK_FULL_MESSAGE });
    }
    if (isDomainError(error)) {
      if (error.options?.retryAfterSeconds) reply.header('retry-after', String(error.options.retryAfterSeconds));
      return reply.status(error.status).send({ error: error.message });
    }
    if (isZodError(error)) return reply.status(400).send({ error: describeZodError(error) });
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const cause = (fastifyError as { cause?: unknown }).cause;
      const message = isZodError(cause) ? describeZodError(cause) : fastifyError.message;
      return reply.status(400).send({ error: message });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: clientErrorMessage(fastifyError) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The upload is larger than this server accepts.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return String(error.message ?? '').replace(/^FST_\w+:\s*/, '') || 'The request was refused.';
  }
}
