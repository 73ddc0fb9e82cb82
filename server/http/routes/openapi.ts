import type { FastifyInstance } from 'fastify';

export async function openApiRoutes(app: FastifyInstance) {
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
