import AjvModule, { type ValidateFunction } from 'ajv';
import type { Op } from '../../main/ops/define.js';
import { resultKind } from '../../main/ops/output.js';
import { allOps } from '../../main/op-table.js';
import { addDateFormats } from '../../main/ops/dates.js';

/**
 * The truth check of the output schemas: a JSON answer of the test server is validated against its operation's `output`
 * (ajv), and a mismatch fails the request with the operation's name and ajv's error. On for every test server when
 * KVITT_CHECK_RESPONSES=1 (test/helpers/server.ts), and always in test/http/response-schemas.test.ts.
 */
const Ajv = (AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule;
// Compiled without ajv's optimisation passes: the same checks, the code made ~2.7 times faster (200 output schemas are
// compiled once per file that checks answers; each validates a handful of small bodies).
const ajv = new Ajv({ allErrors: true, strict: false, code: { optimize: false } });
addDateFormats(ajv, { allFormats: true });

/** Per operation, and per schema text: the 220 operations' outputs are 90 different schemas (a view and its list share one). */
const validators = new WeakMap<Op, ValidateFunction>();
const bySchemaText = new Map<string, ValidateFunction>();
function validatorOf(op: Op & { output: object }): ValidateFunction {
  let validate = validators.get(op);
  if (!validate) {
    const text = JSON.stringify(op.output);
    validate = bySchemaText.get(text);
    if (!validate) bySchemaText.set(text, (validate = ajv.compile(JSON.parse(text))));
    validators.set(op, validate);
  }
  return validate;
}
const routes = allOps.map((op) => ({
  op: op as Op,
  re: new RegExp('^' + op.path.replace(/\/+$/, '').replace(/\{\w+\}/g, '[^/]+') + '/?$'),
  // A literal path segment wins over a parameter (/invoices/due before /invoices/{number}).
  params: (op.path.match(/\{/g) ?? []).length,
}));

/** The operation a request reaches, by method and path (query ignored). */
export function opFor(method: string, url: string): Op | undefined {
  const path = new URL(url, 'http://x').pathname;
  return routes
    .filter((r) => r.op.method === method && r.re.test(path))
    .sort((a, b) => a.params - b.params)[0]?.op;
}

export class ResponseMismatch extends Error {}

/** Throws ResponseMismatch when a success answer does not match the operation's output schema. */
export function checkResponse(method: string, url: string, status: number, contentType: string | null, body: unknown): void {
  if (status < 200 || status > 299) return;
  const op = opFor(method, url);
  if (!op?.output) return;
  const kind = resultKind(op.output);
  const fail = (what: string) => {
    throw new ResponseMismatch(`${op.name} (${method} ${url}) answered ${status}: ${what}`);
  };
  const expected = kind?.kind === 'created' ? 201 : kind?.kind === 'noContent' ? 204 : 200;
  if (kind?.kind === 'jsonOrNoContent' && status === 204) return;
  if (status !== expected) fail(`expected status ${expected}`);
  if (kind?.kind === 'noContent') return;
  if (kind?.kind === 'file') {
    const type = (contentType ?? '').split(';')[0].trim();
    // Media types are compared without parameters (`text/csv; charset=utf-8` is text/csv).
    if (!kind.contentTypes.some((t) => t.split(';')[0].trim() === type)) fail(`content type ${type} is not one of ${kind.contentTypes.join(', ')}`);
    return;
  }
  // JSON, or a page for a web form: a page is checked by its content type, anything else as the JSON.
  if (kind?.kind === 'jsonOrFile' && kind.contentTypes.includes((contentType ?? '').split(';')[0].trim())) return;
  const validate = validatorOf(op as Op & { output: object });
  if (!validate(body)) fail(`does not match its output schema: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`);
}

export const checkResponsesOn = () => process.env.KVITT_CHECK_RESPONSES === '1';
