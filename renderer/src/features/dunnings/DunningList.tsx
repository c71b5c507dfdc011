import { Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call, type Page } from '../../api/client';
import { Amount } from '../../shared/ListParts';
import { formatDate } from '../../shared/money';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { detailed, DUN_OPS, type Dunning } from './dunning.types';
import { InvoiceStateBadge, KindLabel } from './DunningParts';
import { useDunningsRefresh } from './dunnings.store';

/** The dunnings made, newest first, with the invoice's state now. */
export function DunningList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const version = useDunningsRefresh((s) => s.version);
  const fetchPage = useCallback(
    async (page: number, perPage: number) => {
      const res = await call(DUN_OPS.list, { query: { page, perPage, withDetails: true } });
      return { items: detailed(res.items), total: res.total };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  const money = (v: number, d: Dunning) => <Amount value={v} currency={d.currency} />;
  const columns: Column<Dunning>[] = [
    { key: 'number', header: t('dun.col.number'), width: '70px', render: (d) => <Text size="sm" fw={600}>{d.number}</Text> },
    { key: 'invoice', header: t('dun.col.invoice'), width: '80px', render: (d) => <Text size="sm">{d.invoiceNumber}</Text> },
    { key: 'customer', header: t('dun.col.customer'), width: 'minmax(130px, 2fr)', render: (d) => <Text size="sm" truncate>{d.recipient.name}</Text> },
    { key: 'kind', header: t('dun.col.kind'), width: 'minmax(110px, 1fr)', render: (d) => <Text size="sm" truncate>{d.dunningNumber}. <KindLabel d={d} /></Text> },
    { key: 'date', header: t('dun.col.date'), width: '90px', render: (d) => <Text size="sm">{formatDate(d.dunningDate)}</Text> },
    { key: 'deadline', header: t('dun.col.deadline'), width: '90px', render: (d) => <Text size="sm">{formatDate(d.dueDate)}</Text> },
    { key: 'fee', header: t('dun.col.fee'), width: '80px', align: 'right', render: (d) => money(d.dunningFee, d) },
    { key: 'interest', header: t('dun.col.interest'), width: '80px', align: 'right', render: (d) => money(d.interest, d) },
    { key: 'total', header: t('dun.col.total'), width: '105px', align: 'right', render: (d) => money(d.total, d) },
    { key: 'state', header: t('dun.col.state'), width: '100px', render: (d) => <InvoiceStateBadge state={d.invoiceState} /> },
  ];
  return (
    <PagedVirtualTable
      queryKey={String(version)}
      columns={columns}
      fetchPage={fetchPage}
      rowKey={(d) => d.number}
      onOpen={(d) => navigate(`/dunnings/${d.number}`)}
      empty={t('dun.empty.list')}
      testId="dunnings-table"
    />
  );
}
