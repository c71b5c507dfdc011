import { Checkbox, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorProps } from '../../shared/form-errors';
import { OtherErrors, SaveButton, SettingsSection } from './SettingsParts';
import type { InvoicingSettings } from './settings.types';
import { useSectionForm } from './useSectionForm';

type Num = number | string;
interface V {
  defaultCreditDays: Num;
  attachPdf: boolean;
  defaultShipment: string;
  kidScheme: string;
  kidBase: string;
  kidLength: Num;
  creditNotesOwnSeries: boolean;
  firstInvoiceNumber: Num;
  firstCreditNoteNumber: Num;
  firstOfferNumber: Num;
  firstOrderConfirmationNumber: Num;
  firstCustomerNumber: Num;
  offerValidDays: Num;
  backdatingDays: Num;
  ourReference: string;
  bankAutoMatch: boolean;
}

const fromSettings = (s: InvoicingSettings): V => ({ ...s, ourReference: s.ourReference ?? '' });
/** Empty number inputs are sent as null so the service says what it needs (no checks here). */
const num = (n: Num) => (typeof n === 'number' ? n : n.trim() === '' ? null : n);
const toPatch = (v: V) => ({
  defaultCreditDays: num(v.defaultCreditDays),
  attachPdf: v.attachPdf,
  defaultShipment: v.defaultShipment,
  kidScheme: v.kidScheme,
  kidBase: v.kidBase,
  kidLength: num(v.kidLength),
  creditNotesOwnSeries: v.creditNotesOwnSeries,
  firstInvoiceNumber: num(v.firstInvoiceNumber),
  firstCreditNoteNumber: num(v.firstCreditNoteNumber),
  firstOfferNumber: num(v.firstOfferNumber),
  firstOrderConfirmationNumber: num(v.firstOrderConfirmationNumber),
  firstCustomerNumber: num(v.firstCustomerNumber),
  offerValidDays: num(v.offerValidDays),
  backdatingDays: num(v.backdatingDays),
  ourReference: v.ourReference.trim() === '' ? null : v.ourReference,
  bankAutoMatch: v.bankAutoMatch,
});

/** The invoicing section's form over the stored settings (values, the service's field errors, save). */
/** The KID schemes to choose from (Innstillinger → Fakturering and the guide's bank step). */
export const kidSchemeOptions = (t: (key: string) => string) => [
  { value: 'NONE', label: t('settings.invoicing.kidNone') },
  { value: 'MOD10', label: 'MOD10 (Luhn)' },
  { value: 'MOD11', label: 'MOD11' },
];

export function useInvoicingForm() {
  const { t } = useTranslation();
  return useSectionForm('invoicing', fromSettings, toPatch, t('settings.invoicing.saved'));
}
export type InvoicingForm = ReturnType<typeof useInvoicingForm>;
export type InvoicingPart = 'defaults' | 'kid' | 'numbering';

/**
 * The invoicing settings' fields, one set for every screen that edits them: Innstillinger → Fakturering shows every
 * part, the first-day guide's "Fakturavalg" step the defaults and the number series (same fields, checks and texts).
 */
