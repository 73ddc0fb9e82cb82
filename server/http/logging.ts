import type { FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';

/** Query parameters that carry secrets (the viewer's `?token=`, a registration code). */
const SECRET_PARAMS = /([?&](?:token|access_token|code|registration_code|password|key)=)[^&#]*/gi;

/** A URL as the log may show it: secret query values replaced by "[redacted]". */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * pino options for the server: request lines with the method, the redacted URL and the
 * client address as TRUST_PROXY established it; never a header (Authorization, Cookie).
 */
export function loggerOptions(stream?: NodeJS.WritableStream) {
  return {
    ...(stream ? { stream } : {}),
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password', 'token'], censor: '[redacted]' },
  };
}

/** The process's pino logger with those options, writing to `stream` (stdout by default). */
export function createLogger(stream?: NodeJS.WritableStream): Logger {
  const { stream: _stream, ...options } = loggerOptions();
  return pino({ level: process.env.LOG_LEVEL ?? 'info', ...options }, stream ?? pino.destination(1));
}
