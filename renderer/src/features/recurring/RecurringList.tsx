import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { BatchDialog } from './BatchDialog';
import type { SeriesListItem } from './recurring.types';
import { intervalText, nextOccurrenceText } from './interval-text';

const STATUS_COLOR: Record<string, string> = { active: 'teal', paused: 'gray', stopped: 'red', ended: 'dark', finished: 'blue' };

/** Faste fakturaer: every series with its next date, amount, customer and status. */
export function RecurringList() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [reload, setReload] = useState(0);
  const [batchOpen, setBatchOpen] = useState(false);
  const fetchPage = useCallback((page: number, perPage: number) => call('recurring.list', { query: { page, perPage } }), []);

  const runNow = async () => {
    try {
      const r = await call('recurring.run');
      notifyOk(r.issued.length ? t('rec.ranIssued', { count: r.issued.length }) : t('rec.ranNothing'));
      setReload((n) => n + 1);
    } catch (err) {
      notifyError(err);
    }
  };

  const columns: Column<SeriesListItem>[] = [
    { key: 'customer', header: t('rec.customer'), width: 'minmax(150px, 1fr)', render: (s) => <Text size="sm" truncate>{s.recipientName}</Text> },
    { key: 'text', header: t('rec.invoiceText'), width: 'minmax(120px, 1fr)', render: (s) => <Text size="sm" truncate c="dimmed">{s.invoiceText ?? ''}</Text> },
    { key: 'interval', header: t('rec.interval'), width: '130px', render: (s) => <Text size="sm">{intervalText(t, s.interval)}</Text> },
    { key: 'next', header: t('rec.nextDate'), width: '220px', render: (s) => <Text size="sm" truncate>{nextOccurrenceText(s, i18n.language)}</Text> },
    { key: 'amount', header: t('rec.amount'), width: '120px', align: 'right', render: (s) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatMoney(s.total)}</Text> },
    {
      key: 'status',
      header: t('rec.status'),
      width: '120px',
      render: (s) => (
        <Badge color={STATUS_COLOR[s.status] ?? 'gray'} variant="light" title={s.stopped?.reason}>
          {t(`rec.status.${s.status}`)}
          {s.awaitingConfirmation ? ` (${s.awaitingConfirmation})` : ''}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2}>{t('rec.title')}</Title>
        <Group gap="xs">
          <Button variant="default" onClick={runNow} data-testid="recurring-run">
            {t('rec.runNow')}
          </Button>
          <Button variant="default" onClick={() => setBatchOpen(true)} data-testid="open-batch">
            {t('rec.batch')}
          </Button>
          <Button onClick={() => navigate('/recurring/new')} data-testid="new-recurring">
            {t('rec.new')}
          </Button>
        </Group>
      </Group>
      <PagedVirtualTable
        queryKey={String(reload)}
        columns={columns}
        fetchPage={fetchPage}
        rowKey={(s) => s.number}
        onOpen={(s) => navigate(`/recurring/${s.number}`)}
        height="calc(100vh - 200px)"
        testId="recurring-table"
        empty={t('rec.empty')}
      />
      <BatchDialog opened={batchOpen} onClose={() => setBatchOpen(false)} />
    </Stack>
  );
}
