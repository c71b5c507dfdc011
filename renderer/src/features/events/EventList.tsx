import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call, type Page } from '../../api/client';
import { Amount, ListHeader, ListTabs } from '../../shared/ListParts';
import { formatDate } from '../../shared/money';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { EVENT_OPS, type EventRead } from './event-form.model';

const TABS = ['upcoming', 'past'] as const;
type Tab = (typeof TABS)[number];

export const seatsLeft = (e: EventRead) => {
  const s = e._stats.participant;
  return e.participantLimit === null ? null : Math.max(0, e.participantLimit - s.pending - s.registered - s.paid);
};
export const when = (dt: string) => `${formatDate(dt.slice(0, 10))} ${dt.slice(11, 16)}`;

/** Arrangementer: upcoming (soonest first) and past events, searchable by name, with signups and seats left. */
export function EventList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('upcoming');
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 200);
  const fetchPage = useCallback(
    (page: number, perPage: number) => call(EVENT_OPS[tab], { query: { q: debounced || undefined, page, perPage } }),
    [tab, debounced],
  );
  useHotkeys([['mod+N', () => navigate('/events/new')]]);

  const columns: Column<EventRead>[] = [
    { key: 'date', header: t('evt.col.date'), width: '150px', render: (e) => <Text size="sm">{when(e.date)}</Text> },
    { key: 'name', header: t('evt.col.name'), width: 'minmax(200px, 2fr)', render: (e) => <Text size="sm" fw={600} truncate>{e.name}</Text> },
    { key: 'location', header: t('evt.col.location'), width: 'minmax(120px, 1fr)', render: (e) => <Text size="sm" truncate>{[e.location.name, e.location.city].filter(Boolean).join(', ')}</Text> },
    { key: 'price', header: t('evt.col.price'), width: '110px', align: 'right', render: (e) => <Amount value={e.price} /> },
    {
      key: 'signups',
      header: t('evt.col.signups'),
      width: 'minmax(170px, 1.5fr)',
      render: (e) => {
        const s = e._stats.participant;
        return <Text size="sm" truncate>{`${s.registered} ${t('evt.stats.registered').toLowerCase()} · ${s.paid} ${t('evt.stats.paid').toLowerCase()} · ${s.pending} ${t('evt.stats.pending').toLowerCase()}`}</Text>;
      },
    },
    { key: 'seats', header: t('evt.col.seats'), width: '130px', align: 'right', render: (e) => <Text size="sm">{seatsLeft(e) ?? t('evt.unlimited')}</Text> },
  ];

  return (
    <Stack gap="sm">
      <ListHeader title={t('evt.title')}>
        <Button onClick={() => navigate('/events/new')} data-testid="new-event">{t('evt.new')}</Button>
      </ListHeader>
      <ListTabs value={tab} tabs={TABS} label={(x) => t(`evt.tab.${x}`)} onChange={setTab} />
      <TextInput placeholder={t('evt.search')} w={360} value={q} onChange={(e) => setQ(e.currentTarget.value)} aria-label={t('evt.search')} data-testid="event-search" />
      <PagedVirtualTable
        queryKey={`${tab}|${debounced}`}
        columns={columns}
        fetchPage={fetchPage}
        rowKey={(e) => e.number}
        onOpen={(e) => navigate(`/events/${e.number}`)}
        height="calc(100vh - 290px)"
        testId="event-table"
        empty={debounced ? t('evt.noHits') : tab === 'past' ? t('evt.emptyPast') : t('evt.empty')}
      />
    </Stack>
  );
}
