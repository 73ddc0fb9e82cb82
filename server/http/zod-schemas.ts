import type { FastifyInstance, FastifySchema } from 'fastify';
import { z, type ZodType } from 'zod';

/**
 * Route schemas are zod: zod validates requests, and the same schemas become the JSON
 * schemas of /api/openapi.json. One definition is both the check and the contract.
 */
export function installZodSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as unknown as ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      return result.success ? { value: result.data } : { error: result.error as unknown as Error };
    };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/** @fastify/swagger transform: zod schemas into JSON schema for the OpenAPI document. */
export function zodToOpenApi({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!schema) return { schema, url };
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'response' && value && typeof value === 'object') {
      converted.response = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([status, s]) => [status, toJson(s)]),
      );
    } else {
      converted[key] = toJson(value);
    }
  }
  return { schema: converted as FastifySchema, url };
}

function toJson(value: unknown): unknown {
  if (value instanceof z.ZodType) {
    const json = z.toJSONSchema(value, { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  }
  return value;
}

export const errorResponse = z.object({ error: z.string() });
