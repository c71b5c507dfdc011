import { SetupMissing } from '../first-day/SetupMissing';
import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { formErrors } from '../../shared/form-errors';
import type { Recipient } from '../recipients/recipient.types';
import { useSettings } from '../settings/settings.store';
import { useSendingVersion } from './sending.store';
import { useEhfValidation } from './ehf-validation';
import { SEND_OP, type MethodName, type SendingView, type SentType, type ShipmentMethods, type ShipmentView } from './sending.types';

type Method = 'email' | 'paper' | 'ehf';
const SENDABLE: Method[] = ['ehf', 'email', 'paper'];
const FIELDS = ['email', 'message', 'copy', 'mobile', 'smsText', 'methods'];

/** Service paths → the input that shows them. */
function alias(path: string): string | null {
  if (/^(copy\.)?email\[\d+\]\.htmlContent$/.test(path)) return 'message';
  if (/^email\[\d+\]\.address$/.test(path) || path === 'email') return 'email';
  if (/^copy\.email/.test(path)) return 'copy';
  if (/^sms\[\d+\]\.mobileNumber$/.test(path) || path === 'sms') return 'mobile';
  if (/^sms\[\d+\]\.message$/.test(path)) return 'smsText';
  if (path === 'paper' || path === 'ehf') return 'methods';
  return null;
}

/**
 * Sends an issued document: the methods and default come from the shipment-methods operation (spec 4.5), the
 * addresses from the customer; the service checks everything and its messages land next to the inputs.
 */
