import { Alert, Loader, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client';
import type { ItemOf } from '../../api/op-types';
import { formatDate, formatMoney } from '../../shared/format';

/** A draft as recipients.listDraftDocuments answers it. */
type Draft = ItemOf<'recipients.listDraftDocuments'>;

/** The drafts of a recipient: op recipients.listDraftDocuments (GET /recipients/{n}/draftDocuments, spec 4.1). */
async function loadDrafts(number: number): Promise<Draft[]> {
  const d = await call('recipients.listDraftDocuments', { params: { number } });
  return Array.isArray(d) ? d : [];
}

/** The recipient's draft invoices and credit notes. */
export function DraftsTab({ recipientNumber }: { recipientNumber: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setDrafts(null);
    setError(null);
    loadDrafts(recipientNumber)
      .then(setDrafts)
      .catch((e) => setError(e instanceof Error ? e.message : String(e)));
  }, [recipientNumber]);

  if (error) return <Alert color="red">{error}</Alert>;
  if (!drafts) return <Loader size="sm" m="md" />;
  if (!drafts.length)
    return (
      <Text c="dimmed" p="lg" ta="center" data-testid="drafts-empty">
        {t('recipients.drafts.empty')}
      </Text>
    );
  return (
    <Table striped highlightOnHover verticalSpacing={6} fz="sm" data-testid="drafts-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('recipients.drafts.number')}</Table.Th>
          <Table.Th>{t('recipients.drafts.kind')}</Table.Th>
          <Table.Th>{t('recipients.drafts.date')}</Table.Th>
          <Table.Th>{t('recipients.drafts.text')}</Table.Th>
          <Table.Th ta="right">{t('recipients.drafts.lines')}</Table.Th>
          <Table.Th ta="right">{t('recipients.drafts.total')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {drafts.map((d) => (
          <Table.Tr key={d.number} style={{ cursor: 'pointer' }} onClick={() => navigate(`/invoices/drafts/${d.number}`)} data-testid="draft-row">
            <Table.Td>{d.number}</Table.Td>
            <Table.Td>{d.credit ? t('recipients.drafts.creditNote') : t('recipients.drafts.invoice')}</Table.Td>
            <Table.Td>{d.invoiceDate ? formatDate(d.invoiceDate) : <Text span c="gray.5" inherit>{t('recipients.drafts.noDate')}</Text>}</Table.Td>
            <Table.Td>{d.invoiceText || d.items?.[0]?.description || ''}</Table.Td>
            <Table.Td ta="right">{d.items?.length ?? 0}</Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(d.total)} {d.currency && d.currency !== 'NOK' ? d.currency : ''}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
