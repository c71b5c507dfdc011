import type { TSchema } from '@sinclair/typebox';
import type { Op } from '../ops/define.js';
import { ErrorBody } from '../ops/errors.js';
import { isOptionalBody } from '../ops/one-or-many.js';
import { formOf } from '../ops/form-body.js';
import { rawBodyOf } from '../ops/raw-body.js';
import { resultKind } from '../ops/output.js';

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

const json = (schema: unknown) => ({ 'application/json': { schema } });

/** The success answer as the HTTP adapter sends it (server.ts sendResult), from the operation's output schema. */
function success(op: Op): Record<string, unknown> {
  if (!op.output) return {};
  const kind = resultKind(op.output);
  const schema = plain(op.output);
  switch (kind?.kind) {
    case 'list':
      return {
        '200': {
          description: 'The list; with perPage a page of it',
          headers: {
            Link: { description: 'first/prev/next/last pages (only with perPage)', schema: { type: 'string' } },
            'X-Total-Count': { description: 'all matches (only with perPage)', schema: { type: 'integer' } },
          },
          content: json(schema),
        },
      };
    case 'created':
      return {
        '201': {
          description: kind.batch ? 'Created: one -> the resource, with Location; a batch -> the links of all, in order' : 'Created',
          headers: { Location: { description: 'the created resource (absent for a batch)', schema: { type: 'string', format: 'uri' } } },
          content: json(schema),
        },
      };
    case 'file':
      return {
        '200': {
          description: 'The file',
          headers: { 'Content-Disposition': { schema: { type: 'string' } } },
          content: Object.fromEntries(kind.contentTypes.map((t) => [t, { schema }])),
        },
      };
    case 'jsonOrFile':
      return {
        '200': {
          description: 'The JSON answer, or (to a web form) the page',
          content: { ...json(schema), ...Object.fromEntries(kind.contentTypes.map((t) => [t, { schema: { type: 'string' } }])) },
        },
      };
    case 'noContent':
      return { '204': { description: 'Done, no content' } };
    case 'jsonOrNoContent':
      return { '200': { description: 'OK', content: json(schema) }, '204': { description: 'Nothing to answer' } };
    default:
      return { '200': { description: 'OK', content: json(schema) } };
  }
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
      responses: { ...success(op), default: { description: 'See the summary; errors are {error, code, message, params?, fields: [{field, code, message, params?}]}', content: json(plain(ErrorBody)) } },
    };
    if (op.body) {
      const form = formOf(op.body);
      const raw = rawBodyOf(op.body);
      const content = raw
        ? Object.fromEntries(raw.contentTypes.map((t) => [t, { schema: plain(op.body!) }]))
        : { 'application/json': { schema: plain(op.body) }, ...(form ? { 'application/x-www-form-urlencoded': { schema: plain(form) } } : {}) };
      entry.requestBody = { required: !isOptionalBody(op.body), content };
    }
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
