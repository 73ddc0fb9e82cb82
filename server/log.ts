import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type BaseLogger, type Logger as PinoLogger } from 'pino';

/** What code that logs needs of a logger (pino's, Fastify's request logger alike). */
export type Logger = Pick<BaseLogger, 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'> & {
  child(bindings: Record<string, unknown>): Logger;
};

/**
 * The one logger: pino. The process has one root logger (set by the server or the worker at
 * start); a request runs with Fastify's child of it (its lines carry the request id, `reqId`)
 * and a job with a child naming the queue and the job. Code that logs, the domain included,
 * asks for `log()` and gets the one that fits where it runs, without knowing about Fastify.
 */
let root: PinoLogger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const scoped = new AsyncLocalStorage<Logger>();

/** The logger for the code running now: the request's or the job's, else the process's. */
export function log(): Logger {
  return scoped.getStore() ?? root;
}

/** The process's logger (the server hands it to Fastify, which makes each request's child of it). */
export function rootLogger(): PinoLogger {
  return root;
}

export function setRootLogger(logger: PinoLogger): void {
  root = logger;
}

/** Runs `work` (and everything it starts) with `logger` as `log()`. */
export function withLogger<T>(logger: Logger, work: () => T): T {
  return scoped.run(logger, work);
}
