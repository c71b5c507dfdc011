import { Alert, Button, Checkbox, FileInput, Group, Image, NumberInput, Paper, PasswordInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { fieldErrors, notifyError, notifyOk } from '../../shared/errors';
import { errorProps } from '../../shared/form-errors';
import { formatAccount, formatOrgNumber } from '../../shared/money';
import { checkNumber, zipLookup } from '../../shared/norwegian-fields';
import { orgFormOptions } from '../recipients/recipient.types';
import type { SendingView } from '../sending/sending.types';
import { SmsGatewayFields } from '../sending/SmsGatewayFields';
import { InvoicingFields, kidSchemeOptions, useInvoicingForm } from '../settings/InvoicingTab';
import { useSettings } from '../settings/settings.store';
import { useFirstDay } from './first-day.store';
import type { Settings } from '../settings/settings.types';

export interface StepProps {
  /** Saved: on to the next open step (`confirm`: a step with nothing required counts as done). */
  next(confirm?: boolean): Promise<void>;
  skip(): Promise<void>;
  back?: () => void;
}

/** One step's form over the stored settings: values, the service's field errors beside the inputs, save then next. */
function useStep<V>(init: (s: Settings) => V) {
  const settings = useSettings((s) => s.settings);
  const [values, setValues] = useState<V | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const v = values ?? (settings ? init(settings) : null);
  // Several fields may change in one event (the postcode fills Poststed): each change on top of the last.
  const set = <K extends keyof V>(k: K, x: V[K]) => setValues((prev) => ({ ...((prev ?? (settings ? init(settings) : {})) as V), [k]: x }));
  async function save(patch: Record<string, unknown>): Promise<boolean> {
    setSaving(true);
    try {
      await useSettings.getState().save(patch);
      setErrors({});
      // What the step list shows is derived from the settings (a step with nothing missing is done): read it again, so
      // a save made by a test button (test mail, test SMS) shows there at once, not only after "Lagre og fortsett".
      void useFirstDay.getState().load().catch(() => undefined);
      return true;
    } catch (e) {
      setErrors(fieldErrors(e));
      if (!(e instanceof ApiError) || !e.fields.length) notifyError(e);
      return false;
    } finally {
      setSaving(false);
    }
  }
  return { v, set, errors, setErrors, saving, save };
}

function Buttons({ step, saving, onSave, saveLabel }: { step: StepProps; saving: boolean; onSave: () => void; saveLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md">
      <Group gap="xs">
        {step.back ? (
          <Button variant="subtle" onClick={step.back} data-testid="first-day-back">
            {t('firstDay.back')}
          </Button>
        ) : null}
      </Group>
      <Group gap="xs">
        <Button variant="default" onClick={() => void step.skip()} data-testid="first-day-skip">
          {t('firstDay.skip')}
        </Button>
        <Button onClick={onSave} loading={saving} data-testid="first-day-save">
          {saveLabel ?? t('firstDay.saveNext')}
        </Button>
      </Group>
    </Group>
  );
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

export function CompanyStep(step: StepProps) {
  const { t } = useTranslation();
  const f = useStep((s) => ({
    name: s.company.name ?? '',
    orgNumber: formatOrgNumber(s.company.orgNumber),
    orgForm: s.company.orgForm as string | null,
    vatRegistered: s.company.vatRegistered,
    address1: s.company.address1 ?? '',
    zip: s.company.zip ?? '',
    city: s.company.city ?? '',
    country: s.company.country,
  }));
  if (!f.v) return null;
  const v = f.v;
  const field = (k: 'name' | 'orgNumber' | 'address1' | 'zip' | 'city', label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} value={v[k]} onChange={(e) => f.set(k, e.currentTarget.value)} data-testid={`guide-company.${k}`} {...errorProps(f.errors, `company.${k}`)} {...extra} />
  );
  const save = async () => {
    const ok = await f.save({
      company: { name: v.name.trim(), orgNumber: orNull(v.orgNumber), orgForm: v.orgForm || null, vatRegistered: v.vatRegistered, address1: orNull(v.address1), zip: v.zip.trim(), city: v.city.trim() },
    });
    if (ok) await step.next();
  };
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {field('name', t('settings.company.name'), { withAsterisk: true })}
        {field('orgNumber', t('settings.company.orgNumber'), {
          withAsterisk: true,
          placeholder: '923 609 016',
          onBlur: () => {
            const r = checkNumber('orgNumber', v.orgNumber);
            if (r.value !== v.orgNumber) f.set('orgNumber', r.value);
            f.setErrors((e) => ({ ...e, 'company.orgNumber': r.error ?? '' }));
          },
        })}
        <Select label={t('settings.company.orgForm')} data={orgFormOptions} searchable clearable value={v.orgForm} onChange={(x) => f.set('orgForm', x)} data-testid="guide-company.orgForm" {...errorProps(f.errors, 'company.orgForm')} />
        {field('address1', t('recipients.field.address1'))}
        {field('zip', t('recipients.field.zip'), {
          onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
            const typed = e.currentTarget.value;
            const place = zipLookup(typed, v.country).place;
            f.set('zip', typed);
            if (place) f.set('city', place);
          },
        })}
        {field('city', t('recipients.field.city'))}
      </SimpleGrid>
      <Checkbox mt="xs" label={t('settings.company.vatRegistered')} description={t('settings.company.vatRegisteredHint')} checked={v.vatRegistered} onChange={(e) => f.set('vatRegistered', e.currentTarget.checked)} data-testid="guide-company.vatRegistered" />
      <Buttons step={step} saving={f.saving} onSave={() => void save()} />
    </>
  );
}

