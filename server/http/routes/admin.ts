import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { streamBackup } from '../../backup/instance-backup';
import { runAdminCommand } from '../../cli/admin-commands';
import { log } from '../../log';
import type { Services } from '../../services';
import type { ZodApi } from '../zod-schemas';
import { errorResponse } from '../../../contract/api/shared';
import { adminCommandSchema, adminRunAnswerSchema } from '../../../contract/api/admin';

/**
 * The admin CLI's way into a running server (only one process may open the embedded
 * database): loopback callers holding the secret the server wrote into DATA_DIR.
 */
export async function adminRoutes(app: ZodApi, services: Services, adminSecret: string) {
  const isAdmin = (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers['x-admin-secret'] ?? ''));
    const expected = Buffer.from(adminSecret);
    const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
    return loopback && given.length === expected.length && timingSafeEqual(given, expected);
  };

  app.post(
    '/api/admin/run',
    { config: { public: true }, schema: { hide: true, body: adminCommandSchema, response: { 200: adminRunAnswerSchema, 400: errorResponse, 404: errorResponse } } },
    async (request, reply) => {
      if (!isAdmin(request)) return reply.status(404).send({ error: 'No such endpoint: POST /api/admin/run' });
      const { command, args } = request.body;
      try {
        return { lines: await runAdminCommand(services.db, command, args) };
      } catch (error) {
        return reply.status(400).send({ error: (error as Error).message });
      }
    },
  );

  // `npm run admin -- backup FILE` while the server holds the embedded database: one consistent snapshot, streamed.
  app.post('/api/admin/backup', { compress: false, config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!isAdmin(request)) return reply.status(404).send({ error: 'No such endpoint: POST /api/admin/backup' });
    const stream = streamBackup(services.db, (error) => log().error({ err: error }, 'a backup failed while streaming'));
    return reply.header('content-type', 'application/zip').send(stream);
  });
}
