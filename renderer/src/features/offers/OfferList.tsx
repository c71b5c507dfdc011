import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import type { ListOpName } from '../../api/op-types';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { create } from 'zustand';
import { call, type Page } from '../../api/client';
import { OPS } from '../documents/doc-ops';
import { Amount, ListHeader, ListTabs } from '../../shared/ListParts';
import { formatDate } from '../../shared/money';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { RecipientSelect } from '../documents/RecipientSelect';
import type { ChainDocument } from './chain.types';

type OfferTab = 'offers' | 'offer-drafts' | 'order-confirmations' | 'oc-drafts';

const TABS = [
  { value: 'offers', op: OPS.offers.list },
  { value: 'offer-drafts', op: OPS.offers.listDrafts },
  { value: 'order-confirmations', op: OPS.orderConfirmations.list },
  { value: 'oc-drafts', op: OPS.orderConfirmations.listDrafts },
] as const satisfies readonly { value: OfferTab; op: ListOpName }[];

/** The tab and customer filter survive opening a document and coming back. */
const useOfferList = create<{ tab: OfferTab; recipientNumber: number | null; recipientLabel: string | null; set: (p: Partial<{ tab: OfferTab; recipientNumber: number | null; recipientLabel: string | null }>) => void }>((set) => ({
  tab: 'offers',
  recipientNumber: null,
  recipientLabel: null,
  set: (p) => set(p),
}));

const STATE_COLOR: Record<string, string> = { open: 'blue', expired: 'orange', converted: 'teal', draft: 'gray', issued: 'blue' };

/** Tilbud og ordrebekreftelser: issued offers and order confirmations and their drafts. */
export function OfferList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab, recipientNumber, recipientLabel, set } = useOfferList();
  const [, force] = useState(0);
  const current = TABS.find((x) => x.value === tab) ?? TABS[0];
  const isDraft = tab.endsWith('drafts');
  const isOffer = tab.startsWith('offer');
  const key = JSON.stringify({ tab, recipientNumber });

  const fetchPage = useCallback(
    (page: number, perPage: number) => call(current.op, { query: { ...(recipientNumber ? { recipientNumber } : {}), page, perPage } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  useHotkeys([['mod+N', () => navigate(isOffer ? '/offers/drafts/new' : '/offers/order-confirmations/drafts/new')]]);

  const state = (r: ChainDocument) => (isDraft ? 'draft' : (r.state ?? ((r.successors ?? []).length ? 'converted' : 'issued')));
  const columns: Column<ChainDocument>[] = [
    { key: 'number', header: t('inv.col.number'), width: '80px', render: (r) => <Text size="sm" fw={600}>{r.number}</Text> },
    { key: 'customer', header: t('inv.col.customer'), width: 'minmax(160px, 3fr)', render: (r) => <Text size="sm" truncate>{r.recipient?.name}</Text> },
    { key: 'date', header: t('inv.col.date'), width: '100px', render: (r) => <Text size="sm">{formatDate(r.invoiceDate)}</Text> },
    ...(isOffer ? [{ key: 'expiry', header: t('off.col.expiry'), width: '100px', render: (r: ChainDocument) => <Text size="sm">{formatDate(r.expiryDate)}</Text> }] : []),
    { key: 'total', header: t('inv.col.total'), width: '130px', align: 'right', render: (r) => <Amount value={r.total} currency={r.currency} /> },
    {
      key: 'state',
      header: t('inv.col.status'),
      width: '120px',
      render: (r) => (
        <Badge variant="light" size="sm" color={STATE_COLOR[state(r)] ?? 'gray'}>
          {t(`off.state.${state(r)}`)}
        </Badge>
      ),
    },
  ];

  const open = (r: ChainDocument) => {
    if (tab === 'offers') navigate(`/offers/${r.number}`);
    else if (tab === 'offer-drafts') navigate(`/offers/drafts/${r.number}`);
    else if (tab === 'order-confirmations') navigate(`/offers/order-confirmations/${r.number}`);
    else navigate(`/offers/order-confirmations/drafts/${r.number}`);
  };

  return (
    <Stack gap="sm">
      <ListHeader title={t('off.title')}>
        <Button variant="default" onClick={() => navigate('/offers/order-confirmations/drafts/new')} data-testid="new-order-confirmation">
          {t('off.newOc')}
        </Button>
        <Button onClick={() => navigate('/offers/drafts/new')} data-testid="new-offer">
          {t('off.newOffer')}
        </Button>
      </ListHeader>
      <ListTabs
        value={tab}
        tabs={TABS.map((x) => x.value)}
        label={(v) => t(`off.tab.${v}`)}
        onChange={(v) => {
          set({ tab: v });
          force((x) => x + 1);
        }}
      />
      <Group>
        <RecipientSelect label={t('inv.filter.customer')} w={280} value={recipientNumber} initialLabel={recipientLabel} onChange={(n, label) => set({ recipientNumber: n, recipientLabel: label })} />
      </Group>
      <PagedVirtualTable
        queryKey={key}
        columns={columns}
        fetchPage={fetchPage}
        rowKey={(r) => r.number}
        onOpen={open}
        height="calc(100vh - 290px)"
        empty={t(`off.empty.${tab}`)}
      />
    </Stack>
  );
}
