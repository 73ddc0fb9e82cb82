import type { FastifyInstance } from 'fastify';
import { untrustedJsonProblem } from '../text/untrusted-json';

/**
 * Every body, query string and path parameter passes one check before any route runs: text the
 * database cannot store (NUL) or that is not Unicode (a lone surrogate), and nesting deeper than
 * MAX_JSON_DEPTH, are refused with a 400 (the size is Fastify's bodyLimit, a 413). No handler
 * has to remember it.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const problem = untrustedJsonProblem(request.params) ?? untrustedJsonProblem(request.query) ?? untrustedJsonProblem(request.body);
    if (problem) return reply.status(400).send({ error: problem });
  });
}
