import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { fieldErrors, notifyError, notifyOk } from '../../components/errors';
import { DateField } from '../documents/DateField';
import { OPS } from '../documents/doc-ops';
import { formatMoney, parseDecimal, todayIso } from '../documents/money';

/** Register a payment: the date defaults to today, the amount to the open balance. */
export function PaymentDialog({ invoice, balance, opened, onClose, onDone }: { invoice: number; balance: number; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [date, setDate] = useState<string | null>(todayIso());
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setDate(todayIso());
    setAmount(balance > 0 ? formatMoney(balance) : '');
    setErrors({});
  }, [opened, balance]);

  async function submit() {
    const value = parseDecimal(amount);
    const local: Record<string, string> = {};
    if (value === null) local.amount = t('docs.err.required');
    else if (Number.isNaN(value)) local.amount = t('docs.err.number');
    if (!date) local.date = t('docs.err.required');
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    try {
      await call(OPS.invoices.addPayment, { params: { number: invoice }, body: { date, amount: value } });
      notifyOk(t('inv.pay.done', { amount: formatMoney(value) }));
      onDone();
      onClose();
    } catch (e) {
      const f = fieldErrors(e);
      setErrors(f);
      if (!Object.keys(f).length) notifyError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('inv.pay.title', { number: invoice })} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <DateField label={t('inv.pay.date')} value={date} onChange={setDate} error={errors.date} data-testid="payment-date" />
          <TextInput
            label={t('inv.pay.amount')}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
            inputMode="decimal"
            rightSection="NOK"
            rightSectionWidth={48}
            data-autofocus
            data-testid="payment-amount"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="payment-submit">
              {t('inv.pay.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
