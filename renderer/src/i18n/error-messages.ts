/**
 * Service errors in the user's language, by code: a field error's `code` and `params` pick `errors.<CODE>`, the error as a
 * whole `errors.op.<CODE>` (errors.i18n.ts). A code without a key (or `INVALID`, a rule not yet given a code) falls back
 * to the service's message, through the few sentence patterns still kept for those (service-messages.ts).
 */
import i18n from 'i18next';
import { localizeServiceMessage } from './service-messages';

export type ErrorParams = Record<string, string | number>;

function byKey(key: string, params: ErrorParams | undefined, lang: string): string | null {
  if (!i18n.exists(key, { lng: lang })) return null;
  // A text with placeholders needs its parameters (a VALIDATION_ERROR with a message of its own has none).
  const needs = [...String(i18n.getResource(lang, 'translation', key) ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
  if (needs.some((p) => params?.[p] === undefined)) return null;
  return i18n.t(key, { ...params, lng: lang });
}

/** One field error's text: by code when the GUI knows the code, else the service's message. */
export function fieldErrorText(f: { code?: string; params?: ErrorParams; message: string }, lang = i18n.language ?? 'nb'): string {
  return (f.code && f.code !== 'INVALID' && byKey(`errors.${f.code}`, f.params, lang)) || localizeServiceMessage(f.message, lang);
}

/** The error's own text (a notification's): by code when the GUI knows the code, else the service's message. */
export function opErrorText(e: { code: string; params?: ErrorParams; message: string }, lang = i18n.language ?? 'nb'): string {
  return byKey(`errors.op.${e.code}`, e.params, lang) ?? localizeServiceMessage(e.message, lang);
}
