import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { createJsonSchemaTransform, ResponseSerializationError, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

/**
 * Route schemas are zod: zod validates requests, the type provider gives each handler the
 * parsed types of its params, query and body (no casts) and checks what it answers against its
 * response schemas, and the same schemas become the JSON schemas of /api/openapi.json.
 * One definition is the check, the types and the contract.
 */
export type ZodApi = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/**
 * Requests are parsed by their zod schema; the ZodError itself is kept as the validation
 * error's cause, so the error handler words it as the spec does (contract/zod-messages).
 * Responses are JSON.stringify'd as they are. With `checkResponses` (the API tests) each one
 * is first parsed by its response schema and a mismatch fails the request with a
 * ResponseSerializationError, so a route cannot drift from its contract unseen.
 */
export function installZodSchemas(app: FastifyInstance, options: { checkResponses?: boolean } = {}) {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as unknown as ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      return result.success ? { value: result.data } : { error: result.error as unknown as Error };
    };
  });
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!options.checkResponses || !(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    const responseSchema = schema;
    return (data) => {
      const result = responseSchema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(data);
    };
  });
}

/** Every instant the API answers is an ISO 8601 string in UTC, e.g. 2026-11-29T09:15:00.000Z (ADR 0287). */
export const timestamp = z.iso.datetime().describe('An instant, ISO 8601 in UTC');

export const errorResponse = z.object({ error: z.string() }).describe('What went wrong, in words a person can act on');

/** A citation as chat answers and generated content carry it. */
export const citationSchema = z.object({
  source_id: z.string(),
  filename: z.string(),
  quote: z.string(),
  document_id: z.string().nullable(),
  dataset_id: z.string().nullable(),
  page: z.number().nullable().optional(),
  start: z.number().int().nullable().optional().describe("Character offset of the quote in the document's stored content; null when not found"),
  end: z.number().int().nullable().optional(),
});

const zodToJsonSchema = createJsonSchemaTransform({});

/**
 * @fastify/swagger transform: zod schemas into JSON schema for the OpenAPI document. Only /api
 * is the API: every other route (Remix's pages, the built assets) is left out, and every route
 * that needs a session also documents the 401 the session check answers.
 */
export const zodToOpenApi: typeof zodToJsonSchema = (input) => {
  if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  const signedIn = !(input.route?.config as { public?: boolean } | undefined)?.public;
  if (!signedIn || !input.schema || input.schema.hide) return zodToJsonSchema(input);
  const response = { 401: errorResponse, ...(input.schema.response as object | undefined) };
  return zodToJsonSchema({ ...input, schema: { ...input.schema, response } });
};
