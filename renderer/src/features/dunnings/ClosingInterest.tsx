import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client';
import type { OutputOf } from '../../api/op-types';
import { notifyError } from '../../shared/errors';
import { formatDate, formatMoney } from '../../shared/money';
import { DUN_OPS } from './dunning.types';

type Closing = OutputOf<'dunnings.closingInterest'>;

/** On the page of an invoice paid in full after its due date: the interest it accrued, to claim (rentenota) or waive. */
export function ClosingInterest({ invoice, version = 0 }: { invoice: number; version?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [c, setC] = useState<Closing | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);
  const [rateWarning, setRateWarning] = useState<OutputOf<'dunnings.interestRateStatus'>['warning']>(null);
  useEffect(() => {
    let live = true;
    call(DUN_OPS.closingInterest, { params: { invoiceNumber: invoice } })
      .then((x) => {
        if (!live) return;
        setC(x);
        if (x.interestWarning) call(DUN_OPS.rateStatus, {}).then((s) => live && setRateWarning(s.warning), () => undefined);
      })
      .catch(() => live && setC(null));
    return () => {
      live = false;
    };
  }, [invoice, version, reload]);
  if (!c || (c.state !== 'open' && c.state !== 'waived')) return null;
  async function act(f: () => Promise<void>) {
    setBusy(true);
    try {
      await f();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  }
  const claim = () =>
    act(async () => {
      const made = await call(DUN_OPS.createInterestNote, { body: { invoiceNumber: invoice } });
      navigate(`/dunnings/${made.body.number}`);
    });
  const waive = () =>
    act(async () => {
      await call(DUN_OPS.waiveInterest, { body: { invoiceNumber: invoice, reason: reason.trim() || null } });
      setReload((n) => n + 1);
    });
  return (
    <Paper withBorder p="md" data-testid="closing-interest">
      <Text fw={600} mb="xs">{t('dun.closing.title')}</Text>
      {c.state === 'waived' ? (
        <Text size="sm" data-testid="closing-interest-waived">{t('dun.closing.waived', { amount: formatMoney(c.interest) })}{c.waivedReason ? ` (${c.waivedReason})` : ''}</Text>
      ) : (
        <>
          <Text size="sm" data-testid="closing-interest-open">
            {t('dun.closing.open', { amount: formatMoney(c.interest), from: formatDate(c.period!.from), to: formatDate(c.period!.to) })}
          </Text>
          {c.interestWarning && rateWarning ? (
            <Text size="xs" c="orange" data-testid="closing-interest-warning">
              {t('errors.INTEREST_RATE_UNKNOWN', { ...rateWarning.params, from: formatDate(rateWarning.params.from), since: formatDate(rateWarning.params.since), rate: rateWarning.params.rate.replace('.', ',') })}
            </Text>
          ) : null}
          <Group mt="xs" gap="sm" align="end">
            <Button size="compact-sm" loading={busy} onClick={() => void claim()} data-testid="claim-interest">{t('dun.closing.claim')}</Button>
            <TextInput size="xs" placeholder={t('dun.closing.reason')} aria-label={t('dun.closing.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
            <Button size="compact-sm" variant="default" loading={busy} onClick={() => void waive()} data-testid="waive-interest">{t('dun.closing.waive')}</Button>
          </Group>
        </>
      )}
    </Paper>
  );
}
