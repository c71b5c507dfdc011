import { Button, Group, Paper, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call, type Page } from '../../api/client';
import { OPS } from '../documents/doc-ops';
import type { DocumentData, Sums } from '../documents/document.types';
import { Amount } from '../../shared/ListParts';
import { formatDate, formatMoney } from '../../shared/money';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { InvoiceStatusBadge, InvoiceStatusBadges } from '../invoices/InvoiceStatusBadge';

function Figure({ label, value, color, testId }: { label: string; value: string; color?: string; testId: string }) {
  return (
    <Paper withBorder px="md" py={8} miw={170}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" c={color} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Paper>
  );
}

/** The customer's open balance, what of it is overdue and what the customer has to get back (NOK, the sums operation), and new documents for the customer. */
export function CustomerBalance({ recipientNumber }: { recipientNumber: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [all, setAll] = useState<Sums | null>(null);
  const [due, setDue] = useState<Sums | null>(null);
  useEffect(() => {
    const query = { recipientNumber };
    call(OPS.invoices.sums, { query: { ...query, state: 'all' } }).then(setAll, () => setAll(null));
    call(OPS.invoices.sums, { query: { ...query, state: 'due' } }).then(setDue, () => setDue(null));
  }, [recipientNumber]);
  return (
    <Group justify="space-between" align="flex-end" data-testid="customer-balance">
      <Group gap="sm">
        <Figure label={t('recipients.docs.open')} value={all ? formatMoney(all.balance) : '–'} testId="customer-open" />
        <Figure label={t('recipients.docs.overdue')} value={due ? formatMoney(due.balance) : '–'} color={due && due.balance > 0 ? 'red.7' : undefined} testId="customer-overdue" />
        {all?.toRefund ? <Figure label={t('recipients.docs.toRefund')} value={formatMoney(all.toRefund)} color="orange.7" testId="customer-to-refund" /> : null}
        <Figure label={t('recipients.docs.invoiced')} value={all ? formatMoney(all.total) : '–'} testId="customer-invoiced" />
      </Group>
      <Group gap="xs">
        <Button variant="default" onClick={() => navigate(`/offers/drafts/new?recipient=${recipientNumber}`)} data-testid="customer-new-offer">
          {t('recipients.docs.newOffer')}
        </Button>
        <Button onClick={() => navigate(`/invoices/drafts/new?recipient=${recipientNumber}`)} data-testid="customer-new-invoice">
          {t('recipients.docs.newInvoice')}
        </Button>
      </Group>
    </Group>
  );
}

const KINDS = {
  invoices: { op: OPS.invoices.list, path: (n: number) => `/invoices/${n}`, withState: true },
  'credit-notes': { op: OPS.invoices.listCreditNotes, path: (n: number) => `/invoices/credit-notes/${n}`, withState: false },
  offers: { op: OPS.offers.list, path: (n: number) => `/offers/${n}`, withState: false },
} as const;

/** The customer's issued invoices, credit notes or offers, newest first, paged from the service. */
export function CustomerDocuments({ recipientNumber, kind }: { recipientNumber: number; kind: keyof typeof KINDS }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const k = KINDS[kind];
  const fetchPage = useCallback(
    (page: number, perPage: number) => call(k.op, { query: { recipientNumber, page, perPage, ...(k.withState ? { withState: true } : {}) } }),
    [k, recipientNumber],
  );
  const columns: Column<DocumentData>[] = [
    { key: 'number', header: t('inv.col.number'), width: '90px', render: (r) => <Text size="sm" fw={600}>{r.number}</Text> },
    { key: 'date', header: t('inv.col.date'), width: '110px', render: (r) => <Text size="sm">{formatDate(r.invoiceDate ?? (r as { offerDate?: string }).offerDate)}</Text> },
    kind === 'invoices'
      ? { key: 'due', header: t('inv.col.due'), width: '110px', render: (r) => <Text size="sm">{formatDate(r.dueDate)}</Text> }
      : kind === 'credit-notes'
        ? { key: 'credited', header: t('inv.col.credited'), width: '110px', render: (r) => <Text size="sm">{r.creditedInvoiceNumber ?? ''}</Text> }
        : { key: 'expiry', header: t('recipients.docs.expiry'), width: '110px', render: (r) => <Text size="sm">{formatDate(r.expiryDate)}</Text> },
    { key: 'total', header: t('inv.col.total'), width: '130px', align: 'right', render: (r) => <Amount value={r.total} currency={r.currency} /> },
    ...(kind === 'invoices'
      ? [
          { key: 'balance', header: t('inv.col.balance'), width: '130px', align: 'right' as const, render: (r: DocumentData) => <Amount value={r.currentBalance} currency={r.currency} /> },
          { key: 'status', header: t('inv.col.status'), width: 'minmax(230px, 1fr)', render: (r: DocumentData) => <InvoiceStatusBadges doc={r} /> },
        ]
      : kind === 'credit-notes'
        ? [{ key: 'status', header: t('inv.col.status'), width: 'minmax(120px, 1fr)', render: () => <InvoiceStatusBadge status="credit-note" /> }]
        : [{ key: 'text', header: '', width: 'minmax(120px, 1fr)', render: () => null }]),
  ];
  return (
    <PagedVirtualTable
      queryKey={`${kind}:${recipientNumber}`}
      columns={columns}
      fetchPage={fetchPage}
      rowKey={(r) => r.number}
      onOpen={(r) => navigate(k.path(r.number))}
      empty={t(`recipients.docs.empty.${kind}`)}
      height="calc(100vh - 520px)"
      testId={`customer-${kind}`}
    />
  );
}
