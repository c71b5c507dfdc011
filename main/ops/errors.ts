import { Type } from '@sinclair/typebox';
import { errorMessage, isErrorCode, notFoundMessage, type ErrorCode, type NotFoundEntity, type NotFoundParams, type ParamsArg } from './error-codes.js';
import { OP_CODES, type OpCode } from './op-codes.js';

export type { ErrorCode } from './error-codes.js';

export interface FieldError {
  /** Dotted path of the offending input field, e.g. `contact.address.zip` or `[1].name`. */
  field: string;
  /** Stable code from the catalogue (error-codes.ts); clients translate this, not the message. */
  code: string;
  /** English text built from code and params (or given as is for code INVALID). */
  message: string;
  params?: Record<string, string | number>;
}

/** A field error as callers may still write it: without a code it becomes `INVALID` with the message as given. */
export type FieldErrorInput = Omit<FieldError, 'code'> & { code?: string };

/** The field error for a catalogue code; the message comes from the catalogue. */
export function fieldError<C extends ErrorCode>(field: string, code: C, ...params: ParamsArg<C>): FieldError {
  const out: FieldError = { field, code, message: errorMessage(code, ...params) };
  if (params[0] !== undefined) out.params = params[0] as FieldError['params'];
  return out;
}

function coded(f: FieldErrorInput): FieldError {
  return f.code ? (f as FieldError) : { field: f.field, code: 'INVALID', message: f.message, ...(f.params ? { params: f.params } : {}) };
}

/**
 * An error the caller can act on: `new OpError(code, message, fields?, params?)`. Its HTTP status is the catalogue's for
 * the code (op-codes.ts), never written beside it, so the two cannot drift; a code not in the catalogue does not compile.
 * Transports map `status` to HTTP codes or the IPC envelope.
 */
export class OpError<C extends OpCode = OpCode> extends Error {
  readonly fields: FieldError[];
  /** The catalogue's HTTP status for `code`. */
  readonly status: (typeof OP_CODES)[C];
  constructor(
    /** Stable code of the whole error, from the catalogue (op-codes.ts): VALIDATION_ERROR, NOT_FOUND, CONFLICT … */
    readonly code: C,
    message: string,
    fields: FieldErrorInput[] = [],
    /** What the message is built from, for clients that word it themselves (e.g. `{fields}` of a VALIDATION_ERROR). */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.status = OP_CODES[code];
    this.fields = fields.map(coded);
  }

  toBody() {
    return { error: this.code, code: this.code, message: this.message, ...(this.params ? { params: this.params } : {}), fields: this.fields };
  }
}

export function validationError(fields: FieldErrorInput[], message?: string): OpError {
  const names = [...new Set(fields.map((f) => f.field))].join(', ');
  return new OpError('VALIDATION_ERROR', message ?? `Invalid input: ${names}`, fields, message ? undefined : { fields: names });
}

/**
 * 404 NOT_FOUND naming what is missing: `notFound('invoice', {number: 12})` → message "Invoice 12 was not found",
 * params `{entity: 'invoice', number: 12}` (the entities and their parameters: NOT_FOUND_SUBJECTS in error-codes.ts).
 */
export function notFound<E extends NotFoundEntity>(entity: E, params: NotFoundParams<E>): OpError {
  const p: Record<string, string | number> = { entity };
  for (const [k, v] of Object.entries(params)) if (v !== undefined) p[k] = v as string | number;
  return new OpError('NOT_FOUND', notFoundMessage(entity, params), [], p);
}

export function conflict(message: string, fields: FieldErrorInput[] = []): OpError {
  return new OpError('CONFLICT', message, fields);
}

/** Collects field errors while a service checks rules that schemas cannot express. */
export class FieldErrors {
  readonly list: FieldError[] = [];
  /**
   * `add(field, 'TOO_LONG', {max: 80})` adds a coded error; `add(field, 'some message')` (a text that is no catalogue code)
   * adds it as code INVALID with that message, for rules not yet given a code.
   */
  add<C extends ErrorCode>(field: string, code: C, ...params: ParamsArg<C>): void;
  add(field: string, message: string): void;
  add(field: string, codeOrMessage: string, params?: Record<string, string | number>): void {
    if (isErrorCode(codeOrMessage)) this.list.push(fieldError(field, codeOrMessage, ...([params] as [never])));
    else this.list.push({ field, code: 'INVALID', message: codeOrMessage });
  }
  get any(): boolean {
    return this.list.length > 0;
  }
  throwIfAny(message?: string): void {
    if (this.any) throw validationError(this.list, message);
  }
}

const ErrorParamsSchema = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: 'What the message is built from' });

/** The error body every 4xx/5xx answers (HTTP; IPC carries the same inside its envelope), for the OpenAPI document. */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'The code (its older name; same value as code)' }),
    code: Type.String({ description: 'Stable code of the error: VALIDATION_ERROR, NOT_FOUND, CONFLICT, …' }),
    message: Type.String({ description: 'English text' }),
    params: Type.Optional(ErrorParamsSchema),
    fields: Type.Array(
      Type.Object({
        field: Type.String({ description: 'Dotted path, e.g. contact.address.zip or [3].name' }),
        code: Type.String({ description: 'Stable code from the catalogue (main/ops/error-codes.ts), e.g. TOO_LONG, REQUIRED, NOT_A_DATE; INVALID when a rule has none yet' }),
        message: Type.String({ description: 'English text built from code and params' }),
        params: Type.Optional(ErrorParamsSchema),
      }),
    ),
  },
  { description: 'An error: the code says what, params with what values; fields names every bad input field' },
);
