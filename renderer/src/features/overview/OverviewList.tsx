import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Amount } from '../../shared/ListParts';
import { formatDate } from '../../shared/money';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { linkedList, type ListRow } from './overview-api';

/** The documents behind one overview item: its link's list, paged and virtualised; a row opens the document. */
export function OverviewList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const link = params.get('link') ?? '';
  const title = params.get('title') ?? '';
  const list = linkedList(link);

  const fetchPage = useCallback(
    (page: number, perPage: number) => list!.fetch(page, perPage),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [link],
  );

  const columns: Column<ListRow>[] = [
    { key: 'number', header: t('ovr.col.number'), width: '90px', render: (r) => <Text size="sm" fw={600}>{r.number}</Text> },
    { key: 'customer', header: t('ovr.col.customer'), width: 'minmax(160px, 3fr)', render: (r) => <Text size="sm" truncate>{r.customer}</Text> },
    { key: 'date', header: t('ovr.col.date'), width: '110px', render: (r) => <Text size="sm">{formatDate(r.date)}</Text> },
    { key: 'due', header: t('ovr.col.due'), width: '110px', render: (r) => <Text size="sm">{formatDate(r.dueDate)}</Text> },
    { key: 'total', header: t('ovr.col.amount'), width: '140px', align: 'right', render: (r) => <Amount value={r.total} currency={r.currency} /> },
  ];

  return (
    <Stack gap="sm" data-testid="overview-list">
      <Group justify="space-between">
        <Title order={2}>{t(`ovr.item.${title}`, { defaultValue: title })}</Title>
        <Button variant="subtle" onClick={() => navigate('/overview')} data-testid="overview-back">
          {t('ovr.back')}
        </Button>
      </Group>
      {list ? (
        <PagedVirtualTable queryKey={link} columns={columns} fetchPage={fetchPage} rowKey={(r) => r.key} onOpen={(r) => navigate(r.open)} empty={t('ovr.list.empty')} height="calc(100vh - 200px)" />
      ) : (
        <Text c="dimmed">{link}</Text>
      )}
    </Stack>
  );
}
