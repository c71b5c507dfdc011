/**
 * Service errors in the user's language, by code: a field error's `code` and `params` pick `errors.<CODE>`, the error as a
 * whole `errors.op.<CODE>` (errors.i18n.ts). A code without a key (or `INVALID`, a rule not yet given a code) falls back
 * to the service's message, through the few sentence patterns still kept for those (service-messages.ts). A NOT_FOUND
 * is worded by `params.entity` (`errors.notFound.<entity>`), an outbox row's reason by its `lastErrorCode`.
 */
import i18n from 'i18next';
import { connectionProblem } from './connection-problems';
import { formatDate } from '../shared/format';
import { localizeServiceMessage } from './service-messages';

export type ErrorParams = Record<string, string | number>;

/** A date among the parameters (YYYY-MM-DD from the service) as the person reads dates: 27.11.2026 or 27/11/2026. */
function localDates(params: ErrorParams | undefined, lang: string): ErrorParams | undefined {
  if (!params) return params;
  const out: ErrorParams = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v, lang === 'en' ? 'en' : 'nb') : v;
  return out;
}

function byKey(key: string, params: ErrorParams | undefined, lang: string): string | null {
  if (!i18n.exists(key, { lng: lang })) return null;
  // A text with placeholders needs its parameters (a VALIDATION_ERROR with a message of its own has none).
  const needs = [...String(i18n.getResource(lang, 'translation', key) ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
  if (needs.some((p) => params?.[p] === undefined)) return null;
  return i18n.t(key, { ...localDates(params, lang), lng: lang });
}

/** A field error's key: `errors.<CODE>`, or `errors.<CODE>_EXCLUSIVE` for a bound the value must pass (> 0, not >= 0). */
const fieldKey = (f: { code?: string; params?: ErrorParams }) => `errors.${f.code}${f.params?.exclusive ? '_EXCLUSIVE' : ''}`;

/** One field error's text: by code when the GUI knows the code, else the service's message. */
export function fieldErrorText(f: { code?: string; params?: ErrorParams; message: string }, lang = i18n.language ?? 'nb'): string {
  return (f.code && f.code !== 'INVALID' && byKey(fieldKey(f), f.params, lang)) || localizeServiceMessage(f.message, lang);
}

/** A NOT_FOUND by what it names: `errors.notFound.<entity>` with the entity's parameters (`.bare` when it has none). */
function notFoundText(e: { code: string; params?: ErrorParams }, lang: string): string | null {
  const entity = e.code === 'NOT_FOUND' ? e.params?.entity : undefined;
  if (typeof entity !== 'string') return null;
  return byKey(`errors.notFound.${entity}`, e.params, lang) ?? byKey(`errors.notFound.${entity}.bare`, e.params, lang);
}

/** The coded field errors of an error as one sentence (a CONFLICT says what is taken in its fields). */
function fieldsText(fields: Array<{ code?: string; params?: ErrorParams; message: string }> | undefined, lang: string): string | null {
  const worded = (fields ?? []).map((f) => (f.code && f.code !== 'INVALID' ? byKey(fieldKey(f), f.params, lang) : null));
  if (!worded.length || worded.some((w) => w === null)) return null;
  const text = [...new Set(worded)].join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The error's own text (a notification's): a CONFLICT by its coded field errors (what is taken), else by code
 * (every code of main/ops/op-codes.ts has a text), else the service's message.
 */
export function opErrorText(e: { code: string; params?: ErrorParams; message: string; fields?: Array<{ code?: string; params?: ErrorParams; message: string }> }, lang = i18n.language ?? 'nb'): string {
  const byFields = e.code === 'CONFLICT' ? fieldsText(e.fields, lang) : null;
  return notFoundText(e, lang) ?? byFields ?? byKey(`errors.op.${e.code}`, e.params, lang) ?? localizeServiceMessage(e.message, lang);
}

/** Why a dunning carries no fee: by its code (feeRefused) when it has one, else its sentence as it came. */
export function feeRefusedText(d: { feeRefusedReason: string | null; feeRefused?: { code: string; params: ErrorParams } | null }, lang = i18n.language ?? 'nb'): string {
  if (!d.feeRefusedReason && !d.feeRefused) return '';
  return fieldErrorText({ code: d.feeRefused?.code, params: d.feeRefused?.params, message: d.feeRefusedReason ?? '' }, lang);
}

/** Why a shipment waits or failed (an outbox row): by its lastErrorCode when it has one, else its text as it came. */
export function shipmentReasonText(r: { lastError: string | null; lastErrorCode?: string | null; lastErrorParams?: ErrorParams | null }, lang = i18n.language ?? 'nb'): string {
  if (!r.lastError) return '';
  const p = r.lastErrorParams ?? undefined;
  if (r.lastErrorCode === 'MAIL_SERVER_ERROR') {
    const problem = connectionProblem(String(p?.reason ?? r.lastError), p?.smtpCode);
    if (problem) return i18n.t(`conn.mail.${problem}`, { lng: lang });
  }
  if (r.lastErrorCode === 'SMS_GATEWAY_UNREACHABLE') return i18n.t('conn.sms.unreachable', { lng: lang });
  return fieldErrorText({ code: r.lastErrorCode ?? undefined, params: r.lastErrorParams ?? undefined, message: r.lastError }, lang);
}

/** The codes of a shipment that waits for Innstillinger → E-post: e-mail (server or sender) or the SMS service. */
export const WAITING_FOR_SETUP: Record<string, 'email' | 'sms'> = { SMTP_NOT_SET_UP: 'email', SENDER_NOT_SET_UP: 'email', SMS_GATEWAY_NOT_SET_UP: 'sms' };

/** The answer of Innstillinger → E-post → Send test-e-post that did not go: what to check, or the server's own words. */
export function testMailText(response: string, lang = i18n.language ?? 'nb'): string {
  const problem = connectionProblem(response);
  return problem ? i18n.t(`conn.mail.${problem}`, { lng: lang }) : response;
}
