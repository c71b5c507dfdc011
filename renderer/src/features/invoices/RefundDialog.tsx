import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, formBody, type Page } from '../../api/client';
import { notifyOk } from '../../shared/errors';
import { useDialogSubmit } from '../../shared/use-dialog-submit';
import { DateField } from '../../shared/DateField';
import { OPS } from '../documents/doc-ops';
import type { DocumentData } from '../documents/document.types';
import { formatDate, formatMoney, parseDecimal, todayIso } from '../../shared/money';

/**
 * A negative balance (the customer has money to get back): register a refund (tilbakebetaling), or move the amount to
 * another open invoice of the same customer and currency. Both are ledger entries, so the history is kept.
 */
export function RefundDialog({ invoice, opened, onClose, onDone }: { invoice: DocumentData; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const owed = invoice.stateDetail?.toRefund ?? 0;
  const currency = invoice.currency ?? 'NOK';
  const [mode, setMode] = useState<'refund' | 'move'>('refund');
  const [date, setDate] = useState<string | null>(todayIso());
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const [open, setOpen] = useState<DocumentData[]>([]);
  const { busy, errors, setErrors, submit: send } = useDialogSubmit(['date', 'amount', 'note', 'toInvoice']);

  useEffect(() => {
    if (!opened) return;
    setMode('refund');
    setDate(todayIso());
    setAmount(formatMoney(owed));
    setNote('');
    setErrors({});
    setTarget(null);
    const query = { recipientNumber: invoice.recipient.number, perPage: 200 };
    void Promise.all([OPS.invoices.listDue, OPS.invoices.listNotDue].map((op) => call(op, { query })))
      .then((pages) => {
        const candidates = pages.flatMap((p) => p.items).filter((d) => d.number !== invoice.number && (d.currency ?? 'NOK') === currency);
        setOpen(candidates);
        setTarget(candidates.length ? String(candidates[0].number) : null);
      })
      .catch(() => setOpen([]));
  }, [opened, owed, invoice.number, invoice.recipient.number, currency, setErrors]);

  async function submit() {
    const value = parseDecimal(amount);
    if (value !== null && Number.isNaN(value)) return setErrors({ amount: t('docs.err.number') });
    await send(async () => {
      if (mode === 'refund') {
        await call(OPS.invoices.refund, { params: { number: invoice.number }, body: formBody({ date, ...(value ? { amount: value } : {}), ...(note.trim() ? { note: note.trim() } : {}) }) });
      } else {
        await call(OPS.invoices.transferCredit, { params: { number: invoice.number }, body: { toInvoice: Number(target), ...(value ? { amount: value } : {}) } });
      }
      notifyOk(t('inv.refund.done'));
      onDone();
      onClose();
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('inv.refund.title', { amount: formatMoney(owed), number: invoice.number })} size="lg" centered>
      <Stack>
        <Text size="sm">{t('inv.refund.text')}</Text>
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as 'refund' | 'move')}
          data={[
            { value: 'refund', label: t('inv.refund.modeRefund') },
            { value: 'move', label: t('inv.refund.modeMove') },
          ]}
          data-testid="refund-mode"
        />
        {mode === 'refund' ? (
          <DateField label={t('inv.refund.date')} value={date} onChange={setDate} error={errors.date} />
        ) : open.length ? (
          <Select
            label={t('inv.refund.toInvoice')}
            value={target}
            onChange={setTarget}
            allowDeselect={false}
            error={errors.toInvoice}
            data={open.map((d) => ({ value: String(d.number), label: t('inv.refund.openOption', { number: d.number, date: formatDate(d.invoiceDate), balance: formatMoney(d.currentBalance) }) }))}
            data-testid="refund-target"
          />
        ) : (
          <Alert color="gray" variant="light">
            {t('inv.refund.noOpen', { currency })}
          </Alert>
        )}
        <TextInput label={t('inv.refund.amount')} value={amount} onChange={(e) => setAmount(e.currentTarget.value)} error={errors.amount} inputMode="decimal" rightSection={currency} rightSectionWidth={48} data-testid="refund-amount" />
        {mode === 'refund' ? <TextInput label={t('inv.refund.note')} value={note} maxLength={255} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} disabled={mode === 'move' && !target} onClick={() => void submit()} data-testid="refund-submit">
            {t(mode === 'refund' ? 'inv.refund.submitRefund' : 'inv.refund.submitMove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
