import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, call, formBody, type FieldError } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { CustomFieldInput } from './CustomFieldInput';
import { errorProps, formErrors } from '../../shared/form-errors';
import { useLookups } from '../../shared/lookups.store';
import { orgFormOptions, type Recipient } from './recipient.types';
import { emptyRecipientValues, FORM_PATHS, recipientToValues, valuesToBody, type RecipientFormValues } from './recipientForm.model';
import { useRecipientList } from './recipientList.store';
import { useFormKeys } from '../../shared/use-form-keys';
import { checkNumber, comparableNumbers, withFieldError, zipLookup } from '../../shared/norwegian-fields';
import { useGuardedNavigate, useUnsavedGuard } from '../../shared/unsaved.store';
import { useOneAtATime } from '../../shared/use-one-at-a-time';

/** Creates one recipient: recipients.create answers it as the body (a batch would answer its links instead). */
async function createOne(body: object) {
  const made = (await call('recipients.create', { body: formBody(body) })).body;
  if (Array.isArray(made)) throw new Error('recipients.create answered links for one recipient');
  return made;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="sm">
      <Text fw={600} size="sm" mb="sm" c="gray.7">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** Create (route /recipients/new) and edit (/recipients/:number/edit) a recipient. Errors come from the service. */
export function RecipientFormScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { number } = useParams();
  const editing = number !== undefined;
  const { countries, rates, labels, customFields, load } = useLookups();
  const [values, setValues] = useState<RecipientFormValues | null>(editing ? null : emptyRecipientValues());
  const [original, setOriginal] = useState<Recipient | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [otherErrors, setOtherErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  // What the form held when it opened (or was last saved): changes since then are guarded like the document editor's.
  // (The org number by its digits: writing it back as "923 609 016" when the field is left is no change.)
  const snapshot = (v: RecipientFormValues) => JSON.stringify(comparableNumbers(v, ['orgNumber']));
  const [initial, setInitial] = useState<string | null>(editing ? null : snapshot(emptyRecipientValues()));
  const dirty = values !== null && initial !== null && snapshot(values) !== initial;
  useUnsavedGuard('recipient-form', dirty, () => save());
  const guardedNavigate = useGuardedNavigate();
  // The postcode as it was when the field was last left: a wrong length is pointed out only then, not while typing.
  const [zipLeft, setZipLeft] = useState<string | null>(null);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!editing) return;
    call('recipients.get', { params: { number: Number(number) } })
      .then((r) => {
        setOriginal(r);
        setValues(recipientToValues(r));
        setInitial(snapshot(recipientToValues(r)));
      })
      .catch((e) => notifyError(e));
  }, [editing, number]);

  const close = () => guardedNavigate(editing ? `/recipients/${number}` : '/recipients');

  /**
   * True when saved (the shell's Lagre leaves only then). A save asked for while one is out (Ctrl+S twice before the
   * form re-rendered, Lagre in the shell's question) is that same save: the `saving` state alone let both through and
   * a new customer was created twice.
   */
  const save = useOneAtATime(saveNow);

  async function saveNow(): Promise<boolean> {
    if (!values) return false;
    setSaving(true);
    const { body, customOrder } = valuesToBody(values, customFields);
    try {
      const saved = editing ? await call('recipients.update', { params: { number: Number(number) }, body: formBody(body) }) : await createOne(body);
      setErrors({});
      setOtherErrors([]);
      notifyOk(editing ? t('recipients.form.updated', { name: saved.name }) : t('recipients.form.created', { name: saved.name }));
      useRecipientList.getState().reload();
      void useLookups.getState().refreshLabels();
      setInitial(snapshot(values));
      navigate(`/recipients/${saved.number}`);
      return true;
    } catch (e) {
      const alias = (path: string) => {
        const m = /^customFields\[(\d+)\]/.exec(path);
        if (m) return `custom:${customOrder[Number(m[1])]}`;
        if (/^labels\[\d+\]/.test(path)) return 'labels';
        if (path.startsWith('capabilities')) return 'capabilities';
        return null;
      };
      const { byPath, other } = formErrors(e, FORM_PATHS, alias);
      setErrors(byPath);
      setOtherErrors(other);
      if (e instanceof ApiError && (e.status === 400 || e.status === 409)) {
        if (!Object.keys(byPath).length && !other.length) notifyError(e, t('recipients.form.notSaved'));
      } else notifyError(e, t('recipients.form.notSaved'));
      return false;
    } finally {
      setSaving(false);
    }
  }

  useFormKeys({ onSave: () => void save(), onClose: close });

  if (!values) return <Loader m="xl" />;
  const set = <K extends keyof RecipientFormValues>(key: K, v: RecipientFormValues[K]) => setValues((s) => (s ? { ...s, [key]: v } : s));
  const text = (key: keyof RecipientFormValues, path: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={values[key] as string}
      onChange={(e) => set(key, e.currentTarget.value as never)}
      data-testid={`field-${path}`}
      {...errorProps(errors, path)}
      {...extra}
    />
  );
  // The organisation number is checked when the field is left (the service's rule and words, shared with Settings →
  // Firma: shared/norwegian-fields.ts) and written back as "923 609 016" when right; the service still checks on save.
  const checkOrgNumber = () => {
    const r = checkNumber('orgNumber', values.orgNumber);
    if (r.value !== values.orgNumber) set('orgNumber', r.value);
    setErrors((errs) => withFieldError(errs, 'organisation.number', r.error));
  };
  const unknownZip = zipLookup(values.zip, values.country, zipLeft === values.zip).unknown;
  const yesNoDefault = [
    { value: 'default', label: t('recipients.form.useCompanyDefault') },
    { value: 'yes', label: t('common.yes') },
    { value: 'no', label: t('common.no') },
  ];

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between">
        <Title order={2}>{editing ? t('recipients.form.editTitle', { name: original?.name ?? '' }) : t('recipients.form.newTitle')}</Title>
        <Text size="xs" c="dimmed">
          {t('recipients.form.keys')}
        </Text>
      </Group>
      {otherErrors.length > 0 && (
        <Alert color="red" title={t('recipients.form.notSaved')} data-testid="form-other-errors">
          {otherErrors.map((f) => (
            <div key={f.field + f.message}>
              <strong>{f.field}</strong>: {f.message}
            </div>
          ))}
        </Alert>
      )}
      <Section title={t('recipients.section.customer')}>
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
          {text('name', 'name', t('recipients.field.name'), { withAsterisk: true, 'data-autofocus': true, autoFocus: true })}
          {text('customerNumber', 'customerNumber', t('recipients.field.customerNumber'))}
          <Select
            label={t('recipients.field.orgForm')}
            data={orgFormOptions}
            searchable
            clearable
            value={values.orgForm}
            onChange={(v) => set('orgForm', v)}
            data-testid="field-organisation.form"
            {...errorProps(errors, 'organisation.form')}
          />
          {text('orgNumber', 'organisation.number', t('recipients.field.orgNumber'), { onBlur: checkOrgNumber })}
          {text('icd', 'organisation.icd', t('recipients.field.icd'), { placeholder: t('recipients.field.icdHint') })}
        </SimpleGrid>
      </Section>
      <Section title={t('recipients.section.address')}>
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
          {text('address1', 'contact.address.address1', t('recipients.field.address1'))}
          {text('address2', 'contact.address.address2', t('recipients.field.address2'))}
          <div />
          {text('zip', 'contact.address.zip', t('recipients.field.zip'), {
            withAsterisk: true,
            // Norway: Poststed from the postcode register shipped with the app; an unknown postcode is flagged.
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
              const zip = e.currentTarget.value;
              set('zip', zip);
              const place = zipLookup(zip, values.country).place;
              if (place) set('city', place);
            },
            onBlur: () => setZipLeft(values.zip),
            description: unknownZip ? <Text span size="xs" c="orange.8" data-testid="zip-unknown">{t('recipients.form.unknownZip')}</Text> : undefined,
          })}
          {text('city', 'contact.address.city', t('recipients.field.city'), { withAsterisk: true })}
          <Select
            label={t('recipients.field.country')}
            data={countries.map((c) => c.name)}
            searchable
            value={values.country}
            onChange={(v) => set('country', v)}
            limit={300}
            data-testid="field-contact.address.country"
            {...errorProps(errors, 'contact.address.country')}
          />
        </SimpleGrid>
      </Section>
      <Section title={t('recipients.section.contact')}>
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
          {text('email', 'contact.email', t('recipients.field.email'))}
          {text('phone', 'contact.phone', t('recipients.field.phone'))}
          {text('mobile', 'contact.mobile', t('recipients.field.mobile'))}
          {text('fax', 'contact.fax', t('recipients.field.fax'))}
          {text('web', 'contact.web', t('recipients.field.web'))}
          {text('yourReference', 'yourReference', t('recipients.field.yourReference'))}
        </SimpleGrid>
      </Section>
      <Section title={t('recipients.section.settings')}>
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
          <NumberInput
            label={t('recipients.field.discount')}
            decimalSeparator=","
            suffix=" %"
            value={values.discount}
            onChange={(v) => set('discount', v)}
            data-testid="field-settings.discount"
            {...errorProps(errors, 'settings.discount')}
          />
          <NumberInput
            label={t('recipients.field.creditDays')}
            placeholder={t('recipients.field.creditDaysHint')}
            value={values.creditDays}
            onChange={(v) => set('creditDays', v)}
            data-testid="field-settings.creditDays"
            {...errorProps(errors, 'settings.creditDays')}
          />
          <Select
            label={t('recipients.field.currency')}
            placeholder={t('recipients.field.currencyHint')}
            data={rates.map((r) => r.currency)}
            clearable
            searchable
            value={values.currency}
            onChange={(v) => set('currency', v)}
            data-testid="field-settings.currency"
            {...errorProps(errors, 'settings.currency')}
          />
          <Select
            label={t('recipients.field.attachPdf')}
            data={yesNoDefault}
            allowDeselect={false}
            value={values.attachPdf}
            onChange={(v) => set('attachPdf', (v ?? 'default') as RecipientFormValues['attachPdf'])}
            {...errorProps(errors, 'settings.attachPdf')}
          />
          <Select
            label={t('recipients.field.defaultShipment')}
            data={[
              { value: 'default', label: t('recipients.form.useCompanyDefault') },
              { value: 'EMAIL', label: t('recipients.shipment.EMAIL') },
              { value: 'SNAIL', label: t('recipients.shipment.SNAIL') },
            ]}
            allowDeselect={false}
            value={values.defaultShipment}
            onChange={(v) => set('defaultShipment', (v ?? 'default') as RecipientFormValues['defaultShipment'])}
            {...errorProps(errors, 'settings.defaultShipment')}
          />
          <Checkbox
            mt="xl"
            label={t('recipients.field.autoDunnings')}
            checked={values.autoDunningsEnabled}
            onChange={(e) => set('autoDunningsEnabled', e.currentTarget.checked)}
            error={errors['settings.autoDunningsEnabled']}
          />
        </SimpleGrid>
      </Section>
      <Section title={t('recipients.section.receiving')}>
        <Group gap="xl">
          <Checkbox label={t('recipients.capability.ehf')} checked={values.ehf} onChange={(e) => set('ehf', e.currentTarget.checked)} />
          <Checkbox label={t('recipients.capability.eFaktura')} checked={values.eFaktura} onChange={(e) => set('eFaktura', e.currentTarget.checked)} />
          <Checkbox
            label={t('recipients.capability.avtaleGiro')}
            checked={values.avtaleGiro}
            onChange={(e) => set('avtaleGiro', e.currentTarget.checked)}
          />
        </Group>
        {errors.capabilities && (
          <Text c="red" size="xs" mt={4}>
            {errors.capabilities}
          </Text>
        )}
      </Section>
      <Section title={t('recipients.section.labelsAndFields')}>
        <Stack gap="xs">
          <MultiSelect
            label={t('recipients.field.labels')}
            placeholder={labels.length ? undefined : t('recipients.form.noLabels')}
            data={labels.map((l) => ({ value: String(l.number), label: l.name }))}
            value={values.labels}
            onChange={(v) => set('labels', v)}
            searchable
            data-testid="field-labels"
            {...errorProps(errors, 'labels')}
          />
          {customFields.length > 0 ? (
            <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
              {customFields.map((def) => (
                <CustomFieldInput
                  key={def.number}
                  def={def}
                  value={values.custom[def.number]}
                  onChange={(v) => set('custom', { ...values.custom, [def.number]: v })}
                  error={errors[`custom:${def.number}`]}
                />
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              {t('recipients.form.noCustomFields')}
            </Text>
          )}
          {errors.customFields && (
            <Text c="red" size="xs" data-testid="error-customFields">
              {errors.customFields}
            </Text>
          )}
        </Stack>
      </Section>
      <Section title={t('recipients.field.comment')}>
        <Textarea
          aria-label={t('recipients.field.comment')}
          autosize
          minRows={2}
          value={values.comment}
          onChange={(e) => set('comment', e.currentTarget.value)}
          {...errorProps(errors, 'comment')}
        />
      </Section>
      <Paper
        withBorder
        p="sm"
        style={{ position: 'sticky', bottom: 8, zIndex: 10 }}
        shadow="sm"
      >
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-testid="form-cancel">
            {t('common.cancel')} <Text span size="xs" c="dimmed" ml={6}>Esc</Text>
          </Button>
          <Button onClick={() => void save()} loading={saving} data-testid="form-save">
            {t('common.save')} <Text span size="xs" c="teal.1" ml={6}>Ctrl+S</Text>
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
