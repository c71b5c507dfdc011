import { Alert, Box, Button, Checkbox, Group, Modal, NumberInput, Progress, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { DateField } from '../../shared/DateField';
import { fieldErrors, notifyError, notifyOk } from '../../shared/errors';
import { formatOre } from '../../shared/money';
import { onPush } from '../../shared/push';
import { emptyLine, itemsOf, LinesEditor, linesTotalOre, type LineRow } from './RecurringForm';

interface Person {
  number: number;
  name: string;
}

/** The customers that match, every page up to a batch's limit (10,000), and how many match in all. */
async function customers(q: string, labelNumber: number | null): Promise<{ people: Person[]; total: number }> {
  const people: Person[] = [];
  let total = 0;
  for (let page = 1; page <= 10; page++) {
    const p = await call('recipients.list', { query: { q: q || undefined, labelNumber: labelNumber ?? undefined, perPage: 1000, page, sort: 'name' } });
    people.push(...p.items.map((r) => ({ number: r.number, name: r.name })));
    total = p.total;
    if (people.length >= p.total) break;
  }
  return { people, total };
}

const ROW = 24;

/** Every customer shown as a checkbox row, however many: only the rows in view are drawn. */
function CustomerChecklist({ people, chosen, toggle }: { people: Person[]; chosen: Map<number, string>; toggle: (p: Person, on: boolean) => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: people.length, getScrollElement: () => scroller.current, estimateSize: () => ROW, overscan: 12 });
  return (
    <Box ref={scroller} h={180} style={{ overflowY: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }} data-testid="batch-customers">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const p = people[v.index];
          return (
            <Box key={p.number} px={6} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW, transform: `translateY(${v.start}px)`, display: 'flex', alignItems: 'center' }}>
              <Checkbox size="xs" label={p.name} checked={chosen.has(p.number)} onChange={(e) => toggle(p, e.currentTarget.checked)} />
            </Box>
          );
        })}
      </div>
    </Box>
  );
}

/** Massefakturering: choose customers (label, search, select all), one set of lines, a preview, progress while issuing. */
export function BatchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [labels, setLabels] = useState<Array<{ value: string; label: string }>>([]);
  const [label, setLabel] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [shown, setShown] = useState<Person[]>([]);
  const [matching, setMatching] = useState(0);
  const [invoiceDate, setInvoiceDate] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [lines, setLines] = useState<LineRow[]>([emptyLine()]);
  const [invoiceText, setInvoiceText] = useState('');
  const [dueInDays, setDueInDays] = useState<number | ''>('');
  const [preferred, setPreferred] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  useEffect(() => {
    if (opened) void call('labels.list').then((ls) => setLabels(ls.map((l) => ({ value: String(l.number), label: l.name }))));
  }, [opened]);
  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(() => void customers(q.trim(), label ? Number(label) : null).then((r) => (setShown(r.people), setMatching(r.total))).catch(notifyError), 200);
    return () => clearTimeout(timer);
  }, [opened, q, label]);

  const toggle = (p: Person, on: boolean) =>
    setChosen((old) => {
      const next = new Map(old);
      if (on) next.set(p.number, p.name);
      else next.delete(p.number);
      return next;
    });
  const allShown = shown.length > 0 && shown.every((p) => chosen.has(p.number));
  const perInvoice = linesTotalOre(lines);
  const first = useMemo(() => [...chosen.entries()][0], [chosen]);

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
      setChosen(new Map());
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) {
        const keys = [...chosen.entries()];
        const named: Record<string, string> = {};
        for (const f of err.fields) {
          const m = /^recipients\[(\d+)\]$/.exec(f.field);
          if (m) named[`recipients`] = `${named.recipients ? named.recipients + '; ' : ''}${keys[Number(m[1])]?.[1] ?? f.field}: ${f.message}`;
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
          <Select label={t('rec.batch.byLabel')} data={labels} value={label} onChange={setLabel} clearable data-testid="batch-label" />
          <TextInput label={t('rec.batch.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} data-testid="batch-search" />
        </Group>
        <Group justify="space-between">
          <Checkbox
            label={t('rec.batch.selectAll')}
            checked={allShown}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setChosen((old) => {
                const next = new Map(old);
                for (const p of shown) on ? next.set(p.number, p.name) : next.delete(p.number);
                return next;
              });
            }}
            data-testid="batch-select-all"
          />
          <Text size="sm" fw={600} data-testid="batch-selected">{t('rec.batch.selected', { count: chosen.size })}</Text>
        </Group>
        <CustomerChecklist people={shown} chosen={chosen} toggle={toggle} />
        {matching > shown.length && (
          <Text size="xs" c="dimmed" data-testid="batch-more">{t('rec.batch.more', { shown: shown.length, count: matching })}</Text>
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
            <Text size="sm">{t('rec.batch.previewFirst', { name: first[1], total: formatOre(perInvoice) })}</Text>
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
