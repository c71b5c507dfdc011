import { Alert, Button, Checkbox, Group, Modal, NumberInput, Progress, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { DateField } from '../../shared/DateField';
import { fieldErrors, notifyError, notifyOk } from '../../shared/errors';
import { formatNumber } from '../../shared/format';
import { formatOre } from '../../shared/money';
import { onPush } from '../../shared/push';
import { CustomerChecklist, useBatchCustomers } from './BatchCustomers';
import { emptyLine, itemsOf, LinesEditor, linesTotalOre, type LineRow } from './RecurringForm';

/** As many invoices as one batch issues (POST /invoices/batch). */
const MAX_BATCH = 10_000;

/** Massefakturering: choose customers (label, search, select all), one set of lines, a preview, progress while issuing. */
export function BatchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [labels, setLabels] = useState<Array<{ value: string; label: string }>>([]);
  const customers = useBatchCustomers();
  const { chosen, total: matching } = customers;
  const [invoiceDate, setInvoiceDate] = useState<string | null>(null);
  const [lines, setLines] = useState<LineRow[]>([emptyLine()]);
  const [invoiceText, setInvoiceText] = useState('');
  const [dueInDays, setDueInDays] = useState<number | ''>('');
  const [preferred, setPreferred] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  useEffect(() => {
    if (opened) void call('labels.list').then((ls) => setLabels(ls.map((l) => ({ value: String(l.number), label: l.name }))));
  }, [opened]);
  const perInvoice = linesTotalOre(lines);
  const firstNumber = chosen.keys().next().value as number | undefined;
  const first = firstNumber === undefined ? undefined : (customers.nameOf(firstNumber) ?? t('rec.batch.customerNo', { number: firstNumber }));

  const issue = async () => {
    if (!chosen.size) return setErrors({ recipients: t('rec.batch.nothing') });
    const job = `batch-${Date.now()}`;
    setErrors({});
    setProgress({ done: 0, total: chosen.size });
    const off = onPush((e) => {
      if (e.type === 'progress' && e.job === job) setProgress({ done: e.done, total: e.total ?? chosen.size });
    });
    try {
      const { body: r } = await call('invoices.batch', {
        body: {
          recipients: [...chosen.keys()],
          items: itemsOf(lines),
          invoiceDate,
          invoiceText: invoiceText.trim() || null,
          dueInDays: dueInDays === '' ? null : dueInDays,
          shipment: preferred ? { preferred: true } : null,
          job,
        },
      });
      notifyOk(t('rec.batch.done', { count: r.invoiceNumbers.length, first: r.invoiceNumbers[0], last: r.invoiceNumbers.at(-1) }));
      customers.reset();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) {
        const keys = [...chosen.keys()];
        const named: Record<string, string> = {};
        for (const f of err.fields) {
          const m = /^recipients\[(\d+)\]$/.exec(f.field);
          const n = m ? keys[Number(m[1])] : undefined;
          const who = n === undefined ? f.field : (customers.nameOf(n) ?? t('rec.batch.customerNo', { number: n }));
          if (m) named[`recipients`] = `${named.recipients ? named.recipients + '; ' : ''}${who}: ${f.message}`;
        }
        setErrors({ ...fieldErrors(err), ...named });
      } else notifyError(err);
    } finally {
      off();
      setProgress(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('rec.batch.title')} size="xl" data-testid="batch-dialog">
      <Stack gap="sm">
        <Group grow align="flex-end">
          <Select label={t('rec.batch.byLabel')} data={labels} value={customers.label} onChange={customers.setLabel} clearable data-testid="batch-label" />
          <TextInput label={t('rec.batch.search')} description={t('rec.batch.searchHint')} value={customers.q} onChange={(e) => customers.setQ(e.currentTarget.value)} data-testid="batch-search" />
        </Group>
        <Group justify="space-between">
          <Checkbox
            label={matching === null ? t('rec.batch.selectAllPending') : t('rec.batch.selectAll', { count: matching, n: formatNumber(matching) })}
            checked={customers.allChecked}
            disabled={!matching || customers.gathering !== null}
            onChange={(e) => void customers.selectAll(e.currentTarget.checked)}
            data-testid="batch-select-all"
          />
          <Text size="sm" fw={600} data-testid="batch-selected">{t('rec.batch.selected', { count: chosen.size })}</Text>
        </Group>
        <CustomerChecklist customers={customers} />
        {matching !== null && matching > MAX_BATCH && (
          <Text size="xs" c="dimmed" data-testid="batch-more">{t('rec.batch.more', { max: formatNumber(MAX_BATCH), n: formatNumber(matching) })}</Text>
        )}
        {errors.recipients && <Alert color="red" data-testid="batch-errors">{errors.recipients}</Alert>}
        <LinesEditor lines={lines} onChange={setLines} errors={errors} />
        <Group grow align="flex-start">
          <DateField
            label={t('docs.invoiceDate')}
            description={t('rec.batch.dateHint')}
            placeholder={t('rec.batch.today')}
            value={invoiceDate}
            onChange={setInvoiceDate}
            error={errors.invoiceDate}
            data-testid="batch-date"
          />
          <Textarea label={t('rec.invoiceText')} autosize minRows={1} value={invoiceText} onChange={(e) => setInvoiceText(e.currentTarget.value)} error={errors.invoiceText} />
          <NumberInput label={t('rec.dueInDays')} description={t('rec.dueInDaysHint')} min={0} max={365} value={dueInDays} onChange={(v) => setDueInDays(v === '' ? '' : Number(v))} />
        </Group>
        <Checkbox label={t('rec.sendPreferred')} checked={preferred} onChange={(e) => setPreferred(e.currentTarget.checked)} />
        {first && !Number.isNaN(perInvoice) && (
          <Alert color="blue" data-testid="batch-preview">
            <Text size="sm">{t('rec.batch.previewFirst', { name: first, total: formatOre(perInvoice) })}</Text>
            <Text size="sm" fw={600}>{t('rec.batch.total', { count: chosen.size, total: formatOre(perInvoice * chosen.size) })}</Text>
          </Alert>
        )}
        {progress && (
          <Stack gap={4}>
            <Progress value={progress.total ? (100 * progress.done) / progress.total : 0} animated />
            <Text size="xs">{t('rec.batch.progress', progress)}</Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={issue} loading={!!progress} disabled={!chosen.size} data-testid="batch-issue">
            {t('rec.batch.issue', { count: chosen.size })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
