import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalString,
  ANTHROPIC_MODEL: z.string().default('claude-sonnet-4-6'),
  VOYAGE_API_KEY: optionalString,
  VOYAGE_BASE_URL: optionalString,
  VOYAGE_MODEL: z.string().default('voyage-3.5'),
  MONTHLY_BUDGET_USD: z.coerce.number().nonnegative().default(10),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(50),
  SESSION_TTL_DAYS: z.coerce.number().positive().max(365).default(30),
  /** Worker in this process: on by default; `npm run worker` runs them apart. */
  RUN_WORKERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment once; a bad value stops start-up with a message that names it. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}
