import { Paper, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useLiveShipments, useSendingVersion } from './sending.store';
import { HISTORY_OP, type HistoryEntry, type SentType } from './sending.types';
import { formatDateTime } from '../../shared/format';
import { ShipmentStatusBadge, shipmentText } from './StatusBadge';

/**
 * How a document was sent (spec 2.9; an offer's covers its order confirmation and invoice, 4.6), newest first.
 * A status change arrives over the push channel (useLiveShipments), so DELIVERED appears without a reload.
 */
export function SendingHistory({ type, number }: { type: SentType; number: number }) {
  const { t } = useTranslation();
  const version = useSendingVersion((s) => s.version);
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  useLiveShipments();

  useEffect(() => {
    let live = true;
    call(HISTORY_OP[type], { params: { number } })
      .then((h) => live && setEntries(h))
      .catch(() => live && setEntries([]));
    return () => {
      live = false;
    };
  }, [type, number, version]);

  return (
    <Paper withBorder p="md" data-testid="sending-history">
      <Text fw={600} mb="xs">
        {t('send.history')}
      </Text>
      {entries && entries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="sending-history-empty">
          {t('send.history.empty')}
        </Text>
      ) : (
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={150}>{t('send.col.date')}</Table.Th>
              <Table.Th>{t('send.col.description')}</Table.Th>
              <Table.Th>{t('send.col.address')}</Table.Th>
              <Table.Th w={130}>{t('send.col.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(entries ?? []).map((e, i) => (
              <Table.Tr key={i} data-testid="history-row">
                <Table.Td>{formatDateTime(e.date)}</Table.Td>
                <Table.Td>{shipmentText(e.description, e.status)}</Table.Td>
                <Table.Td>{e.recipientAddress || '–'}</Table.Td>
                <Table.Td>
                  <ShipmentStatusBadge status={e.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
