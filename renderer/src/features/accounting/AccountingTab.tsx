import { Select, SimpleGrid, Stack, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorProps } from '../../shared/form-errors';
import { OtherErrors, SaveButton, SettingsSection } from '../settings/SettingsParts';
import type { Settings } from '../settings/settings.types';
import { useSectionForm } from '../settings/useSectionForm';

type A = Settings['accounting'];
type Kind = keyof A['accounts'];
interface V {
  contactFirstName: string;
  contactLastName: string;
  contactPhone: string;
  contactEmail: string;
  vatTerm: A['vatTerm'];
  accounts: A['accounts'];
}

const fromSettings = (s: A): V => ({
  contactFirstName: s.contactFirstName ?? '',
  contactLastName: s.contactLastName ?? '',
  contactPhone: s.contactPhone ?? '',
  contactEmail: s.contactEmail ?? '',
  vatTerm: s.vatTerm,
  accounts: s.accounts,
});
const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
const toPatch = (v: V) => ({
  contactFirstName: orNull(v.contactFirstName),
  contactLastName: orNull(v.contactLastName),
  contactPhone: orNull(v.contactPhone),
  contactEmail: orNull(v.contactEmail),
  vatTerm: v.vatTerm,
  accounts: v.accounts,
});

/** Innstillinger → Regnskap: the account of each kind of entry with its SAF-T grouping, the SAF-T contact, the VAT term. */
export function AccountingTab() {
  const { t } = useTranslation();
  const f = useSectionForm('accounting', fromSettings, toPatch, t('acc.saved'));
  if (!f.values) return null;
  const v = f.values;
  const kinds = Object.keys(v.accounts) as Kind[];
  const setAccount = (kind: Kind, key: 'account' | 'groupingCategory' | 'groupingCode', value: string) =>
    f.set('accounts', { ...v.accounts, [kind]: { ...v.accounts[kind], [key]: value } });
  const text = (key: 'contactFirstName' | 'contactLastName' | 'contactPhone' | 'contactEmail', label: string) => (
    <TextInput label={label} value={v[key]} onChange={(e) => f.set(key, e.currentTarget.value)} data-testid={`field-accounting.${key}`} {...errorProps(f.errors, `accounting.${key}`)} />
  );
  return (
    <Stack gap="md" maw={1000} data-testid="accounting-settings">
      <OtherErrors message={f.message} fields={f.other} testId="accounting-errors" />
      <SettingsSection title={t('acc.accounts')} description={t('acc.accountsHint')}>
        <Table striped withTableBorder verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('acc.col.kind')}</Table.Th>
              <Table.Th w={100}>{t('acc.col.account')}</Table.Th>
              <Table.Th>{t('acc.col.category')}</Table.Th>
              <Table.Th w={110}>{t('acc.col.code')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kinds.map((kind) => (
              <Table.Tr key={kind}>
                <Table.Td>{t(`acc.kind.${kind}`)}</Table.Td>
                {(['account', 'groupingCategory', 'groupingCode'] as const).map((key) => (
                  <Table.Td key={key}>
                    <TextInput
                      size="xs"
                      aria-label={`${t(`acc.kind.${kind}`)}: ${t(`acc.col.${key === 'account' ? 'account' : key === 'groupingCategory' ? 'category' : 'code'}`)}`}
                      value={v.accounts[kind][key]}
                      onChange={(e) => setAccount(kind, key, e.currentTarget.value)}
                      data-testid={`field-accounting.accounts.${kind}.${key}`}
                      {...errorProps(f.errors, `accounting.accounts.${kind}.${key}`)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SettingsSection>
      <SettingsSection title={t('acc.contact')} description={t('acc.contactHint')}>
        <SimpleGrid cols={4} spacing="sm">
          {text('contactFirstName', t('acc.firstName'))}
          {text('contactLastName', t('acc.lastName'))}
          {text('contactPhone', t('acc.phone'))}
          {text('contactEmail', t('acc.email'))}
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title={t('acc.vatTerm')} description={t('acc.vatTermHint')}>
        <Select
          w={320}
          data={[
            { value: 'BIMONTHLY', label: t('acc.term.BIMONTHLY') },
            { value: 'ANNUAL', label: t('acc.term.ANNUAL') },
          ]}
          allowDeselect={false}
          value={v.vatTerm}
          onChange={(x) => f.set('vatTerm', (x ?? 'BIMONTHLY') as V['vatTerm'])}
          data-testid="field-accounting.vatTerm"
        />
      </SettingsSection>
      <SaveButton onClick={() => void f.save()} loading={f.saving} testId="accounting-save" />
    </Stack>
  );
}
