/** Settings → E-post → "Send test-e-post": one mail straight through the configured server, answered with its reply. */
import type { AppContext } from '../../context.js';
import { FieldErrors } from '../../ops/errors.js';
import { createTransport } from './sender.js';
import { smtpOutcome } from './deliver.js';
import { EMAIL_RE } from '../../domain/email.js';
import { sendingSettings } from '../settings/index.js';

export interface TestMailResult {
  delivered: boolean;
  /** The server's answer (e.g. "250 OK: queued as …") or why it failed. */
  response: string;
  to: string;
}

export async function sendTestMail(ctx: AppContext, to: string | undefined): Promise<TestMailResult> {
  const s = await sendingSettings(ctx);
  const address = (to ?? s.fromAddress).trim();
  const errors = new FieldErrors();
  if (!s.smtp.host) errors.add('sending.smtp.host', 'SET_UP_SMTP_FIRST');
  if (!s.fromAddress) errors.add('sending.fromAddress', 'SET_UP_SENDER_FIRST');
  if (!EMAIL_RE.test(address)) errors.add('to', 'INVALID_EMAIL');
  errors.throwIfAny();
  const transport = createTransport(s);
  try {
    const info = await transport.sendMail({
      from: { name: s.fromName || s.fromAddress, address: s.fromAddress },
      replyTo: s.replyTo || undefined,
      to: address,
      subject: 'Test-e-post fra Kvitt',
      text: 'Dette er en test-e-post fra Kvitt. E-postoppsettet virker.\n',
    });
    return { delivered: true, response: String(info.response ?? 'accepted'), to: address };
  } catch (err) {
    const o = smtpOutcome(err);
    return { delivered: false, response: o.status === 'DELIVERED' ? o.info : o.error, to: address };
  } finally {
    transport.close();
  }
}