export function BankStep(step: StepProps) {
  const { t } = useTranslation();
  const f = useStep((s) => ({ bankAccount: formatAccount(s.company.bankAccount), kidScheme: s.invoicing.kidScheme as string }));
  if (!f.v) return null;
  const v = f.v;
  const save = async () => {
    if (await f.save({ company: { bankAccount: orNull(v.bankAccount) }, invoicing: { kidScheme: v.kidScheme } })) await step.next();
  };
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label={t('settings.company.bankAccount')}
          withAsterisk
          placeholder="1234 56 78903"
          value={v.bankAccount}
          onChange={(e) => f.set('bankAccount', e.currentTarget.value)}
          onBlur={() => {
            const r = checkNumber('bankAccount', v.bankAccount);
            if (r.value !== v.bankAccount) f.set('bankAccount', r.value);
            f.setErrors((e) => ({ ...e, 'company.bankAccount': r.error ?? '' }));
          }}
          data-testid="guide-company.bankAccount"
          {...errorProps(f.errors, 'company.bankAccount')}
        />
        <Select
          label={`${t('settings.invoicing.kid')}: ${t('settings.invoicing.kidScheme')}`}
          description={t('settings.invoicing.kidHint')}
          data={kidSchemeOptions(t)}
          allowDeselect={false}
          value={v.kidScheme}
          onChange={(x) => f.set('kidScheme', x ?? 'NONE')}
          data-testid="guide-invoicing.kidScheme"
          {...errorProps(f.errors, 'invoicing.kidScheme')}
        />
      </SimpleGrid>
      <Buttons step={step} saving={f.saving} onSave={() => void save()} />
    </>
  );
}

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

export function LogoStep(step: StepProps) {
  const { t } = useTranslation();
  const f = useStep((s) => ({ logo: s.company.logo as string | null }));
  if (!f.v) return null;
  const v = f.v;
  const save = async () => {
    if (await f.save({ company: { logo: v.logo } })) await step.next(true);
  };
  return (
    <>
      <FileInput w={320} accept="image/png,image/jpeg" placeholder={t('settings.company.logoPick')} onChange={async (file) => f.set('logo', file ? await readDataUrl(file) : null)} data-testid="guide-logo-file" {...errorProps(f.errors, 'company.logo')} />
      {v.logo ? (
        <Paper withBorder p="xs" w="fit-content" radius="sm">
          <Image src={v.logo} alt={t('settings.company.logo')} h={80} w="auto" maw={320} fit="contain" data-testid="guide-logo-preview" />
        </Paper>
      ) : (
        <Text size="xs" c="dimmed">
          {t('firstDay.noLogo')}
        </Text>
      )}
      <Buttons step={step} saving={f.saving} onSave={() => void save()} />
    </>
  );
}

/** Fakturavalg: the same fields as Innstillinger → Fakturering (its defaults and number series), saved the same way. */
export function InvoicingStep(step: StepProps) {
  const f = useInvoicingForm();
  if (!f.values) return null;
  const save = async () => {
    if (await f.save()) await step.next(true);
  };
  return (
    <>
      <InvoicingFields f={f} parts={['defaults', 'numbering']} />
      <Buttons step={step} saving={f.saving} onSave={() => void save()} />
    </>
  );
}

