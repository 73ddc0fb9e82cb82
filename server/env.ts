import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LIMITS } from './domain/ingest/extract/types';
import { PROJECT_ROOT } from './project-files';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const modelPricesSchema = z.record(
  z.string().min(1),
  z.object({ input: z.number().nonnegative(), output: z.number().nonnegative().optional().default(0) }).strict(),
);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  // An empty DATA_DIR= would quietly mean the working directory: refused instead.
  DATA_DIR: z.string().trim().min(1, 'must name a folder (unset it to use ./data)').default('./data'),
  DATABASE_URL: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalString,
  ANTHROPIC_MODEL: z.string().default('claude-sonnet-4-6'),
  VOYAGE_API_KEY: optionalString,
  VOYAGE_BASE_URL: optionalString,
  VOYAGE_MODEL: z.string().default('voyage-3.5'),
  VOYAGE_RERANK_MODEL: z.string().trim().min(1).default('rerank-2.5-lite'),
  /** An OpenAI-compatible server's API root, e.g. http://localhost:11434/v1 (Ollama), http://localhost:1234/v1 (LM Studio). */
  OPENAI_BASE_URL: optionalString.pipe(z.url({ message: 'must be a URL such as http://localhost:11434/v1' }).optional()),
  /** Optional: Ollama and LM Studio need none. */
  OPENAI_API_KEY: optionalString,
  /** The chat model there (e.g. llama3.1:8b); with it the server answers unless ANTHROPIC_API_KEY is set. */
  OPENAI_MODEL: optionalString,
  /** The embedding model there (e.g. nomic-embed-text); with it the server embeds unless VOYAGE_API_KEY is set. */
  OPENAI_EMBEDDING_MODEL: optionalString,
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().max(3_600_000).default(120_000),
  /** off: the server takes no tools, so structured answers are asked for as JSON at once (auto finds out by itself). */
  OPENAI_TOOLS: z.enum(['auto', 'off'], { message: 'must be auto or off' }).default('auto'),
  /** true: when the OpenAI-compatible server fails, the offline engine answers meanwhile (the answer says so). */
  OPENAI_OFFLINE_FALLBACK: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * USD per million tokens of the OpenAI-compatible server's models, as JSON:
   * {"gpt-4o-mini":{"input":0.15,"output":0.6},"text-embedding-3-small":{"input":0.02}}. A model not listed costs 0 (local).
   */
  OPENAI_PRICES: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value || value.trim() === '') return {};
      const parsed = modelPricesSchema.safeParse(safeJson(value));
      if (parsed.success) return parsed.data;
      context.addIssue({ code: 'custom', message: 'must be JSON like {"model":{"input":0.15,"output":0.6}} (USD per million tokens)' });
      return z.NEVER;
    }),
  MONTHLY_BUDGET_USD: z.coerce.number().nonnegative().default(10),
  /**
   * Largest accepted upload. Reading and indexing one takes about 13-14 MB per MB at the peak (server
   * and reading process together): a 31.9 MB text peaked at 735-741 MB, under the README's 768 MB;
   * 50 MB peaked at 926 MB (ADR 0341).
   */
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(32),
  /**
   * How long reading one uploaded document (extracting its text and cutting it into passages) may
   * take before its reading process is ended and the document fails. Raise it on a slow machine.
   */
  DOCUMENT_READ_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .positive('must be a number of seconds above 0')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(DEFAULT_LIMITS.pdfTimeoutMs / 1000),
  /**
   * Threads that read a PDF of 32 pages or more. 2 reads it about 1.3x as fast, and its reading
   * process takes 60-100 MB more memory while it reads (ADR 0259).
   */
  PDF_READING_THREADS: z
    .enum(['1', '2'], { message: 'must be 1 or 2' })
    .default('1')
    .transform((value): 1 | 2 => (value === '2' ? 2 : 1)),
  /**
   * How many reverse proxies sit in front of the server. Their X-Forwarded-For entries are
   * trusted, counted from the right; anything further left is whatever the client wrote.
   * Off (0) by default: the connection's address is the client.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(|\d{1,2}|false|off)$/, 'must be the number of proxy hops in front of the server (0 = off)')
    .default('0')
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : 0)),
  SESSION_TTL_DAYS: z.coerce.number().positive().max(365).default(30),
  /** Serve only /api, no web pages (headless deployments, the crash tests): no build needed. */
  API_ONLY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Worker in this process: on by default; `npm run worker` runs them apart. */
  RUN_WORKERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

export type Env = z.infer<typeof envSchema>;

/** The settings file beside package.json (`KEY=value` lines, as `.env.example` shows). */
export const ENV_FILE = path.join(PROJECT_ROOT, '.env');

/**
 * The process's environment with ENV_FILE's settings added, if there is one: a variable the real
 * environment sets wins over the file's (Node's loadEnvFile keeps what is set). Loaded into
 * process.env, so the processes the server starts see the same settings.
 */
export function environmentWithFile(file = ENV_FILE): NodeJS.ProcessEnv {
  if (fs.existsSync(file)) process.loadEnvFile(file);
  return process.env;
}

/**
 * Parses the environment once (by default the process's, with `.env` beside package.json); a bad
 * value stops start-up with a message that names it.
 */
export function parseEnv(source: Record<string, string | undefined> = environmentWithFile()): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}