export function SendDialog({ type, number, what, recipientNumber, opened, onClose }: { type: SentType; number: number; what: string; recipientNumber: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [methods, setMethods] = useState<ShipmentMethods | null>(null);
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [chosen, setChosen] = useState<Set<Method>>(new Set());
  const [emails, setEmails] = useState('');
  const [message, setMessage] = useState('');
  const [copy, setCopy] = useState(false);
  const [sms, setSms] = useState(false);
  const [mobile, setMobile] = useState('');
  const [smsText, setSmsText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const settings = useSettings((s) => s.settings);
  const sending = (settings as unknown as { sending?: SendingView } | null)?.sending;
  const ehfCheck = useEhfValidation();

  useEffect(() => {
    if (!opened) return;
    let live = true;
    setErrors({});
    setOther([]);
    void useSettings.getState().load(true).catch(() => undefined);
    Promise.all([
      call('sending.methodsForDocument', { params: { documentType: type, documentNumber: number } }),
      call('recipients.get', { params: { number: recipientNumber } }),
    ])
      .then(([m, r]) => {
        if (!live) return;
        const found = m ?? { available: ['paper'], default: ['paper'] };
        setMethods(found);
        setRecipient(r);
        setChosen(new Set(found.default.filter((x): x is Method => SENDABLE.includes(x as Method))));
        setEmails(r.contact.email ?? '');
        setMobile(r.contact.mobile?.replace(/\D/g, '').slice(-8) ?? '');
        setSmsText(t('send.title', { what }));
      })
      .catch((e) => live && notifyError(e));
    return () => {
      live = false;
    };
  }, [opened, type, number, recipientNumber, what, t]);

  const toggle = (m: Method, on: boolean) => setChosen((s) => new Set([...s].filter((x) => x !== m).concat(on ? [m] : [])));

  async function submit() {
    setBusy(true);
    const body: Record<string, unknown> = {};
    if (chosen.has('email')) {
      body.email = emails
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean)
        .map((address) => (message.trim() ? { address, htmlContent: message.trim() } : { address }));
    }
    if (chosen.has('paper')) body.paper = {};
    if (chosen.has('ehf')) body.ehf = {};
    if (copy && sending?.fromAddress) body.copy = { email: [{ address: sending.fromAddress }] };
    if (sms) body.sms = [{ mobileNumber: mobile.trim(), message: smsText }];
    try {
      const shipments = await call(SEND_OP[type], { params: { number }, body });
      notifyOk(t('send.sent', { count: shipments.length }));
      useSendingVersion.getState().bump();
      onClose();
    } catch (e) {
      const { byPath, other: rest } = formErrors(e, FIELDS, alias);
      setErrors(byPath);
      setOther(rest.map((f) => `${f.field}: ${f.message}`));
      if (!(e instanceof ApiError) || e.status !== 400) notifyError(e);
    } finally {
      setBusy(false);
    }
  }

  const isDefault = (m: MethodName) => methods?.default.includes(m);
  const label = (m: MethodName) => (
    <Group gap={6}>
      <span>{t(`send.method.${m}`)}</span>
      {isDefault(m) ? (
        <Badge size="xs" variant="light">
          {t('send.default')}
        </Badge>
      ) : null}
    </Group>
  );
  const a = recipient?.contact.address;
  return (
    <Modal opened={opened} onClose={onClose} title={t('send.title', { what })} size="lg" centered>
      {!methods || !recipient ? (
        <Loader />
      ) : (
        <Stack gap="sm" data-testid="send-dialog">
          {sending && (!sending.smtp.host || !sending.fromAddress) ? (
            // What is missing for e-mail, with a link to the first-day guide's e-mail step.
            <SetupMissing
              testId="send-no-smtp"
              missing={{ action: 'email', step: 'email', fields: [...(sending.smtp.host ? [] : ['sending.smtp.host']), ...(sending.fromAddress ? [] : ['sending.fromAddress'])] }}
            />
          ) : null}
          {other.length || errors.methods ? (
            <Alert color="red" variant="light" data-testid="send-errors">
              {[errors.methods, ...other].filter(Boolean).map((m) => (
                <div key={m}>{m}</div>
              ))}
            </Alert>
          ) : null}
          {methods.available.includes('ehf') ? (
            <Checkbox label={label('ehf')} checked={chosen.has('ehf')} onChange={(e) => toggle('ehf', e.currentTarget.checked)} data-testid="send-method-ehf" description={t('send.ehfTo', { org: recipient.organisation.number })} />
          ) : null}
          {chosen.has('ehf') && ehfCheck && !ehfCheck.enabled ? (
            <Alert color="yellow" variant="light" data-testid="send-ehf-unchecked">
              {t('send.ehfUnchecked')}
            </Alert>
          ) : null}
          {methods.available.some((m) => m === 'eFaktura' || m === 'avtaleGiro') ? (
            <Text size="xs" c="dimmed" data-testid="send-bank-only">
              {methods.available.filter((m) => m === 'eFaktura' || m === 'avtaleGiro').map((m) => t(`send.method.${m}`)).join(', ')}: {t('send.bankOnly')}
            </Text>
          ) : null}
          <Checkbox label={label('email')} checked={chosen.has('email')} onChange={(e) => toggle('email', e.currentTarget.checked)} data-testid="send-method-email" />
          {chosen.has('email') ? (
            <Stack gap="xs" pl="lg">
              <TextInput label={t('send.emailAddresses')} description={t('send.emailHint')} value={emails} onChange={(e) => { setEmails(e.currentTarget.value); setErrors((x) => ({ ...x, email: '' })); }} error={errors.email} data-testid="send-email" />
              <Textarea label={t('send.message')} description={t('send.messageHint', { n: message.length })} value={message} onChange={(e) => { setMessage(e.currentTarget.value); setErrors((x) => ({ ...x, message: '' })); }} error={errors.message} autosize minRows={2} data-testid="send-message" />
            </Stack>
          ) : null}
          <Checkbox
            label={label('paper')}
            checked={chosen.has('paper')}
            onChange={(e) => toggle('paper', e.currentTarget.checked)}
            description={a ? `${t('send.paperAddress')}: ${[a.address1, a.address2, `${a.zip} ${a.city}`].filter(Boolean).join(', ')}` : undefined}
            data-testid="send-method-paper"
          />
          {sending?.fromAddress ? (
            <Checkbox label={t('send.copyToMe', { address: sending.fromAddress })} checked={copy} onChange={(e) => setCopy(e.currentTarget.checked)} error={errors.copy} data-testid="send-copy" />
          ) : null}
          <Checkbox label={t('send.method.sms')} checked={sms} disabled={!sending?.smsGatewayUrl} description={sending?.smsGatewayUrl ? undefined : t('send.noSmsGateway')} onChange={(e) => setSms(e.currentTarget.checked)} data-testid="send-sms" />
          {sms ? (
            <Group grow pl="lg" align="flex-start">
              <TextInput label={t('send.mobile')} value={mobile} onChange={(e) => setMobile(e.currentTarget.value)} error={errors.mobile} maw={160} data-testid="send-mobile" />
              <TextInput label={t('send.smsMessage')} value={smsText} onChange={(e) => setSmsText(e.currentTarget.value)} error={errors.smsText} data-testid="send-sms-text" />
            </Group>
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={busy} data-testid="send-submit">
              {t('send.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
