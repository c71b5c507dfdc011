import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
export { shipmentText } from '../../shared/shipment-text';

const COLOR: Record<string, string> = { IN_PROGRESS: 'blue', DELIVERED: 'teal', NOT_DELIVERED: 'red' };


/**
 * A shipment's delivery status (spec 2.9) in words. `waitingFor`: an IN_PROGRESS shipment that cannot go until
 * Innstillinger → E-post has a mail server and sender (`email`) or an SMS service (`sms`) says so instead of "Underveis".
 */
export function ShipmentStatusBadge({ status, waitingFor, method }: { status: string; waitingFor?: 'email' | 'sms'; method?: string }) {
  const { t } = useTranslation();
  if (status === 'DELIVERED' && method === 'ehf') {
    // An EHF "delivered" by the sender is a file written to <data folder>/outbox/ehf: no receiver has it yet (WRITTEN,
    // reported by the API as the spec's DELIVERED; docs/files-and-inputs.md).
    return (
      <Badge variant="light" color="cyan" tt="none" title={t('send.status.WRITTEN_HINT')} data-testid="shipment-status" data-state="WRITTEN">
        {t('send.status.WRITTEN')}
      </Badge>
    );
  }
  if (status === 'IN_PROGRESS' && waitingFor) {
    return (
      <Badge
        variant="light"
        color="yellow"
        tt="none"
        // Longer than the other states: it wraps inside a narrow column rather than being cut to "Venter på opp…".
        styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.25, paddingBlock: 2 } }}
        data-testid="shipment-status"
        data-waiting-for={waitingFor}
      >
        {t(`send.status.waitingForSetup.${waitingFor}`)}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={COLOR[status] ?? 'gray'} data-testid="shipment-status">
      {t(`send.status.${status}`)}
    </Badge>
  );
}
