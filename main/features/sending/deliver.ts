/** One delivery attempt of one outbox row: e-mail over SMTP, EHF into the data folder, SMS to the gateway. */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Selectable } from 'kysely';
import type { SendMailOptions } from 'nodemailer';
import type { OutboxTable } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { OpError } from '../../ops/errors.js';
import { errorMessage, type ErrorCode, type ErrorParams, type ParamsArg } from '../../ops/error-codes.js';
import type { Settings, sendingSettings } from '../settings/index.js';
import { documentSources, type DocumentFacts } from './document-source.js';
import { documentMail, type MailContent } from './mail.js';
import { outgoingOf } from './mail-task.js';
import type { SmtpLanes } from './smtp-lanes.js';
import type { SentDocumentType } from './outbox.js';

export type OutboxRow = Selectable<OutboxTable>;
/** Why an attempt failed: the English text, and its catalogue code and parameters when it has one (lastErrorCode). */
export interface Failure {
  error: string;
  code?: ErrorCode;
  params?: Record<string, string | number>;
}
export type Outcome = { status: 'DELIVERED'; info: string } | ({ status: 'NOT_DELIVERED' } & Failure) | ({ status: 'RETRY' } & Failure);

/** A failed attempt with its catalogue code: the text is the code's English message. */
export function failed<C extends ErrorCode>(status: 'NOT_DELIVERED' | 'RETRY', code: C, ...params: ParamsArg<C>): Outcome {
  return { status, error: errorMessage(code, ...params), code, ...(params[0] ? { params: params[0] as Failure['params'] } : {}) };
}

export interface DeliveryEnv {
  ctx: AppContext;
  settings: Awaited<ReturnType<typeof sendingSettings>>;
  /** All settings (company name, attachPdf), read once per pass. */
  all: Settings;
  /** The SMTP connections of the current settings, or null when no server is configured. */
  smtp(): SmtpLanes | null;
}

/** SMTP errors: 5xx (and a refused address) are final, everything else (no connection, 4xx, auth) is retried. */
export function smtpOutcome(err: unknown): Outcome {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const reason = (e.response ?? e.message ?? String(err)).trim();
  if (e.responseCode && e.responseCode >= 500 && e.code !== 'EAUTH') return failed('NOT_DELIVERED', 'MAIL_SERVER_REFUSED', { reason });
  return failed('RETRY', 'MAIL_SERVER_ERROR', e.code ? { reason, smtpCode: e.code } : { reason });
}

export type PreparedMail = { mail: SendMailOptions } | Outcome;

/** Why no e-mail can go out with these settings (retried later), or null. */
export function emailBlocked(env: DeliveryEnv): Outcome | null {
  if (!env.settings.smtp.host) return failed('RETRY', 'SMTP_NOT_SET_UP');
  if (!env.settings.fromAddress) return failed('RETRY', 'SENDER_NOT_SET_UP');
  return null;
}

/** Whether a document's mail carries its PDF: the recipient's `attach_pdf`, else Settings → Fakturering's. */
export function attachesPdf(env: DeliveryEnv, recipientAttachPdf: number | null | undefined): boolean {
  return recipientAttachPdf != null ? recipientAttachPdf === 1 : env.all.invoicing.attachPdf;
}

/** Subject, text and HTML of a document row's mail (the personal message and copy flag are in its payload). */
export function documentContent(env: DeliveryEnv, row: OutboxRow, facts: DocumentFacts, attached: boolean): MailContent {
  const p = JSON.parse(row.payload) as { htmlContent?: string | null; copy?: boolean };
  return documentMail(facts, env.settings.fromName || env.all.company.name, { message: p.htmlContent, attached, copy: p.copy });
}

/** The message of a row: sender, recipient, Message-ID (fixed when queued) and content. */
export function mailOptions(env: DeliveryEnv, row: OutboxRow, content: { subject: string; text: string; html?: string | null }, cc: string[] = []): SendMailOptions {
  const s = env.settings;
  return {
    from: { name: s.fromName || s.fromAddress, address: s.fromAddress },
    replyTo: s.replyTo || undefined,
    to: row.address,
    cc: cc.length ? cc : undefined,
    subject: content.subject,
    text: content.text,
    html: content.html ?? undefined,
    messageId: row.message_id ?? undefined,
  };
}

/**
 * The message of one e-mail row, its PDF rendered. The sender prepares most document mails in batches instead
 * (prepare.ts); this is the one-row path (free-standing messages, dunnings, and what the batch cannot do).
 */
