import { Alert, Anchor, Badge, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { occurrencesBetween, periodText, type IntervalUnit } from '../../../../main/domain/recurring-schedule';
import { ApiError, call } from '../../api/client';
import { RecipientSelect } from '../documents/RecipientSelect';
import { DateField } from '../../shared/DateField';
import { fieldErrors, notifyError, notifyOk } from '../../shared/errors';
import { computeTotals, formatDate, formatMoney, formatOre, parseDecimal, todayIso } from '../../shared/money';
import { intervalText } from './interval-text';
import type { Series } from './recurring.types';

export interface LineRow {
  productCode: string;
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
}

export const emptyLine = (): LineRow => ({ productCode: '', description: '', quantity: '1', unitPrice: '', taxRate: '25' });

/** The lines as the service takes them (a product code without a price takes the product's). */
export function itemsOf(lines: LineRow[]) {
  return lines.map((l) => ({
    productCode: l.productCode.trim() || null,
    description: l.description.trim() || null,
    quantity: parseDecimal(l.quantity) ?? 0,
    unitPrice: parseDecimal(l.unitPrice),
    taxRate: (l.taxRate === '' ? null : Number(l.taxRate)) as 25 | 15 | 12 | 0 | null,
  }));
}

/** One invoice's total from the typed lines, in øre (NaN while a line has no price of its own). */
export function linesTotalOre(lines: LineRow[]): number {
  const figures = lines.map((l) => ({ quantity: parseDecimal(l.quantity) ?? 0, unitPrice: parseDecimal(l.unitPrice) ?? Number.NaN, discount: 0, taxRate: Number(l.taxRate || 0) }));
  if (figures.some((f) => Number.isNaN(f.unitPrice) || Number.isNaN(f.quantity))) return Number.NaN;
  return computeTotals(figures).totalOre;
}

/** The line editor shared by the series form and the batch dialog. */
export function LinesEditor({ lines, onChange, errors }: { lines: LineRow[]; onChange: (l: LineRow[]) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const set = (i: number, k: keyof LineRow, v: string) => onChange(lines.map((l, j) => (j === i ? { ...l, [k]: v } : l)));
  return (
    <Stack gap={6}>
      {lines.map((l, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput w={90} placeholder={t('rec.productCode')} aria-label={t('rec.productCode')} value={l.productCode} onChange={(e) => set(i, 'productCode', e.currentTarget.value)} error={errors[`items[${i}].productCode`]} />
          <TextInput style={{ flex: 1 }} placeholder={t('rec.description')} aria-label={t('rec.description')} value={l.description} onChange={(e) => set(i, 'description', e.currentTarget.value)} error={errors[`items[${i}].description`]} data-testid={`line-${i}-description`} />
          <TextInput w={80} placeholder={t('rec.quantity')} aria-label={t('rec.quantity')} value={l.quantity} onChange={(e) => set(i, 'quantity', e.currentTarget.value)} error={errors[`items[${i}].quantity`]} />
          <TextInput w={120} placeholder={t('rec.unitPrice')} aria-label={t('rec.unitPrice')} value={l.unitPrice} onChange={(e) => set(i, 'unitPrice', e.currentTarget.value)} error={errors[`items[${i}].unitPrice`]} data-testid={`line-${i}-price`} />
          <Select w={80} aria-label={t('rec.taxRate')} data={['25', '15', '12', '0']} value={l.taxRate} onChange={(v) => set(i, 'taxRate', v ?? '25')} allowDeselect={false} />
          <Button variant="subtle" color="red" px={8} aria-label={t('rec.removeLine')} disabled={lines.length === 1} onClick={() => onChange(lines.filter((_, j) => j !== i))}>
            ✕
          </Button>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" onClick={() => onChange([...lines, emptyLine()])}>
          {t('rec.addLine')}
        </Button>
        {errors.items && <Text size="sm" c="red">{errors.items}</Text>}
      </Group>
    </Stack>
  );
}

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const addMonths = (iso: string, months: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

/** Faste fakturaer → one series: the form (like the invoice editor, plus the interval), the 12-month preview, its invoices. */
export function RecurringForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { number: param } = useParams();
  const isNew = param === 'new';
  const [series, setSeries] = useState<Series | null>(null);
  const [recipient, setRecipient] = useState<number | null>(null);
  const [lines, setLines] = useState<LineRow[]>([emptyLine()]);
  const [unit, setUnit] = useState<IntervalUnit>('MONTH');
  const [every, setEvery] = useState<number>(1);
  const [startDate, setStartDate] = useState<string | null>(todayIso());
  const [endDate, setEndDate] = useState<string | null>(null);
  const [count, setCount] = useState<number | ''>('');
  const [dueInDays, setDueInDays] = useState<number | ''>('');
  const [invoiceText, setInvoiceText] = useState('');
  const [preferred, setPreferred] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const load = async (n: number) => {
    const s = await call('recurring.get', { params: { number: n } });
    setSeries(s);
    setRecipient(s.recipientNumber);
    setLines(
      (s.items as Array<Record<string, unknown>>).map((i) => ({
        productCode: String(i.productCode ?? ''),
        description: String(i.description ?? ''),
        quantity: String(i.quantity ?? 1).replace('.', ','),
        unitPrice: i.unitPrice === null || i.unitPrice === undefined ? '' : String(i.unitPrice).replace('.', ','),
        taxRate: i.taxRate === null || i.taxRate === undefined ? '25' : String(i.taxRate),
      })),
    );
    setUnit(s.interval.unit);
    setEvery(s.interval.every);
    setStartDate(s.startDate);
    setEndDate(s.endDate);
    setCount(s.count ?? '');
    setDueInDays(s.dueInDays ?? '');
    setInvoiceText(s.invoiceText ?? '');
    setPreferred(!!s.shipment);
  };
  useEffect(() => {
    if (!isNew && param) void load(Number(param)).catch(notifyError);
  }, [param]); // eslint-disable-line react-hooks/exhaustive-deps

  const perInvoice = linesTotalOre(lines);
  const preview = useMemo(() => {
    if (!startDate || !every) return [];
    const today = todayIso();
    const s = { unit, every, startDate, endDate, count: count === '' ? null : count };
    // A saved series from its next occurrence (one waiting for confirmation may be in the past), a new one from today.
    const from = series ? series.nextDate : today;
    if (!from || series?.status === 'ended') return [];
    return occurrencesBetween(s, from < today ? from : today, addDays(addMonths(today, 12), -1)).filter((o) => o.date >= from).map((o) => ({ ...o, period: periodText(s, o.index, i18n.language === 'en' ? 'en' : 'nb') }));
  }, [unit, every, startDate, endDate, count, series, i18n.language]);
  const total = Number.isNaN(perInvoice) ? (series?.total ?? 0) * 100 : perInvoice;

  const save = async () => {
    setBusy(true);
    setErrors({});
    const body = {
      recipientNumber: recipient ?? 0,
      items: itemsOf(lines),
      interval: { unit, every },
      startDate: startDate ?? '',
      endDate: endDate || null,
      count: count === '' ? null : count,
      dueInDays: dueInDays === '' ? null : dueInDays,
      invoiceText: invoiceText.trim() || null,
      shipment: preferred ? { preferred: true } : null,
    };
    try {
      if (isNew) {
        const created = await call('recurring.create', { body });
        notifyOk(t('rec.saved'));
        navigate(`/recurring/${created.body.number}`, { replace: true });
      } else {
        const s = await call('recurring.update', { params: { number: Number(param) }, body });
        setSeries(s);
        notifyOk(t('rec.saved'));
      }
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) setErrors(fieldErrors(err));
      else notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  const act = async (what: 'recurring.pause' | 'recurring.resume' | 'recurring.delete' | 'recurring.confirm') => {
    try {
      if (what === 'recurring.delete') {
        if (!window.confirm(t('rec.endConfirm'))) return;
        await call('recurring.delete', { params: { number: Number(param) } });
      } else if (what === 'recurring.confirm') await call('recurring.confirm', { params: { number: Number(param) } });
      else await call(what, { params: { number: Number(param) } });
      await load(Number(param));
    } catch (err) {
      notifyError(err);
    }
  };

  const ended = series?.status === 'ended';
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between">
        <Group gap="sm">
          <Anchor onClick={() => navigate('/recurring')}>← {t('rec.title')}</Anchor>
          <Title order={2}>{isNew ? t('rec.new') : t('rec.edit', { number: param })}</Title>
          {series && <Badge variant="light" data-testid="recurring-status">{t(`rec.status.${series.status}`)}</Badge>}
        </Group>
        {series && !ended && (
          <Group gap="xs">
            {series.status === 'active' || series.status === 'finished' ? (
              <Button variant="default" onClick={() => act('recurring.pause')} data-testid="recurring-pause">{t('rec.pause')}</Button>
            ) : (
              <Button variant="default" onClick={() => act('recurring.resume')} data-testid="recurring-resume">{t('rec.resume')}</Button>
            )}
            <Button variant="default" color="red" onClick={() => act('recurring.delete')}>{t('rec.end')}</Button>
          </Group>
        )}
      </Group>
      {series?.stopped && <Alert color="red" data-testid="recurring-stopped">{t('rec.stopped', { reason: series.stopped.reason })}</Alert>}
      {!!series?.awaitingConfirmation && (
        <Alert color="yellow">
          <Group justify="space-between">
            <Text size="sm">{t('rec.awaiting', { count: series.awaitingConfirmation })}</Text>
            <Button size="xs" onClick={() => act('recurring.confirm')} data-testid="recurring-confirm">{t('rec.confirm')}</Button>
          </Group>
        </Alert>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <RecipientSelect label={t('rec.customer')} withAsterisk value={recipient} initialLabel={series?.recipientName ?? null} onChange={(n) => setRecipient(n)} error={errors.recipientNumber} data-testid="recurring-customer" />
            <Group grow align="flex-start">
              <NumberInput label={t('rec.everyLabel')} min={1} max={24} value={every} onChange={(v) => setEvery(Number(v) || 1)} error={errors['interval.every']} data-testid="recurring-every" />
              <Select label={t('rec.unit')} data={(['WEEK', 'MONTH', 'YEAR'] as const).map((u) => ({ value: u, label: t(`rec.unit.${u}`) }))} value={unit} onChange={(v) => setUnit((v as IntervalUnit) ?? 'MONTH')} allowDeselect={false} error={errors.interval} data-testid="recurring-unit" />
            </Group>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <DateField label={t('rec.startDate')} value={startDate} onChange={setStartDate} error={errors.startDate} />
            <DateField label={t('rec.endDate')} value={endDate} onChange={setEndDate} error={errors.endDate} clearable />
            <NumberInput label={t('rec.count')} min={1} value={count} onChange={(v) => setCount(v === '' ? '' : Number(v))} error={errors.count} />
            <NumberInput label={t('rec.dueInDays')} description={t('rec.dueInDaysHint')} min={0} max={365} value={dueInDays} onChange={(v) => setDueInDays(v === '' ? '' : Number(v))} error={errors.dueInDays} />
          </SimpleGrid>
          <Text fw={600} size="sm">{t('rec.lines')}</Text>
          <LinesEditor lines={lines} onChange={setLines} errors={errors} />
          <Textarea label={t('rec.invoiceText')} autosize minRows={2} value={invoiceText} onChange={(e) => setInvoiceText(e.currentTarget.value)} error={errors.invoiceText} data-testid="recurring-text" />
          <Text size="xs" c="dimmed">{t('rec.periodHint')}</Text>
          <Checkbox label={t('rec.sendPreferred')} checked={preferred} onChange={(e) => setPreferred(e.currentTarget.checked)} />
          {Object.keys(errors).some((k) => !/^(recipientNumber|interval|startDate|endDate|count|dueInDays|invoiceText|items)/.test(k)) && (
            <Alert color="red">{Object.entries(errors).map(([k, v]) => `${k}: ${v}`).join('; ')}</Alert>
          )}
          <Group>
            <Button onClick={save} loading={busy} disabled={ended} data-testid="recurring-save">{t('rec.save')}</Button>
            {series && <Text size="sm" c="dimmed">{intervalText(t, series.interval)}</Text>}
          </Group>
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" data-testid="recurring-preview">
          <Text fw={600} mb="xs">{t('rec.preview')}</Text>
          {preview.length ? (
            <>
              <Table striped>
                <Table.Tbody>
                  {preview.map((o) => (
                    <Table.Tr key={o.index}>
                      <Table.Td>{formatDate(o.date)}</Table.Td>
                      <Table.Td>{o.period}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatOre(total)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text size="sm" mt="xs" fw={600}>{t('rec.previewTotal', { count: preview.length, total: formatOre(total * preview.length) })}</Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">{t('rec.previewEmpty')}</Text>
          )}
        </Paper>
        {series && (
          <Paper withBorder p="md" data-testid="recurring-invoices">
            <Text fw={600} mb="xs">{t('rec.invoices')} ({series.issuedCount})</Text>
            {series.invoices.length ? (
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('rec.invoiceNumber')}</Table.Th>
                    <Table.Th>{t('rec.date')}</Table.Th>
                    <Table.Th>{t('rec.period')}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{t('rec.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {series.invoices.map((i) => (
                    <Table.Tr key={i.index} style={{ cursor: 'pointer' }} onClick={() => navigate(`/invoices/${i.invoiceNumber}`)}>
                      <Table.Td>{i.invoiceNumber}</Table.Td>
                      <Table.Td>{formatDate(i.date)}</Table.Td>
                      <Table.Td>{i.period}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(i.total)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm" c="dimmed">{t('rec.noInvoices')}</Text>
            )}
          </Paper>
        )}
      </SimpleGrid>
    </Stack>
  );
}
