import type { TSchema } from '@sinclair/typebox';
import type { Op } from '../ops/define.js';

const plain = (s: TSchema | undefined) => (s ? JSON.parse(JSON.stringify(s)) : undefined);

function parameters(op: Op) {
  const out: unknown[] = [];
  for (const [where, schema] of [['path', op.params], ['query', op.query]] as const) {
    const s = plain(schema);
    for (const [name, prop] of Object.entries<any>(s?.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (s.required ?? []).includes(name), schema: prop });
    }
  }
  return out;
}

/** OpenAPI 3.1 document generated from the operation table: the table is the only source of truth. */
export function openApiDocument(ops: readonly Op[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const entry: Record<string, unknown> = {
      operationId: op.name,
      summary: op.summary,
      tags: op.tags,
      parameters: parameters(op),
      responses: { default: { description: 'See the summary; errors are {error, message, fields}' } },
    };
    if (op.body) entry.requestBody = { content: { 'application/json': { schema: plain(op.body) } } };
    if (op.public) entry.security = [];
    (paths[op.path] ??= {})[op.method.toLowerCase()] = entry;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Kvitt loopback API', version },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The API key from Settings' },
        basic: { type: 'http', scheme: 'basic', description: 'Any user name, the API key as password' },
      },
    },
    security: [{ bearer: [] }, { basic: [] }],
    paths,
  };
}
