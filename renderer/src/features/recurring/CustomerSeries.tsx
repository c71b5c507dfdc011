import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client';
import { formatMoney } from '../../shared/money';
import { intervalText, nextOccurrenceText } from './interval-text';
import type { SeriesListItem } from './recurring.types';

/** The customer page's tab: their recurring invoices (Kunder → a customer → Faste fakturaer). */
export function CustomerSeries({ recipientNumber }: { recipientNumber: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<SeriesListItem[] | null>(null);
  useEffect(() => {
    void call('recurring.list', { query: { recipientNumber, perPage: 100 } }).then((p) => setRows(p.items));
  }, [recipientNumber]);
  if (!rows) return null;
  return (
    <Stack gap="sm" data-testid="customer-series">
      <Group justify="flex-end">
        <Button size="xs" variant="light" onClick={() => navigate('/recurring/new')}>{t('rec.new')}</Button>
      </Group>
      {rows.length ? (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rec.invoiceText')}</Table.Th>
              <Table.Th>{t('rec.interval')}</Table.Th>
              <Table.Th>{t('rec.nextDate')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('rec.amount')}</Table.Th>
              <Table.Th>{t('rec.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.number} style={{ cursor: 'pointer' }} onClick={() => navigate(`/recurring/${s.number}`)}>
                <Table.Td><Anchor size="sm">{s.invoiceText || `#${s.number}`}</Anchor></Table.Td>
                <Table.Td>{intervalText(t, s.interval)}</Table.Td>
                <Table.Td>{nextOccurrenceText(s, i18n.language)}</Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(s.total)}</Table.Td>
                <Table.Td><Badge variant="light">{t(`rec.status.${s.status}`)}</Badge></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">{t('rec.empty')}</Text>
      )}
    </Stack>
  );
}
