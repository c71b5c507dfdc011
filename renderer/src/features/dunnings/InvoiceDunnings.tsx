import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { call } from '../../api/client';
import { notifyError } from '../../shared/errors';
import { formatDate, formatMoney } from '../../shared/money';
import { detailed, DUN_OPS, type Dunning } from './dunning.types';
import { KindLabel } from './DunningParts';
import { ClosingInterest } from './ClosingInterest';

/** On an invoice's page: its dunnings and the fees and interest they added; a due invoice can be dunned from here. */
export function InvoiceDunnings({ invoice, canDun, version = 0 }: { invoice: number; canDun: boolean; version?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [list, setList] = useState<Dunning[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    call(DUN_OPS.list, { query: { invoiceNumber: invoice, withDetails: true } })
      .then((l) => live && setList(detailed(l)))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [invoice, version]);
  async function dun() {
    setBusy(true);
    try {
      const made = await call(DUN_OPS.create, { body: { invoiceNumber: invoice } });
      navigate(`/dunnings/${made.body.number}`);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  }
  const closing = <ClosingInterest invoice={invoice} version={version} />;
  if (!list.length && !canDun) return closing;
  const added = list.reduce((s, d) => s + d.dunningFee + d.interest, 0);
  return (
    <>
    {closing}
    <Paper withBorder p="md" data-testid="invoice-dunnings">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('dun.invoice.title')}</Text>
        <Group gap="sm">
          {list.length ? <Text size="sm" c="dimmed" data-testid="invoice-dunning-charges">{t('dun.invoice.fees', { amount: formatMoney(added) })}</Text> : null}
          {canDun ? (
            <Button size="compact-sm" variant="default" loading={busy} onClick={() => void dun()} data-testid="dun-invoice">
              {t('dun.invoice.dun')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {[...list].reverse().map((d) => (
        <Group key={d.number} justify="space-between">
          <Anchor component={Link} to={`/dunnings/${d.number}`}>
            {d.dunningNumber}. <KindLabel d={d} /> ({d.number})
          </Anchor>
          <Text size="sm">
            {formatDate(d.dunningDate)} → {formatDate(d.dueDate)} · {t('dun.col.fee')} {formatMoney(d.dunningFee)} · {t('dun.col.interest')} {formatMoney(d.interest)}
          </Text>
        </Group>
      ))}
    </Paper>
    </>
  );
}
