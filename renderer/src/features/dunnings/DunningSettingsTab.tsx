import { Checkbox, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorProps } from '../../shared/form-errors';
import { OtherErrors, SaveButton, SettingsSection } from '../settings/SettingsParts';
import type { Settings } from '../settings/settings.types';
import { useSectionForm } from '../settings/useSectionForm';
import { InterestRatesSection } from './InterestRatesSection';

type V = Settings['dunning'];
const same = (s: V): V => ({ ...s });
/** Empty number inputs go to the service as null so it says what it needs. */
const toPatch = (v: V) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === ('' as unknown) ? null : x]));

/** Innstillinger → Purring: fees, the default deadline, automatic dunning, late-interest rates. */
export function DunningSettingsTab() {
  const { t } = useTranslation();
  const f = useSectionForm('dunning', same, toPatch, t('dun.settings.saved'));
  if (!f.values) return null;
  const v = f.values;
  const number = (key: 'reminderFee' | 'debtCollectionNoticeFee' | 'deadlineDays' | 'autoDaysAfterDue' | 'autoMaxNotices', label: string) => (
    <NumberInput label={label} value={v[key]} onChange={(x) => f.set(key, x as number)} allowDecimal={false} data-testid={`field-dunning.${key}`} {...errorProps(f.errors, `dunning.${key}`)} />
  );
  const check = (key: 'autoEnabled' | 'autoFee' | 'autoInterest', label: string) => (
    <Checkbox label={label} checked={v[key]} onChange={(e) => f.set(key, e.currentTarget.checked)} data-testid={`field-dunning.${key}`} />
  );
  return (
    <Stack gap="md" maw={1000} data-testid="dunning-settings">
      <OtherErrors message={f.message} fields={f.other} testId="dunning-errors" />
      <SettingsSection title={t('dun.settings.fees')} description={t('dun.settings.feesHint')}>
        <SimpleGrid cols={3} spacing="sm">
          {number('reminderFee', t('dun.settings.reminderFee'))}
          {number('debtCollectionNoticeFee', t('dun.settings.noticeFee'))}
          {number('deadlineDays', t('dun.settings.deadlineDays'))}
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title={t('dun.settings.auto')} description={t('dun.settings.autoHint')}>
        <Stack gap="xs">
          {check('autoEnabled', t('dun.settings.autoEnabled'))}
          <SimpleGrid cols={3} spacing="sm">
            {number('autoDaysAfterDue', t('dun.settings.autoDays'))}
            {number('autoMaxNotices', t('dun.settings.autoMax'))}
            <Select
              label={t('dun.settings.autoShipment')}
              data={[
                { value: 'PAPER', label: t('dun.preview.sendPaper') },
                { value: 'EMAIL', label: t('dun.preview.sendEmail') },
                { value: 'NONE', label: t('dun.preview.sendNone') },
              ]}
              allowDeselect={false}
              value={v.autoShipment}
              onChange={(x) => f.set('autoShipment', (x ?? 'PAPER') as V['autoShipment'])}
              data-testid="field-dunning.autoShipment"
            />
          </SimpleGrid>
          {check('autoFee', t('dun.settings.autoFee'))}
          {check('autoInterest', t('dun.settings.autoInterest'))}
        </Stack>
      </SettingsSection>
      <SaveButton onClick={() => void f.save()} loading={f.saving} testId="dunning-save" />
      <InterestRatesSection />
    </Stack>
  );
}
