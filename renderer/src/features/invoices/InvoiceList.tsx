import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useHotkeys } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call, type Page } from '../../api/client';
import type { ListOpName } from '../../api/op-types';
import { DateField } from '../../shared/DateField';
import { OPS } from '../documents/doc-ops';
import type { DocumentData } from '../documents/document.types';
import { Amount, ListHeader, ListTabs } from '../../shared/ListParts';
import { formatDate } from '../../shared/money';
import { nextSort, PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { RecipientSelect } from '../documents/RecipientSelect';
import { useInvoiceList, type InvoiceTab } from './invoice-list.store';
import { InvoiceStatusBadge, InvoiceStatusBadges } from './InvoiceStatusBadge';
import { InvoiceSums } from './InvoiceSums';

/** `withState` asks the service for each invoice's state (a written-off invoice is "Tapsført", not "Betalt"). */
const TABS = [
  { value: 'all', op: OPS.invoices.list, sums: 'all', withState: true },
  { value: 'drafts', op: OPS.invoices.listDrafts, sums: 'draft' },
  { value: 'not-due', op: OPS.invoices.listNotDue, sums: 'not-due', withState: true },
  { value: 'due', op: OPS.invoices.listDue, sums: 'due', withState: true },
  { value: 'paid', op: OPS.invoices.listPaid, sums: 'paid', withState: true },
  { value: 'lost', op: OPS.invoices.listLost, sums: 'lost', withState: true },
  { value: 'credit-notes', op: OPS.invoices.listCreditNotes, sums: 'credit-notes' },
] as const satisfies readonly { value: InvoiceTab; op: ListOpName; sums: string; withState?: boolean }[];

/** Fakturaer: tabs by state, filters by invoice date and customer, sums, and a paged virtual list. */
export function InvoiceList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab, from, to, recipientNumber, recipientLabel, q, sort, set } = useInvoiceList();
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, 250);
  useEffect(() => set({ q: debounced }), [debounced, set]);
  const current = TABS.find((x) => x.value === tab) ?? TABS[0];
  const isDrafts = tab === 'drafts';
  const isCredit = tab === 'credit-notes';

  const query = useMemo(() => {
    const q: Record<string, unknown> = {};
    if (recipientNumber) q.recipientNumber = recipientNumber;
    if (!isDrafts) {
      if (from) q.from = from;
      if (to) q.to = to;
      if (debounced.trim()) q.q = debounced.trim();
    }
    return q;
  }, [recipientNumber, from, to, isDrafts, debounced]);
  // Sorting and searching happen in the service (SQL, paged); drafts keep their order.
  const sortable = !isDrafts && !(isCredit && (sort?.key === 'due' || sort?.key === 'balance'));
  const order = sortable && sort ? { sort: sort.key, dir: sort.dir } : {};
  const key = JSON.stringify({ tab, query, order });

  const fetchPage = useCallback(
    (page: number, perPage: number) => call(current.op, { query: { ...query, ...order, page, perPage, ...('withState' in current && current.withState ? { withState: true } : {}) } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );

  useHotkeys([['mod+N', () => navigate('/invoices/drafts/new')]]);

  const columns: Column<DocumentData>[] = [
    { key: 'number', header: t('inv.col.number'), width: '70px', sortable: !isDrafts, render: (r) => <Text size="sm" fw={600}>{r.number}</Text> },
    { key: 'customer', header: t('inv.col.customer'), width: 'minmax(120px, 3fr)', sortable: !isDrafts, render: (r) => <Text size="sm" truncate>{r.recipient?.name}</Text> },
    { key: 'date', header: t('inv.col.date'), width: '95px', sortable: !isDrafts, render: (r) => <Text size="sm">{formatDate(r.invoiceDate)}</Text> },
    isCredit
      ? { key: 'credited', header: t('inv.col.credited'), width: '110px', render: (r) => <Text size="sm">{r.creditedInvoiceNumber ?? ''}</Text> }
      : { key: 'due', header: t('inv.col.due'), width: '95px', sortable: !isDrafts, render: (r) => <Text size="sm">{formatDate(r.dueDate)}</Text> },
    {
      key: 'total',
      header: t('inv.col.total'),
      width: '120px',
      align: 'right',
      sortable: !isDrafts,
      // A credit-note draft among the invoice drafts reduces what is invoiced: shown negative.
      render: (r) => <Amount value={isDrafts && r.credit ? -(r.total ?? 0) : r.total} currency={r.currency} />,
    },
    ...(isDrafts || isCredit
      ? []
      : [{ key: 'balance', header: t('inv.col.balance'), width: '120px', align: 'right' as const, sortable: true, render: (r: DocumentData) => <Amount value={r.currentBalance} currency={r.currency} /> }]),
    {
      key: 'status',
      header: t('inv.col.status'),
      width: isDrafts || isCredit ? '140px' : 'minmax(190px, 2fr)',
      render: (r) =>
        isDrafts ? <InvoiceStatusBadge status={r.credit ? 'credit-draft' : 'draft'} /> : isCredit ? <InvoiceStatusBadge status="credit-note" /> : <InvoiceStatusBadges doc={r} />,
    },
  ];

  const open = (r: DocumentData) => {
    if (isDrafts) navigate(`/invoices/drafts/${r.number}`);
    else if (isCredit || r.creditedInvoiceNumber) navigate(`/invoices/credit-notes/${r.number}`);
    else navigate(`/invoices/${r.number}`);
  };

  return (
    <Stack gap="sm">
      <ListHeader title={t('inv.title')}>
        <Button onClick={() => navigate('/invoices/drafts/new')} data-testid="new-invoice">
          {t('inv.new')}
        </Button>
      </ListHeader>
      <ListTabs value={tab} tabs={TABS.map((x) => x.value)} label={(v) => t(`inv.tab.${v}`)} onChange={(v) => set({ tab: v })} />
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end">
          {!isDrafts ? (
            <>
              <DateField label={t('inv.filter.from')} w={150} value={from} onChange={(v) => set({ from: v })} />
              <DateField label={t('inv.filter.to')} w={150} value={to} onChange={(v) => set({ to: v })} />
            </>
          ) : null}
          <RecipientSelect
            label={t('inv.filter.customer')}
            w={280}
            value={recipientNumber}
            initialLabel={recipientLabel}
            onChange={(n, label) => set({ recipientNumber: n, recipientLabel: label })}
            data-testid="filter-customer"
          />
          {!isDrafts ? (
            <TextInput
              label={t('inv.search')}
              placeholder={t('inv.searchPlaceholder')}
              w={260}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              data-testid="invoice-search"
            />
          ) : null}
          {from || to || recipientNumber || search ? (
            <Button
              variant="subtle"
              onClick={() => {
                setSearch('');
                set({ from: null, to: null, recipientNumber: null, recipientLabel: null, q: '' });
              }}
            >
              {t('inv.filter.clear')}
            </Button>
          ) : null}
        </Group>
        <InvoiceSums state={current.sums} query={query} refreshKey={key} />
      </Group>
      <PagedVirtualTable
        queryKey={key}
        columns={columns}
        fetchPage={fetchPage}
        rowKey={(r) => r.number}
        onOpen={open}
        sort={sortable ? sort : null}
        onSort={isDrafts ? undefined : (k) => set({ sort: nextSort(sort, k) })}
        empty={(from || to || recipientNumber || (search && !isDrafts)) ? t('inv.empty.filtered') : t(`inv.empty.${tab}`)}
      />
    </Stack>
  );
}