export function InvoicingFields({ f, parts = ['defaults', 'kid', 'numbering'] }: { f: InvoicingForm; parts?: InvoicingPart[] }) {
  const { t } = useTranslation();
  if (!f.values) return null;
  const v = f.values;
  const number = (key: keyof V, label: string, extra: Record<string, unknown> = {}) => (
    <NumberInput
      label={label}
      value={v[key] as Num}
      onChange={(x) => f.set(key, x as never)}
      allowDecimal={false}
      thousandSeparator=""
      data-testid={`field-invoicing.${key}`}
      {...errorProps(f.errors, `invoicing.${key}`)}
      {...extra}
    />
  );
  return (
    <>
      <OtherErrors message={f.message} fields={f.other} testId="invoicing-errors" />
      {parts.includes('defaults') && (
        <SettingsSection title={t('settings.invoicing.defaults')} description={t('settings.invoicing.defaultsHint')}>
          <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
            {number('defaultCreditDays', t('settings.invoicing.defaultCreditDays'))}
            <Select
              label={t('recipients.field.defaultShipment')}
              data={[
                { value: 'EMAIL', label: t('recipients.shipment.EMAIL') },
                { value: 'SNAIL', label: t('recipients.shipment.SNAIL') },
              ]}
              allowDeselect={false}
              value={v.defaultShipment}
              onChange={(x) => f.set('defaultShipment', x ?? 'EMAIL')}
              {...errorProps(f.errors, 'invoicing.defaultShipment')}
            />
            <TextInput
              label={t('settings.invoicing.ourReference')}
              value={v.ourReference}
              onChange={(e) => f.set('ourReference', e.currentTarget.value)}
              {...errorProps(f.errors, 'invoicing.ourReference')}
            />
            {number('offerValidDays', t('settings.invoicing.offerValidDays'))}
            {number('backdatingDays', t('settings.invoicing.backdatingDays'), { description: t('settings.invoicing.backdatingHint') })}
          </SimpleGrid>
          <Checkbox mt="sm" label={t('settings.invoicing.attachPdf')} checked={v.attachPdf} onChange={(e) => f.set('attachPdf', e.currentTarget.checked)} />
        </SettingsSection>
      )}
      {parts.includes('kid') && (
        <SettingsSection title={t('settings.invoicing.kid')} description={t('settings.invoicing.kidHint')}>
          <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
            <Select
              label={t('settings.invoicing.kidScheme')}
              data={kidSchemeOptions(t)}
              allowDeselect={false}
              value={v.kidScheme}
              onChange={(x) => f.set('kidScheme', x ?? 'MOD10')}
              data-testid="field-invoicing.kidScheme"
              {...errorProps(f.errors, 'invoicing.kidScheme')}
            />
            <Select
              label={t('settings.invoicing.kidBase')}
              data={[
                { value: 'INVOICE', label: t('settings.invoicing.kidBaseInvoice') },
                { value: 'CUSTOMER_INVOICE', label: t('settings.invoicing.kidBaseCustomerInvoice') },
              ]}
              allowDeselect={false}
              value={v.kidBase}
              onChange={(x) => f.set('kidBase', x ?? 'INVOICE')}
              {...errorProps(f.errors, 'invoicing.kidBase')}
            />
            {number('kidLength', t('settings.invoicing.kidLength'))}
          </SimpleGrid>
          <Checkbox
            mt="sm"
            label={t('bank.settings.autoMatch')}
            description={t('bank.settings.autoMatchHint')}
            checked={v.bankAutoMatch}
            onChange={(e) => f.set('bankAutoMatch', e.currentTarget.checked)}
            error={f.errors['invoicing.bankAutoMatch']}
            data-testid="field-invoicing.bankAutoMatch"
          />
        </SettingsSection>
      )}
      {parts.includes('numbering') && (
        <SettingsSection title={t('settings.invoicing.numbering')} description={t('settings.invoicing.numberingHint')}>
          <SimpleGrid cols={4} spacing="sm" verticalSpacing="xs">
            {number('firstInvoiceNumber', t('settings.invoicing.firstInvoiceNumber'))}
            {number('firstCreditNoteNumber', t('settings.invoicing.firstCreditNoteNumber'))}
            {number('firstOfferNumber', t('settings.invoicing.firstOfferNumber'))}
            {number('firstOrderConfirmationNumber', t('settings.invoicing.firstOrderConfirmationNumber'))}
            {number('firstCustomerNumber', t('settings.invoicing.firstCustomerNumber'))}
          </SimpleGrid>
          <Checkbox
            mt="sm"
            label={t('settings.invoicing.creditNotesOwnSeries')}
            checked={v.creditNotesOwnSeries}
            onChange={(e) => f.set('creditNotesOwnSeries', e.currentTarget.checked)}
            error={f.errors['invoicing.creditNotesOwnSeries']}
            data-testid="field-invoicing.creditNotesOwnSeries"
          />
        </SettingsSection>
      )}
    </>
  );
}

/** Fakturering: defaults for new invoices, KID, number series. */
export function InvoicingTab() {
  const f = useInvoicingForm();
  if (!f.values) return null;
  return (
    <Stack gap="md" maw={1000}>
      <InvoicingFields f={f} />
      <SaveButton onClick={() => void f.save()} loading={f.saving} testId="invoicing-save" />
    </Stack>
  );
}
