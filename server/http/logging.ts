import type { FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';

/** Query parameters that carry secrets (the viewer's `?token=`, a registration code). */
const SECRET_PARAMS = new Set(['token', 'access_token', 'code', 'registration_code', 'password', 'key']);
/**
 * Path segments whose next segment is a secret: an invite or registration code (`/join/CODE`),
 * a password-reset code (`/reset/CODE`). A route that takes a secret in its path is listed here.
 */
const SECRET_PATH_PREFIXES = new Set(['join', 'reset']);
const REDACTED = '[redacted]';

/** A URL component as the server would read it; one that does not decode is compared as sent. */
function decoded(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return component.toLowerCase();
  }
}

/**
 * A URL as the log may show it: the values of secret query parameters and secret path segments
 * replaced by "[redacted]". Names are compared as the server decodes them, so `%74oken=` or
 * `/%6Aoin/` is caught like `token=` and `/join/`.
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const pathPart = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const segments = pathPart.split('/');
  const path = segments.map((segment, i) => (i > 0 && SECRET_PATH_PREFIXES.has(decoded(segments[i - 1])) && segment !== '' ? REDACTED : segment)).join('/');
  if (queryAt === -1) return path;
  const query = withoutHash
    .slice(queryAt + 1)
    .split(/([&;])/)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMS.has(decoded(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('');
  return `${path}?${query}`;
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