export async function prepareEmail(env: DeliveryEnv, row: OutboxRow): Promise<PreparedMail> {
  const blocked = emailBlocked(env);
  if (blocked) return blocked;
  const p = JSON.parse(row.payload) as Record<string, any>;
  if (p.kind === 'message') {
    const attachments = (p.attachments ?? []).map((a: any) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') }));
    return { mail: { ...mailOptions(env, row, { subject: p.subject, text: p.text, html: p.html }, p.cc ?? []), attachments } };
  }
  const source = documentSources[row.ref_type as SentDocumentType];
  const facts = await source.describe(env.ctx, row.ref_number);
  if (!facts) return failed('NOT_DELIVERED', 'DOCUMENT_GONE', { type: row.ref_type, number: row.ref_number });
  const recipient = await env.ctx.db.selectFrom('recipients').select('attach_pdf').where('number', '=', facts.recipientNumber).executeTakeFirst();
  const attach = attachesPdf(env, recipient?.attach_pdf);
  const mail = mailOptions(env, row, documentContent(env, row, facts, attach));
  if (!attach) return { mail };
  const pdf = await source.pdf(env.ctx, row.ref_number);
  return { mail: { ...mail, attachments: [{ filename: pdf.filename, content: pdf.data, contentType: 'application/pdf' }] } };
}

async function deliverEmail(env: DeliveryEnv, row: OutboxRow, prepared?: PreparedMail): Promise<Outcome> {
  const ready = prepared ?? (await prepareEmail(env, row));
  if ('status' in ready) return ready;
  const smtp = env.smtp();
  if (!smtp) return failed('RETRY', 'SMTP_NOT_SET_UP');
  try {
    const { envelope, raw } = await outgoingOf(ready.mail);
    const info = await smtp.send(envelope, raw);
    // The row is for its own recipient (To, first in the envelope): a copy taken while that one was refused is no delivery.
    const refused = info.rejectedErrors?.find((e) => (e as { recipient?: string }).recipient === envelope.to[0]);
    if (refused) return smtpOutcome(refused);
    return { status: 'DELIVERED', info: String(info.response ?? 'accepted') };
  } catch (err) {
    return smtpOutcome(err);
  }
}

async function deliverEhf(env: DeliveryEnv, row: OutboxRow): Promise<Outcome> {
  const source = documentSources[row.ref_type as SentDocumentType];
  if (!source?.ehf) return failed('NOT_DELIVERED', 'NO_EHF', { type: row.ref_type });
  if (!env.ctx.dataDir) return failed('NOT_DELIVERED', 'EHF_NEEDS_DATA_FOLDER');
  let ehf: { filename: string; xml: string };
  try {
    ehf = await source.ehf(env.ctx, row.ref_number);
  } catch (e) {
    // The file broke an official rule (source.ehf checks it before anything is written): not sent, with the rule.
    if (e instanceof OpError && e.code === 'EHF_RULE_FAILED') return failed('NOT_DELIVERED', 'EHF_RULE_FAILED', e.params as ErrorParams<'EHF_RULE_FAILED'>);
    if (e instanceof OpError) return failed('NOT_DELIVERED', 'EHF_NOT_MADE', { reason: e.message });
    throw e;
  }
  const dir = join(env.ctx.dataDir, 'outbox', 'ehf');
  await mkdir(dir, { recursive: true });
  // Written beside its final name, then renamed: a reader of the folder never sees half a file.
  const tmp = join(dir, `.${ehf.filename}.${process.pid}.tmp`);
  try {
    await writeFile(tmp, ehf.xml, 'utf8');
    await rename(tmp, join(dir, ehf.filename));
  } finally {
    await rm(tmp, { force: true });
  }
  return { status: 'DELIVERED', info: `outbox/ehf/${ehf.filename}` };
}

async function deliverSms(env: DeliveryEnv, row: OutboxRow): Promise<Outcome> {
  const url = env.settings.smsGatewayUrl;
  if (!url) return failed('RETRY', 'SMS_GATEWAY_NOT_SET_UP');
  const { message } = JSON.parse(row.payload) as { message: string };
  return postSms(url, row.address, message);
}

/** One SMS to the gateway: POST {to, message} as JSON; delivered on a 2xx, tried again on a 5xx, 429 or no answer. */
export async function postSms(url: string, to: string, message: string): Promise<Outcome> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, message }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.text()).slice(0, 500);
    if (res.ok) return { status: 'DELIVERED', info: `${res.status} ${body}`.trim() };
    return failed(res.status >= 500 || res.status === 429 ? 'RETRY' : 'NOT_DELIVERED', 'SMS_GATEWAY_ANSWERED', { status: res.status, body });
  } catch (e) {
    return failed('RETRY', 'SMS_GATEWAY_UNREACHABLE', { reason: (e as Error).message });
  }
}

/** One attempt; paper is never delivered here (the print queue marks it). */
export async function deliver(env: DeliveryEnv, row: OutboxRow, prepared?: PreparedMail): Promise<Outcome | null> {
  if (row.method === 'email') return deliverEmail(env, row, prepared);
  if (row.method === 'ehf') return deliverEhf(env, row);
  if (row.method === 'sms') return deliverSms(env, row);
  return null;
}
