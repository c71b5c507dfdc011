import { Button, Checkbox, FileInput, Group, Image, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccount, formatOrgNumber, formatPhone } from '../../shared/money';
import { errorProps } from '../../shared/form-errors';
import { checkNumber, formatIban, zipLookup, type NorwegianNumber } from '../../shared/norwegian-fields';
import { useLookups } from '../../shared/lookups.store';
import { orgFormOptions } from '../recipients/recipient.types';
import { OtherErrors, SaveButton, SettingsSection } from './SettingsParts';
import type { CompanySettings } from './settings.types';
import { useSectionForm } from './useSectionForm';

type V = { [K in keyof CompanySettings]: CompanySettings[K] extends boolean ? boolean : K extends 'orgForm' | 'logo' ? string | null : string };

// Numbers shown as people write them (one formatter each, documents/money.ts); the service stores the digits.
const fromSettings = (c: CompanySettings): V => ({
  name: c.name,
  orgNumber: formatOrgNumber(c.orgNumber),
  orgForm: c.orgForm,
  vatRegistered: c.vatRegistered,
  address1: c.address1 ?? '',
  address2: c.address2 ?? '',
  zip: c.zip,
  city: c.city,
  country: c.country,
  email: c.email ?? '',
  phone: formatPhone(c.phone),
  mobile: formatPhone(c.mobile),
  web: c.web ?? '',
  bankAccount: formatAccount(c.bankAccount),
  iban: formatIban(c.iban),
  bic: c.bic ?? '',
  logo: c.logo,
});

const orNull = (s: string) => (s.trim() === '' ? null : s);
const toPatch = (v: V) => ({
  name: v.name,
  orgNumber: orNull(v.orgNumber),
  orgForm: v.orgForm || null,
  vatRegistered: v.vatRegistered,
  address1: orNull(v.address1),
  address2: orNull(v.address2),
  zip: v.zip,
  city: v.city,
  country: v.country,
  email: orNull(v.email),
  phone: orNull(v.phone),
  mobile: orNull(v.mobile),
  web: orNull(v.web),
  bankAccount: orNull(v.bankAccount),
  iban: orNull(v.iban),
  bic: orNull(v.bic),
  logo: v.logo,
});

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/** Firma: the originator's company details, bank account and logo. */
export function CompanyTab() {
  const { t } = useTranslation();
  const countries = useLookups((s) => s.countries);
  const loadLookups = useLookups((s) => s.load);
  useEffect(() => {
    void loadLookups();
  }, [loadLookups]);
  const f = useSectionForm('company', fromSettings, toPatch, t('settings.company.saved'));
  // The postcode as it was when the field was last left: a wrong length is pointed out only then, not while typing.
  const [zipLeft, setZipLeft] = useState<string | null>(null);
  if (!f.values) return null;
  const v = f.values;
  // The organisation number, the account and the IBAN are checked when left, as on the customer form (the service's rule and words).
  const checked = (key: NorwegianNumber) => ({
    onBlur: () => {
      const r = checkNumber(key, v[key]);
      if (r.value !== v[key]) f.set(key, r.value);
      f.setFieldError(`company.${key}`, r.error);
    },
  });
  const zip = zipLookup(v.zip, v.country, zipLeft === v.zip);
  const text = (key: keyof V, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={(v[key] as string) ?? ''}
      onChange={(e) => f.set(key, e.currentTarget.value as never)}
      data-testid={`field-company.${key}`}
      {...errorProps(f.errors, `company.${key}`)}
      {...extra}
    />
  );

  return (
    <Stack gap="md" maw={1000}>
      <OtherErrors message={f.message} fields={f.other} />
      <SettingsSection title={t('settings.company.identity')}>
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
          {text('name', t('settings.company.name'))}
          {text('orgNumber', t('settings.company.orgNumber'), { ...checked('orgNumber'), placeholder: '923 609 016' })}
          <Select
            label={t('settings.company.orgForm')}
            data={orgFormOptions}
            searchable
            clearable
            value={v.orgForm}
            onChange={(x) => f.set('orgForm', x)}
            {...errorProps(f.errors, 'company.orgForm')}
          />
        </SimpleGrid>
        <Checkbox
          mt="sm"
          label={t('settings.company.vatRegistered')}
          description={t('settings.company.vatRegisteredHint')}
          checked={v.vatRegistered}
          onChange={(e) => f.set('vatRegistered', e.currentTarget.checked)}
          data-testid="field-company.vatRegistered"
        />
      </SettingsSection>
      <SettingsSection title={t('settings.company.address')}>
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
          {text('address1', t('recipients.field.address1'))}
          {text('address2', t('recipients.field.address2'))}
          <div />
          {text('zip', t('recipients.field.zip'), {
            // Norway: Poststed from the postcode register shipped with the app, as on the customer form.
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
              const typed = e.currentTarget.value;
              f.set('zip', typed);
              const place = zipLookup(typed, v.country).place;
              if (place) f.set('city', place);
            },
            onBlur: () => setZipLeft(v.zip),
            description: zip.unknown ? (
              <Text span size="xs" c="orange.8" data-testid="zip-unknown">
                {t('recipients.form.unknownZip')}
              </Text>
            ) : undefined,
          })}
          {text('city', t('recipients.field.city'))}
          <Select
            label={t('recipients.field.country')}
            data={countries.map((c) => c.name)}
            searchable
            limit={300}
            value={v.country}
            onChange={(x) => f.set('country', x ?? '')}
            {...errorProps(f.errors, 'company.country')}
          />
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title={t('settings.company.contact')}>
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
          {text('email', t('recipients.field.email'))}
          {text('phone', t('recipients.field.phone'))}
          {text('mobile', t('recipients.field.mobile'))}
          {text('web', t('recipients.field.web'))}
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title={t('settings.company.bank')}>
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
          {text('bankAccount', t('settings.company.bankAccount'), { ...checked('bankAccount'), placeholder: '1234 56 78903' })}
          {text('iban', 'IBAN', checked('iban'))}
          {text('bic', 'BIC (SWIFT)')}
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title={t('settings.company.logo')} description={t('settings.company.logoHint')}>
        <Group align="flex-end" gap="md">
          <FileInput
            w={320}
            accept="image/png,image/jpeg"
            placeholder={t('settings.company.logoPick')}
            onChange={async (file) => f.set('logo', file ? await readDataUrl(file) : null)}
            data-testid="company-logo-file"
            {...errorProps(f.errors, 'company.logo')}
          />
          {v.logo && (
            <Button variant="subtle" color="red" onClick={() => f.set('logo', null)}>
              {t('settings.company.logoRemove')}
            </Button>
          )}
        </Group>
        {v.logo ? (
          <Paper withBorder p="xs" mt="sm" w="fit-content" radius="sm">
            <Image src={v.logo} alt={t('settings.company.logo')} h={80} w="auto" maw={320} fit="contain" data-testid="company-logo-preview" />
          </Paper>
        ) : (
          <Text size="xs" c="dimmed" mt="xs">
            {t('settings.company.noLogo')}
          </Text>
        )}
      </SettingsSection>
      <SaveButton onClick={() => void f.save()} loading={f.saving} testId="company-save" />
    </Stack>
  );
}
