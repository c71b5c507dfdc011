import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<string, string> = { IN_PROGRESS: 'blue', DELIVERED: 'teal', NOT_DELIVERED: 'red' };

/** A shipment's delivery status (spec 2.9) in words. */
export function ShipmentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOR[status] ?? 'gray'} data-testid="shipment-status">
      {t(`send.status.${status}`)}
    </Badge>
  );
}
