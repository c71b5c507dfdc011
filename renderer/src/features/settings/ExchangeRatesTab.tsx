import { Button, Group, NumberInput, Stack, Table, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useUnsavedGuard } from '../../shared/unsaved.store';
import { useTranslation } from 'react-i18next';
import { ApiError, call, formBody } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { errorProps } from '../../shared/form-errors';
import { formatDate, formatNumber } from '../../shared/format';
import { useLookups } from '../../shared/lookups.store';
import { SettingsSection, SettingsTable } from './SettingsParts';

/** Valutakurser: the latest known rate (NOK per unit) of each currency; enter a new rate for a date. */
export function ExchangeRatesTab() {
  const { t } = useTranslation();
  const rates = useLookups((s) => s.rates);
  const refresh = useLookups((s) => s.refreshRates);
  const [currency, setCurrency] = useState('');
  const [rate, setRate] = useState<number | string>('');
  const [date, setDate] = useState<string | null>(dayjs().format('YYYY-MM-DD'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  // A rate typed but not saved: leaving asks first.
  useUnsavedGuard('settings-rates', currency.trim() !== '' || String(rate).trim() !== '', () => save());

  /** True when saved. */
  async function save(): Promise<boolean> {
    setSaving(true);
    try {
      const body = { currency, rate: typeof rate === 'number' ? rate : rate === '' ? null : rate, date };
      await call('common.setExchangeRate', { body: formBody(body) });
      notifyOk(t('settings.rates.saved', { currency }));
      setErrors({});
      setCurrency('');
      setRate('');
      await refresh();
      return true;
    } catch (e) {
      const mine: Record<string, string> = {};
      if (e instanceof ApiError) for (const f of e.fields) mine[f.field] ??= f.message;
      setErrors(mine);
      if (!(e instanceof ApiError) || !e.fields.length) notifyError(e);
      return false;
    } finally {
      setSaving(false);
    }
  }

  const fmt = (n: number) => formatNumber(n, 4, 6);

  return (
    <Stack gap="md" maw={800}>
      <SettingsSection title={t('settings.rates.title')} description={t('settings.rates.hint')}>
        <SettingsTable
          rows={rates}
          rowKey={(r) => r.currency}
          empty={t('settings.rates.empty')}
          testId="rates-table"
          head={
            <>
              <Table.Th>{t('settings.rates.currency')}</Table.Th>
              <Table.Th ta="right">{t('settings.rates.rate')}</Table.Th>
              <Table.Th ta="right">{t('settings.rates.date')}</Table.Th>
              <Table.Th w={110} />
            </>
          }
          cells={(r) => (
            <>
              <Table.Td fw={500}>{r.currency}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {fmt(r.rate)}
              </Table.Td>
              <Table.Td ta="right">{formatDate(r.date)}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => {
                    setCurrency(r.currency);
                    setRate(r.rate);
                  }}
                >
                  {t('settings.rates.update')}
                </Button>
              </Table.Td>
            </>
          )}
        />
      </SettingsSection>
      <SettingsSection title={t('settings.rates.addTitle')} description={t('settings.rates.addHint')}>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('settings.rates.currency')}
            placeholder="EUR"
            w={110}
            value={currency}
            onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())}
            data-testid="rate-currency"
            {...errorProps(errors, 'currency')}
          />
          <NumberInput
            label={t('settings.rates.rate')}
            decimalSeparator=","
            w={180}
            value={rate}
            onChange={setRate}
            data-testid="rate-value"
            {...errorProps(errors, 'rate')}
          />
          <DateInput label={t('settings.rates.date')} valueFormat="DD.MM.YYYY" w={160} value={date} onChange={setDate} {...errorProps(errors, 'date')} />
          <Button mt={25} onClick={() => void save()} loading={saving} data-testid="rate-save">
            {t('common.save')}
          </Button>
        </Group>
      </SettingsSection>
    </Stack>
  );
}
