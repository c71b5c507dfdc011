import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';

/** Field messages from a service error, keyed by dotted path, for `error={...}` props next to inputs. */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (err instanceof ApiError) for (const f of err.fields) out[f.field] ??= f.message;
  return out;
}

/** Shows an error that belongs to no field as a notification. */
export function notifyError(err: unknown, title = 'Feil') {
  const message = err instanceof Error ? err.message : String(err);
  notifications.show({ color: 'red', title, message, autoClose: 8000 });
}

export function notifyOk(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 2500 });
}
