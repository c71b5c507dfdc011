import type { FieldError } from '../api/client';
import { ApiError } from '../api/client';

/**
 * Service field errors for a form: `byPath` keyed by the input they belong to, `other` the ones no input
 * shows (listed above the form so nothing is lost). `alias` maps a service path to an input's key.
 */
export function formErrors(err: unknown, known: string[], alias: (path: string) => string | null = () => null) {
  const byPath: Record<string, string> = {};
  const other: FieldError[] = [];
  if (!(err instanceof ApiError)) return { byPath, other };
  for (const f of err.fields) {
    const key = alias(f.field) ?? f.field;
    if (known.includes(key) || key.startsWith('custom:')) byPath[key] ??= f.message;
    else other.push(f);
  }
  return { byPath, other };
}

/** Props that put a service message under an input (with a test id on the message). */
export function errorProps(errors: Record<string, string>, path: string) {
  return { error: errors[path], errorProps: { 'data-testid': `error-${path}` } as Record<string, string> };
}
