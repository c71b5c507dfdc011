/** The Norwegian e-mail that carries a document: subject, text and HTML body from the document's facts. */
import { formatAccount, formatDate, formatMoney } from '../../render/format.js';
import type { DocumentFacts } from './document-source.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Facts the reader needs to pay or answer, in the order a Norwegian invoice mail gives them. */
function factLines(f: DocumentFacts): Array<[string, string]> {
  const out: Array<[string, string]> = [[f.kindLabel === 'Kreditnota' ? 'Kreditert beløp' : 'Beløp', formatMoney(Math.round(f.amount * 100), f.currency)]];
  if (f.dueDate) out.push(['Forfallsdato', formatDate(f.dueDate)]);
  if (f.kid) out.push(['KID', f.kid]);
  if (f.accountNumber && f.dueDate) out.push(['Kontonummer', formatAccount(f.accountNumber)]);
  return out;
}

/**
 * `message` is the sender's personal message (spec 4.4 `htmlContent`, at most 120 characters; shown as text, never as
 * markup). `attached` says whether the PDF rides along; `copy` marks the sender's own copy.
 */
export function documentMail(f: DocumentFacts, from: string, opts: { message?: string | null; attached: boolean; copy?: boolean }): MailContent {
  const what = f.title ?? `${f.kindLabel.toLowerCase()} ${f.number}`;
  const name = f.title ? f.title.charAt(0).toUpperCase() + f.title.slice(1) : `${f.kindLabel} ${f.number}`;
  const subject = `${opts.copy ? 'Kopi: ' : ''}${name}${from ? ` fra ${from}` : ''}`;
  const intro = opts.attached ? `Vedlagt følger ${what}${from ? ` fra ${from}` : ''}.` : `Her er ${what}${from ? ` fra ${from}` : ''}.`;
  const facts = factLines(f);
  const message = opts.message?.trim() || null;
  const closing = from ? `Med vennlig hilsen\n${from}` : 'Med vennlig hilsen';
  const text = ['Hei,', '', intro, ...(message ? ['', message] : []), '', ...facts.map(([k, v]) => `${k}: ${v}`), '', closing, ''].join('\n');
  const html = [
    '<!doctype html><html lang="nb"><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222">',
    '<p>Hei,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    message ? `<p>${escapeHtml(message)}</p>` : '',
    '<table style="border-collapse:collapse">',
    ...facts.map(([k, v]) => `<tr><td style="padding:2px 16px 2px 0;color:#555">${escapeHtml(k)}</td><td style="padding:2px 0"><b>${escapeHtml(v)}</b></td></tr>`),
    '</table>',
    `<p>${escapeHtml(closing).replace('\n', '<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
