import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { Amount } from '../../shared/ListParts';
import { formatMoney, todayIso } from '../../shared/money';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { EVENT_OPS, type Participant } from './event-form.model';

const COLOR = { pending: 'yellow', registered: 'blue', paid: 'teal', cancelled: 'gray' } as const;
type Action = { kind: 'confirm' | 'cancel' | 'paid'; p: Participant };

/** The participants of an event, paged and virtualised, with confirm / cancel / register payment per row. */
export function ParticipantsTable({ fetchPage, eventNumber, onChanged }: { fetchPage: (page: number, perPage: number) => Promise<{ items: Participant[]; total: number }>; eventNumber: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(a: Action) {
    setBusy(true);
    try {
      if (a.kind === 'paid') {
        // Offered only for a registration with an invoice and something owed (the row's button).
        if (a.p.invoiceNumber === null || a.p.balance === null) return;
        await call(EVENT_OPS.pay, { params: { number: a.p.invoiceNumber }, body: { date: todayIso(), amount: a.p.balance } });
      } else await call(EVENT_OPS[a.kind], { params: { number: eventNumber, p: a.p.number } });
      notifyOk(t(`evt.done.${a.kind}`));
      setAction(null);
      onChanged();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<Participant>[] = [
    { key: 'number', header: t('evt.p.number'), width: '44px', render: (p) => <Text size="sm">{p.number}</Text> },
    { key: 'name', header: t('evt.p.name'), width: 'minmax(110px, 1fr)', render: (p) => <Text size="sm" fw={600} truncate>{p.name}</Text> },
    { key: 'email', header: t('evt.p.email'), width: 'minmax(100px, 1fr)', render: (p) => <Text size="sm" truncate>{p.email}</Text> },
    { key: 'status', header: t('evt.p.status'), width: '140px', render: (p) => <Badge color={COLOR[p.status]} variant="light" data-testid={`status-${p.number}`}>{t(`evt.status.${p.status}`)}</Badge> },
    { key: 'amount', header: t('evt.p.amount'), width: '95px', align: 'right', render: (p) => <Amount value={p.amount} /> },
    {
      key: 'invoice',
      header: t('evt.p.invoice'),
      width: '80px',
      render: (p) => (p.invoiceNumber ? <Anchor component={Link} to={`/invoices/${p.invoiceNumber}`} size="sm" onClick={(e) => e.stopPropagation()}>{p.invoiceNumber}</Anchor> : <Text size="sm">–</Text>),
    },
    { key: 'balance', header: t('evt.p.balance'), width: '95px', align: 'right', render: (p) => (p.balance === null ? <Text size="sm">–</Text> : <Amount value={p.balance} />) },
    {
      key: 'actions',
      header: t('evt.p.actions'),
      width: '200px',
      render: (p) => (
        <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
          {p.status === 'pending' ? <Button size="compact-xs" onClick={() => setAction({ kind: 'confirm', p })} data-testid={`confirm-${p.number}`}>{t('evt.confirm')}</Button> : null}
          {p.status === 'registered' && p.invoiceNumber && (p.balance ?? 0) > 0 ? <Button size="compact-xs" variant="light" color="teal" onClick={() => setAction({ kind: 'paid', p })} data-testid={`paid-${p.number}`}>{t('evt.markPaid')}</Button> : null}
          {p.status !== 'cancelled' ? <Button size="compact-xs" variant="subtle" color="red" onClick={() => setAction({ kind: 'cancel', p })} data-testid={`cancel-${p.number}`}>{t('evt.cancel')}</Button> : null}
        </Group>
      ),
    },
  ];

  const texts = action && {
    confirm: [t('evt.confirmTitle'), t('evt.confirmText', { name: action.p.name }), t('evt.confirm')],
    cancel: [t('evt.cancelTitle'), t('evt.cancelText', { name: action.p.name }), t('evt.cancel')],
    paid: [t('evt.paidTitle'), t('evt.paidText', { amount: formatMoney(action.p.balance ?? 0), invoice: action.p.invoiceNumber }), t('evt.markPaid')],
  }[action.kind];
  return (
    <>
      <PagedVirtualTable queryKey={String(eventNumber)} columns={columns} fetchPage={fetchPage} rowKey={(p) => p.number} height="calc(100vh - 480px)" testId="participant-table" empty={t('evt.p.empty')} />
      <ConfirmDialog opened={!!action} title={texts?.[0] ?? ''} confirmLabel={texts?.[2] ?? ''} danger={action?.kind === 'cancel'} busy={busy} onConfirm={() => action && void run(action)} onClose={() => setAction(null)}>
        <Text size="sm">{texts?.[1]}</Text>
      </ConfirmDialog>
    </>
  );
}
