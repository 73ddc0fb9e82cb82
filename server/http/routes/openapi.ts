import type { ZodApi } from '../zod-schemas';

export async function openApiRoutes(app: ZodApi) {
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
