/** Kom i gang → SMS and Innstillinger → E-post → "Send test-SMS": one SMS straight to the gateway, answered with its reply. */
import type { AppContext } from '../../context.js';
import { FieldErrors } from '../../ops/errors.js';
import { postSms } from './deliver.js';
import { sendingSettings } from '../settings/index.js';

export interface TestSmsResult {
  delivered: boolean;
  /** The gateway's answer ("200 {…}") or why it failed (the code's English message). */
  response: string;
  to: string;
  /** Why it failed, as a catalogue code (SMS_GATEWAY_ANSWERED, SMS_GATEWAY_UNREACHABLE) and its values. */
  code: string | null;
  params: Record<string, string | number> | null;
}

export const TEST_SMS_TEXT = 'Test-SMS fra Kvitt: SMS-oppsettet virker.';

export async function sendTestSms(ctx: AppContext, to: string): Promise<TestSmsResult> {
  const s = await sendingSettings(ctx);
  const number = to.replace(/\s+/g, '');
  const errors = new FieldErrors();
  if (!s.smsGatewayUrl) errors.add('sending.smsGatewayUrl', 'NO_SMS_GATEWAY', { setting: 'smsGatewayUrl' });
  if (!/^[0-9]{8}$/.test(number)) errors.add('to', 'INVALID_MOBILE_NUMBER');
  errors.throwIfAny();
  const o = await postSms(s.smsGatewayUrl, number, TEST_SMS_TEXT);
  if (o.status === 'DELIVERED') return { delivered: true, response: o.info, to: number, code: null, params: null };
  return { delivered: false, response: o.error, to: number, code: o.code ?? null, params: o.params ?? null };
}
