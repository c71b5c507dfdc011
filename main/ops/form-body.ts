import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * The body of an operation that takes JSON or, being public, the urlencoded form of a web page (the event signup page,
 * which works without JavaScript). As JSON it is `json`, checked by runOp like any body. A form (the HTTP adapter parses
 * it into URLSearchParams, for public operations only: http/public-routes.ts) reaches `run` unchecked, because such an
 * operation answers a form with a page: `run` decodes the form into the `json` shape and checks it against `json` itself,
 * so the page can show each error beside its field. `form` states the form's fields for OpenAPI.
 */
export function JsonOrFormBody<J extends TSchema, F extends TSchema>(json: J, form: F) {
  return Object.assign(Type.Unsafe<Static<J> | URLSearchParams>({ ...json }), { [FORM_BODY]: form });
}

const FORM_BODY = Symbol.for('kvitt.formBody');

/** The form a body schema also accepts (JsonOrFormBody), if any. */
export const formOf = (schema: TSchema): TSchema | undefined => (schema as { [FORM_BODY]?: TSchema })[FORM_BODY];

/** A web form posted to an operation whose body accepts one: runOp leaves it to `run`. */
export const isAcceptedForm = (schema: TSchema, body: unknown) => body instanceof URLSearchParams && formOf(schema) !== undefined;