export function EmailStep(step: StepProps) {
  const { t } = useTranslation();
  const f = useStep((s) => {
    const m = (s as unknown as { sending: SendingView }).sending;
    return { host: m.smtp.host, port: m.smtp.port as number | string, security: m.smtp.security as string, user: m.smtp.user, password: '', fromAddress: m.fromAddress || s.company.email || '', fromName: m.fromName || s.company.name };
  });
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  if (!f.v) return null;
  const v = f.v;
  const patch = () => {
    const smtp: Record<string, unknown> = { host: v.host.trim(), port: typeof v.port === 'number' ? v.port : undefined, security: v.security, user: v.user.trim() };
    if (v.password) smtp.password = v.password;
    return { sending: { smtp, fromAddress: v.fromAddress.trim(), fromName: v.fromName.trim() } };
  };
  const save = async () => {
    if (await f.save(patch())) {
      notifyOk(t('firstDay.saved'));
      await step.next();
    }
  };
  const sendTest = async () => {
    if (!(await f.save(patch()))) return;
    setTesting(true);
    setTest(null);
    try {
      const r = await call('sending.testEmail', { body: {} });
      setTest({ ok: r.delivered, text: `${t(r.delivered ? 'mail.testOk' : 'mail.testFailed')}: ${r.response}` });
    } catch (e) {
      setTest({ ok: false, text: e instanceof ApiError && e.fields.length ? e.fields.map((x) => x.message).join('; ') : e instanceof Error ? e.message : String(e) });
    } finally {
      setTesting(false);
    }
  };
  const text = (k: 'host' | 'user' | 'fromAddress' | 'fromName', label: string, path: string) => (
    <TextInput label={label} value={v[k]} onChange={(e) => f.set(k, e.currentTarget.value)} data-testid={`guide-${path}`} {...errorProps(f.errors, path)} />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        {text('host', t('mail.host'), 'sending.smtp.host')}
        <NumberInput label={t('mail.port')} value={v.port} onChange={(x) => f.set('port', x)} allowDecimal={false} thousandSeparator="" data-testid="guide-sending.smtp.port" {...errorProps(f.errors, 'sending.smtp.port')} />
        <Select
          label={t('mail.security')}
          data={['NONE', 'STARTTLS', 'TLS'].map((x) => ({ value: x, label: t(`mail.security.${x}`) }))}
          allowDeselect={false}
          value={v.security}
          onChange={(x) => f.set('security', x ?? 'STARTTLS')}
          data-testid="guide-sending.smtp.security"
        />
        {text('user', t('mail.user'), 'sending.smtp.user')}
        <PasswordInput label={t('mail.password')} value={v.password} onChange={(e) => f.set('password', e.currentTarget.value)} data-testid="guide-sending.smtp.password" />
        <div />
        {text('fromAddress', t('mail.fromAddress'), 'sending.fromAddress')}
        {text('fromName', t('mail.fromName'), 'sending.fromName')}
      </SimpleGrid>
      <Group>
        <Button variant="default" size="xs" onClick={() => void sendTest()} loading={testing} data-testid="guide-test-mail">
          {t('firstDay.testMail')}
        </Button>
      </Group>
      {test ? (
        <Alert color={test.ok ? 'teal' : 'red'} data-testid="guide-test-result">
          {test.text}
        </Alert>
      ) : null}
      <Buttons step={step} saving={f.saving} onSave={() => void save()} />
    </>
  );
}

/** SMS: the SMS service's address and a test SMS, the same fields as Innstillinger → E-post (optional: skip it). */
export function SmsStep(step: StepProps) {
  const f = useStep((s) => ({ url: (s as unknown as { sending: SendingView }).sending.smsGatewayUrl }));
  if (!f.v) return null;
  const v = f.v;
  const save = () => f.save({ sending: { smsGatewayUrl: v.url.trim() } });
  return (
    <>
      <SmsGatewayFields url={v.url} onUrl={(x) => f.set('url', x)} error={f.errors['sending.smsGatewayUrl']} saveFirst={save} />
      <Buttons
        step={step}
        saving={f.saving}
        onSave={async () => {
          if (await save()) await step.next();
        }}
      />
    </>
  );
}
