import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentData } from '../documents/document.types';
import { formatMoney } from '../../shared/money';
import { invoiceStatus, STATUS_COLOR, type InvoiceStatus } from './invoice-status';

export function InvoiceStatusBadge({ status, size = 'sm' }: { status: InvoiceStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" size={size} data-testid="status-badge">
      {t(`inv.status.${status}`)}
    </Badge>
  );
}

/**
 * An issued invoice's one status, the same in the list and on its page: the state, and next to it "Delvis betalt",
 * "Delvis kreditert" and what the customer has to get back.
 */
export function InvoiceStatusBadges({ doc, size = 'sm' }: { doc: DocumentData; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const d = doc.stateDetail;
  return (
    <Group gap={4} wrap="nowrap" data-testid="status-badges">
      <InvoiceStatusBadge status={invoiceStatus(doc)} size={size} />
      {d?.partlyPaid ? (
        <Badge color="cyan" variant="outline" size={size} data-testid="badge-partly-paid">
          {t('inv.status.partlyPaid')}
        </Badge>
      ) : null}
      {d?.partlyCredited ? (
        <Badge color="grape" variant="outline" size={size}>
          {t('inv.status.partlyCredited')}
        </Badge>
      ) : null}
      {d && d.toRefund > 0 ? (
        <Badge color="orange" variant="outline" size={size} data-testid="badge-to-refund">
          {t('inv.status.toRefund', { amount: formatMoney(d.toRefund) })}
        </Badge>
      ) : null}
    </Group>
  );
}
