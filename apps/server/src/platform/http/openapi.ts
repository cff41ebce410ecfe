import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callRegistry } from './register-call';

const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'string', pattern: '^[0-9]+$' },
    msg: { type: 'string' },
    data,
    /** Codec version 2's answers only (PROTOCOL.md). */
    cipher: { type: 'string', enum: ['A256GCM'] },
  },
});

/** The OpenAPI 3.1 document, built from the registered calls' schemas (nothing written by hand). */
export function buildOpenApi(app: FastifyInstance) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { def, path } of callRegistry.get(app) ?? []) {
    const requestSchema = z.toJSONSchema(def.request, { io: 'input', unrepresentable: 'any' });
    const responseSchema = z.toJSONSchema(def.response, { io: 'output', unrepresentable: 'any' });
    const parameters =
      def.method === 'GET'
        ? Object.entries((requestSchema.properties ?? {}) as Record<string, unknown>).map(([name, schema]) => ({
            name,
            in: 'query',
            required: ((requestSchema.required as string[] | undefined) ?? []).includes(name),
            schema,
          }))
        : undefined;
    paths[path] = {
      [def.method.toLowerCase()]: {
        operationId: def.operationId,
        summary: def.summary,
        tags: [def.service],
        'x-access': def.access,
        'x-plain': def.plain ?? false,
        'x-requires-app-id': def.requiresAppId ?? false,
        security: def.access === 'df' ? [{ token: [] }] : [],
        ...(parameters
          ? { parameters }
          : { requestBody: { required: true, content: { 'application/json': { schema: requestSchema } } } }),
        responses: {
          200: {
            description: def.plain
              ? 'Plain envelope'
              : 'Envelope; when the request was sealed, data is the sealed base64 of this schema (GET: data.data): codec version 2 under the request key (cipher A256GCM), version 1 with the private key',
            content: { 'application/json': { schema: envelope(responseSchema) } },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Game item marketplace exchange API',
      version: '1.0.0',
      description: 'See docs/protocol.md for the envelope, signing and encryption.',
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' } } },
    paths,
  };
}

/** GET /openapi.json: the document of every registered call, built at the first request and kept. */
export function openApiRoute(app: FastifyInstance): void {
  let cached: ReturnType<typeof buildOpenApi> | null = null;
  app.get('/openapi.json', async () => {
    cached ??= buildOpenApi(app);
    return cached;
  });
}
