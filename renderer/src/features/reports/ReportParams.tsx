import { Button, Group, NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { DateField } from '../../shared/DateField';
import { todayIso } from '../../shared/money';
import { RecipientSelect } from '../documents/RecipientSelect';
import { PRESETS, presetRange, type Preset } from './presets';
import type { ReportInfo, Values } from './reports-api';

/** The parameters a report takes (spec 4.8), with date presets; `errors` are the service's messages per parameter. */
export function ReportParams({ report, values, onChange, errors }: { report: ReportInfo; values: Values; onChange: (v: Values) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const [labels, setLabels] = useState<{ number: number; name: string }[]>([]);
  const has = (p: string) => (report.params as readonly string[]).includes(p);
  const set = (patch: Values) => onChange({ ...values, ...patch });
  const req = (p: string) => (report.required as readonly string[]).includes(p) || (p === 'number' && report.resource.includes('{number}'));
  const err = (p: string) => errors[p];

  useEffect(() => {
    if (has('labelNumber')) call('labels.list').then(setLabels).catch(() => setLabels([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [report.resource]);

  const applyPreset = (p: Preset) => {
    const r = presetRange(p, todayIso());
    const to = r.to > todayIso() && !has('from') ? todayIso() : r.to;
    set({ ...(has('from') ? { from: r.from } : {}), ...(has('to') ? { to } : {}) });
  };
  const str = (k: string) => (values[k] === undefined || values[k] === null ? '' : String(values[k]));
  const num = (k: string) => (values[k] === undefined || values[k] === null || values[k] === '' ? '' : Number(values[k]));
  const onlyTo = has('to') && !has('from');

  return (
    <div>
      <Text fw={600} mb={6}>
        {t('rep.params')}
      </Text>
      {(has('from') || has('to')) && (
        <Group gap={6} mb="xs" data-testid="date-presets">
          {PRESETS.map((p) => (
            <Button key={p} size="compact-sm" variant="light" onClick={() => applyPreset(p)}>
              {t(`rep.preset.${p}`)}
            </Button>
          ))}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {report.resource.startsWith('recipients/{number}') && (
          <RecipientSelect label={t('rep.param.customer')} withAsterisk value={values.number ? Number(values.number) : null} onChange={(n) => set({ number: n })} error={err('number')} />
        )}
        {report.resource.startsWith('payments/details') && (
          <NumberInput label={t('rep.param.invoice')} withAsterisk min={1} allowDecimal={false} value={num('number')} onChange={(v) => set({ number: v === '' ? null : Number(v) })} error={err('number')} />
        )}
        {has('from') && <DateField label={t('rep.param.from')} withAsterisk={req('from')} value={str('from') || null} onChange={(v) => set({ from: v })} error={err('from')} />}
        {has('to') && <DateField label={t(onlyTo ? 'rep.param.toBalance' : 'rep.param.to')} withAsterisk={req('to')} value={str('to') || null} onChange={(v) => set({ to: v })} error={err('to')} />}
        {has('recipientNumber') && (
          <RecipientSelect label={t('rep.param.recipientNumber')} value={values.recipientNumber ? Number(values.recipientNumber) : null} onChange={(n) => set({ recipientNumber: n })} error={err('recipientNumber')} />
        )}
        {(['invoiceNumber', 'invoiceNumberFrom', 'invoiceNumberTo', 'eventNumber'] as const).filter(has).map((p) => (
          <NumberInput key={p} label={t(`rep.param.${p}`)} min={1} allowDecimal={false} value={num(p)} onChange={(v) => set({ [p]: v === '' ? null : Number(v) })} error={err(p)} />
        ))}
        {has('productCode') && <TextInput label={t('rep.param.productCode')} maxLength={9} value={str('productCode')} onChange={(e) => set({ productCode: e.currentTarget.value })} error={err('productCode')} />}
        {has('paid') && (
          <Select
            label={t('rep.param.paid')}
            data={[{ value: '', label: t('rep.paid.all') }, ...['PAID', 'UNPAID', 'LOST'].map((v) => ({ value: v, label: t(`rep.paid.${v}`) }))]}
            value={str('paid')}
            onChange={(v) => set({ paid: v || null })}
            error={err('paid')}
          />
        )}
        {has('labelNumber') && (
          <Select
            label={t('rep.param.labelNumber')}
            data={[{ value: '', label: t('rep.label.all') }, { value: '-1', label: t('rep.label.none') }, ...labels.map((l) => ({ value: String(l.number), label: l.name }))]}
            value={str('labelNumber')}
            onChange={(v) => set({ labelNumber: v || null })}
            error={err('labelNumber')}
          />
        )}
        {has('year') && (
          <NumberInput label={t('acc.vat.year')} withAsterisk={req('year')} min={2000} max={2100} allowDecimal={false} thousandSeparator="" value={num('year')} onChange={(v) => set({ year: v === '' ? null : Number(v) })} error={err('year')} data-testid="param-year" />
        )}
        {has('term') && (
          <Select
            label={t('acc.vat.term')}
            data={[...[1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: String(n) })), { value: 'year', label: t('acc.vat.termYear') }]}
            value={str('term')}
            onChange={(v) => set({ term: v || null })}
            error={err('term')}
            data-testid="param-term"
          />
        )}
        {has('intervals') && (
          <TextInput label={t('rep.param.intervals')} description={t('rep.param.intervalsHint')} value={str('intervals')} onChange={(e) => set({ intervals: e.currentTarget.value })} error={err('intervals')} />
        )}
      </SimpleGrid>
    </div>
  );
}
