import type { FastifyInstance } from 'fastify';

export const BAD_TEXT_MESSAGE = 'The request contains text with a NUL byte or a broken Unicode character. Remove it and try again.';

/**
 * Text the database cannot store (NUL) or that is not Unicode (a lone surrogate) is refused
 * at the door with a 400, in any body field, query parameter or path parameter, before any
 * route runs: no handler has to remember it.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    if (hasBadText(request.params) || hasBadText(request.query) || hasBadText(request.body)) {
      return reply.status(400).send({ error: BAD_TEXT_MESSAGE });
    }
  });
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isBadText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

function hasBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isBadText(value);
  if (value === null || typeof value !== 'object' || depth > 200) return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (isBadText(key) || hasBadText(item, depth + 1)) return true;
  }
  return false;
}
