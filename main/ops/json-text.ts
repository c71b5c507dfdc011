/**
 * The JSON text of an answer that is kept and given again unchanged (a frozen view, e.g. recipients/view-cache.ts),
 * made once when it was kept: the HTTP adapter (results.ts sendResult) sends that text instead of serializing the same
 * object on every request. The text is JSON.stringify of the value, what fastify's default serializer (the op routes
 * have no response schema) makes of it, so the bytes on the wire are the same either way.
 */
import { deepFreeze } from './frozen.js';

const texts = new WeakMap<object, string>();

/** Freezes `value` (deeply: every later request shares it, so its text stays true) and records its JSON text. */
export function keepJsonText<T extends object>(value: T): T {
  texts.set(deepFreeze(value), JSON.stringify(value));
  return value;
}

/** The recorded JSON text of `value`, if keepJsonText made one. */
export function jsonTextOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? texts.get(value) : undefined;
}
