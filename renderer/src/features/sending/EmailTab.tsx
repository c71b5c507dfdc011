import { Alert, Button, Checkbox, Group, NumberInput, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call, type FieldError } from '../../api/client';
import { testMailText } from '../../i18n/error-messages';
import { notifyError, notifyOk } from '../../shared/errors';
import { useFormKeys } from '../../shared/use-form-keys';
import { OtherErrors, SaveButton, SettingsSection } from '../settings/SettingsParts';
import { useSettings } from '../settings/settings.store';
import type { SendingView, TestMailResult } from './sending.types';
import { SmsGatewayFields } from './SmsGatewayFields';

interface V {
  host: string;
  port: number | string;
  security: string;
  user: string;
  /** Empty: keep the stored password. */
  password: string;
  fromAddress: string;
  fromName: string;
  replyTo: string;
  smsGatewayUrl: string;
  attachPdf: boolean;
}

const fromSettings = (s: SendingView, attachPdf: boolean): V => ({ ...s.smtp, password: '', fromAddress: s.fromAddress, fromName: s.fromName, replyTo: s.replyTo, smsGatewayUrl: s.smsGatewayUrl, attachPdf });

/** Innstillinger → E-post: the SMTP server, the sender, the SMS service, and a test mail that shows the server's answer. */
export function EmailTab() {
  const { t, i18n } = useTranslation();
  const settings = useSettings((s) => s.settings);
  const view = (settings as unknown as { sending?: SendingView } | null)?.sending ?? null;
  const [v, setV] = useState<V | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const [testTo, setTestTo] = useState('');
  const [test, setTest] = useState<TestMailResult | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);

  useEffect(() => {
    if (view && settings && v === null) setV(fromSettings(view, settings.invoicing.attachPdf));
  }, [view, settings, v]);

  /** True when saved. */
  async function save(): Promise<boolean> {
    if (!v || saving) return false;
    setSaving(true);
    try {
      const smtp: Record<string, unknown> = { host: v.host, port: typeof v.port === 'number' ? v.port : null, security: v.security, user: v.user };
      if (v.password) smtp.password = v.password;
      const saved = await useSettings.getState().save({
        sending: { smtp, fromAddress: v.fromAddress, fromName: v.fromName, replyTo: v.replyTo, smsGatewayUrl: v.smsGatewayUrl },
        invoicing: { attachPdf: v.attachPdf },
      });
      setV(fromSettings((saved as unknown as { sending: SendingView }).sending, saved.invoicing.attachPdf));
      setErrors({});
      setOther([]);
      notifyOk(t('mail.saved'));
      return true;
    } catch (e) {
      const mine: Record<string, string> = {};
      const rest: FieldError[] = [];
      if (e instanceof ApiError) for (const f of e.fields) (f.field.startsWith('sending.') ? (mine[f.field] ??= f.message) : rest.push(f));
      setErrors(mine);
      setOther(rest);
      if (!(e instanceof ApiError) || e.status !== 400) notifyError(e);
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function sendTest() {
    setTesting(true);
    setTest(null);
    setTestError(null);
    try {
      setTest(await call('sending.testEmail', { body: testTo.trim() ? { to: testTo.trim() } : {} }));
    } catch (e) {
      setTestError(e instanceof ApiError && e.fields.length ? e.fields.map((f) => f.message).join('; ') : e instanceof Error ? e.message : String(e));
    } finally {
      setTesting(false);
    }
  }

  useFormKeys({ onSave: () => void save() });
  if (!v) return null;
  const set = <K extends keyof V>(k: K, x: V[K]) => setV((s) => (s ? { ...s, [k]: x } : s));
  const text = (k: 'host' | 'user' | 'fromAddress' | 'fromName' | 'replyTo', label: string, path: string, description?: string) => (
    <TextInput label={label} description={description} value={v[k]} onChange={(e) => set(k, e.currentTarget.value)} error={errors[path]} data-testid={`field-${path}`} />
  );
  return (
    <Stack gap="md" maw={1000} data-testid="email-tab">
      <OtherErrors fields={other} testId="email-errors" />
      <SettingsSection title={t('mail.server')} description={t('mail.serverHint')}>
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
          {text('host', t('mail.host'), 'sending.smtp.host')}
          <NumberInput label={t('mail.port')} value={v.port} onChange={(x) => set('port', x)} allowDecimal={false} thousandSeparator="" error={errors['sending.smtp.port']} data-testid="field-sending.smtp.port" />
          <Select
            label={t('mail.security')}
            data={['NONE', 'STARTTLS', 'TLS'].map((x) => ({ value: x, label: t(`mail.security.${x}`) }))}
            allowDeselect={false}
            value={v.security}
            onChange={(x) => set('security', x ?? 'STARTTLS')}
            data-testid="field-sending.smtp.security"
          />
          {text('user', t('mail.user'), 'sending.smtp.user')}
          <PasswordInput label={t('mail.password')} placeholder={view?.smtp.passwordSet ? t('mail.passwordSet') : ''} value={v.password} onChange={(e) => set('password', e.currentTarget.value)} data-testid="field-sending.smtp.password" />
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title={t('mail.sender')}>
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
          {text('fromAddress', t('mail.fromAddress'), 'sending.fromAddress')}
          {text('fromName', t('mail.fromName'), 'sending.fromName')}
          {text('replyTo', t('mail.replyTo'), 'sending.replyTo')}
        </SimpleGrid>
        <Stack gap="xs" mt="sm">
          <SmsGatewayFields url={v.smsGatewayUrl} onUrl={(x) => set('smsGatewayUrl', x)} error={errors['sending.smsGatewayUrl']} saveFirst={save} />
          <Checkbox label={t('mail.attachPdf')} checked={v.attachPdf} onChange={(e) => set('attachPdf', e.currentTarget.checked)} data-testid="field-attachPdf" />
        </Stack>
      </SettingsSection>
      <SaveButton onClick={() => void save()} loading={saving} testId="save-email" />
      <SettingsSection title={t('mail.test')}>
        <Group align="flex-end">
          <TextInput label={t('mail.testTo')} placeholder={view?.fromAddress} value={testTo} onChange={(e) => setTestTo(e.currentTarget.value)} w={320} data-testid="test-mail-to" />
          <Button variant="default" onClick={() => void sendTest()} loading={testing} data-testid="send-test-mail">
            {t('mail.test')}
          </Button>
        </Group>
        {test ? (
          <Alert mt="sm" color={test.delivered ? 'teal' : 'red'} title={test.delivered ? t('mail.testOk') : t('mail.testFailed')} data-testid="test-mail-result">
            {test.to}: {test.delivered ? test.response : testMailText(test.response, i18n.language)}
          </Alert>
        ) : null}
        {testError ? (
          <Alert mt="sm" color="red" data-testid="test-mail-result">
            {testError}
          </Alert>
        ) : null}
      </SettingsSection>
    </Stack>
  );
}
