import { Button, Group, NumberInput, Table } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call, formBody } from '../../api/client';
import { fieldErrors, notifyError, notifyOk } from '../../shared/errors';
import { DateField } from '../../shared/DateField';
import { formatDate, formatMoney } from '../../shared/money';
import { errorProps } from '../../shared/form-errors';
import { RowActions, SettingsSection, SettingsTable } from '../settings/SettingsParts';
import { DUN_OPS, type InterestRate } from './dunning.types';

/** The dated late-interest rates: add the next half-year's, change or remove one (issued dunnings keep theirs). */
export function InterestRatesSection() {
  const { t } = useTranslation();
  const [rates, setRates] = useState<InterestRate[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [rate, setRate] = useState<number | string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = useCallback(async () => setRates(await call(DUN_OPS.rates)), []);
  useEffect(() => {
    refresh().catch(notifyError);
  }, [refresh]);

  async function save() {
    const body = { from, rate: rate === '' ? null : rate };
    try {
      if (editing) await call(DUN_OPS.updateRate, { params: { from: editing }, body: formBody(body) });
      else await call(DUN_OPS.createRate, { body: formBody(body) });
      notifyOk(t('dun.settings.rateSaved'));
      setEditing(null);
      setFrom(null);
      setRate('');
      setErrors({});
      await refresh();
    } catch (e) {
      setErrors(fieldErrors(e));
      if (!(e instanceof ApiError) || !e.fields.length) notifyError(e);
    }
  }
  async function remove(r: InterestRate) {
    try {
      await call(DUN_OPS.deleteRate, { params: { from: r.from } });
      notifyOk(t('dun.settings.rateDeleted'));
      await refresh();
    } catch (e) {
      notifyError(e);
    }
  }
  return (
    <SettingsSection title={t('dun.settings.rates')} description={t('dun.settings.ratesHint')}>
      <SettingsTable
        rows={rates}
        rowKey={(r) => r.from}
        empty="–"
        testId="interest-rates"
        head={
          <>
            <Table.Th>{t('dun.settings.from')}</Table.Th>
            <Table.Th ta="right">{t('dun.settings.rate')}</Table.Th>
            <Table.Th />
          </>
        }
        cells={(r) => (
          <>
            <Table.Td>{formatDate(r.from)}</Table.Td>
            <Table.Td ta="right">{formatMoney(r.rate)} %</Table.Td>
            <RowActions onDelete={() => void remove(r)}>
              <Button size="compact-sm" variant="subtle" onClick={() => (setEditing(r.from), setFrom(r.from), setRate(r.rate))}>
                {t('dun.settings.edit')}
              </Button>
            </RowActions>
          </>
        )}
      />
      <Group align="flex-start" gap="sm" mt="sm">
        <DateField label={t('dun.settings.from')} w={160} value={from} onChange={setFrom} data-testid="rate-from" {...errorProps(errors, 'from')} />
        <NumberInput label={t('dun.settings.rate')} decimalSeparator="," w={140} value={rate} onChange={setRate} data-testid="rate-percent" {...errorProps(errors, 'rate')} />
        <Button mt={25} onClick={() => void save()} data-testid="rate-add">
          {editing ? t('common.save') : t('dun.settings.addRate')}
        </Button>
      </Group>
    </SettingsSection>
  );
}
