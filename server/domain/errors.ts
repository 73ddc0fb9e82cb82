/**
 * A rule of the domain was broken by the caller's input. Every door turns it into the same
 * answer: the /api routes into `{ error: message }` with `status`, the Remix actions into an
 * inline message. Anything else thrown is a bug and reaches clients only as a generic 500.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 502 | 503 | 504 | 507,
    message: string,
    /** When a retry makes sense, after how long (sent as Retry-After). */
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string) => new DomainError(404, `${what} not found`);
export const badRequest = (message: string) => new DomainError(400, message);

/** instanceof that also holds across module copies (the Remix build and the server). */
export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError || (error instanceof Error && error.name === 'DomainError' && 'status' in error);
}
