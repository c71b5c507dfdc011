import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { notifyOk } from '../../shared/errors';
import { useDialogSubmit } from '../../shared/use-dialog-submit';
import { DateField } from '../../shared/DateField';
import { OPS } from '../documents/doc-ops';
import { formatMoney, parseDecimal, todayIso } from '../../shared/money';

/**
 * Register a payment: the date defaults to today, the amount to the open balance. For an invoice in another
 * currency the amount settled in that currency defaults to the balance and the NOK received to it at the
 * invoice's rate; an optional bank fee is recorded for the accounts.
 */
export function PaymentDialog({
  invoice,
  balance,
  currency = 'NOK',
  exchangeRate = 1,
  opened,
  onClose,
  onDone,
}: {
  invoice: number;
  balance: number;
  currency?: string;
  exchangeRate?: number;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const foreign = currency !== 'NOK';
  const { t } = useTranslation();
  const [date, setDate] = useState<string | null>(todayIso());
  const [amount, setAmount] = useState('');
  const [currencyAmount, setCurrencyAmount] = useState('');
  const [bankFee, setBankFee] = useState('');
  const { busy, errors, setErrors, submit: send } = useDialogSubmit(['date', 'amount', 'currencyAmount', 'bankFee']);

  useEffect(() => {
    if (!opened) return;
    setDate(todayIso());
    setAmount(balance > 0 ? formatMoney(foreign ? Math.round(balance * exchangeRate * 100) / 100 : balance) : '');
    setCurrencyAmount(balance > 0 && foreign ? formatMoney(balance) : '');
    setBankFee('');
    setErrors({});
  }, [opened, balance, foreign, exchangeRate, setErrors]);

  async function submit() {
    const value = parseDecimal(amount);
    const local: Record<string, string> = {};
    if (value === null) local.amount = t('docs.err.required');
    else if (Number.isNaN(value)) local.amount = t('docs.err.number');
    if (!date) local.date = t('docs.err.required');
    const cur = foreign ? parseDecimal(currencyAmount) : null;
    if (foreign && cur !== null && Number.isNaN(cur)) local.currencyAmount = t('docs.err.number');
    const fee = parseDecimal(bankFee);
    if (fee !== null && Number.isNaN(fee)) local.bankFee = t('docs.err.number');
    if (Object.keys(local).length || value === null || !date) return setErrors(local);
    await send(async () => {
      await call(OPS.invoices.addPayment, { params: { number: invoice }, body: { date, amount: value, ...(foreign && cur !== null ? { currencyAmount: cur } : {}), ...(fee ? { bankFee: fee } : {}) } });
      notifyOk(t('inv.pay.done', { amount: formatMoney(value) }));
      onDone();
      onClose();
    });
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
            label={foreign ? t('inv.pay.amountNok') : t('inv.pay.amount')}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
            inputMode="decimal"
            rightSection="NOK"
            rightSectionWidth={48}
            data-autofocus
            data-testid="payment-amount"
          />
          {foreign ? (
            <TextInput
              label={t('inv.pay.currencyAmount', { currency })}
              value={currencyAmount}
              onChange={(e) => setCurrencyAmount(e.currentTarget.value)}
              error={errors.currencyAmount}
              inputMode="decimal"
              rightSection={currency}
              rightSectionWidth={48}
              data-testid="payment-currency-amount"
            />
          ) : null}
          <TextInput
            label={t('inv.pay.bankFee')}
            value={bankFee}
            onChange={(e) => setBankFee(e.currentTarget.value)}
            error={errors.bankFee}
            inputMode="decimal"
            placeholder="0,00"
            rightSection="NOK"
            rightSectionWidth={48}
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
