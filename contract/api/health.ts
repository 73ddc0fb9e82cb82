import { z } from 'zod';

/** GET /api/health's shapes (ADR 0328). */
export const VECTOR_SEARCH_BACKENDS = ['pgvector', 'exact'] as const;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.string(),
  vector_search: z.enum(VECTOR_SEARCH_BACKENDS),
  vector_search_notice: z.string().optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** The 507 after a write failed because the storage is full; `since` is when it filled. */
export const storageFullSchema = z.object({ status: z.literal('storage_full'), database: z.string(), error: z.string(), since: z.string() });
export type StorageFull = z.infer<typeof storageFullSchema>;
