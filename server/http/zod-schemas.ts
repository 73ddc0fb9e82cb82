import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { createJsonSchemaTransform, ResponseSerializationError, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { errorResponse } from '../../contract/api/shared';

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

const zodToJsonSchema = createJsonSchemaTransform({});

/** An upload's one file, as every multipart route reads it (server/http/routes/tomes-transfer.ts). */
const multipartFileBody = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'The document: one file, in the form field named "file"' } },
};

/** The body of a streamed answer (a route whose schema `produces` text/event-stream), described for the document. */
const eventStreamSchema = {
  type: 'string',
  description:
    'Server-sent events, sent when the request has `Accept: text/event-stream`. `event: delta` with data `{"text": "..."}` for each piece of the answer as it is written, ' +
    'then `event: done` with the whole JSON answer (as the application/json response), or `event: error` with `{"error": "...", "status": 400-599}`: once the stream has begun its status is 200, so a failure arrives as this event.',
  example: 'event: delta\ndata: {"text":"The Ember Crown lies"}\n\nevent: done\ndata: {"response":"The Ember Crown lies beneath the Sunless Vault.", ...}\n\n',
};

/**
 * @fastify/swagger transform: zod schemas into JSON schema for the OpenAPI document. Only /api
 * is the API: every other route (Remix's pages, the built assets) is left out. Public routes
 * say they need no token (`security: []`); every other route documents the 401 the session check
 * answers. Every /api route documents the rate limit's 429 (server/app.ts), and a route that
 * consumes multipart/form-data its one `file` field, which the route reads from the stream itself.
 */
export const zodToOpenApi: typeof zodToJsonSchema = (input) => {
  if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  if (!input.schema || input.schema.hide) return zodToJsonSchema(input);
  const signedIn = !(input.route?.config as { public?: boolean } | undefined)?.public;
  const response = { ...(signedIn ? { 401: errorResponse } : {}), 429: errorResponse, ...(input.schema.response as object | undefined) };
  const { schema, url } = zodToJsonSchema({ ...input, schema: { ...input.schema, response } });
  const multipart = (input.schema.consumes as string[] | undefined)?.includes('multipart/form-data') && !input.schema.body;
  const { produces, ...rest } = schema as typeof schema & { produces?: string[]; response?: Record<string, { description?: string }> };
  const streams = produces?.includes('text/event-stream') && rest.response?.[200];
  const answered = streams
    ? {
        response: {
          ...rest.response,
          200: {
            description: rest.response?.[200]?.description ?? 'The answer',
            content: { 'application/json': { schema: rest.response?.[200] }, 'text/event-stream': { schema: eventStreamSchema } },
          },
        },
      }
    : {};
  return { url, schema: { ...rest, ...answered, ...(signedIn ? {} : { security: [] }), ...(multipart ? { body: multipartFileBody } : {}) } };
};
