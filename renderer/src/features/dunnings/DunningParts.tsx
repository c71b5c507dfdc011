import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Dunning } from './dunning.types';

const COLORS = { 'not-due': 'blue', due: 'red', paid: 'teal', lost: 'gray' } as const;

/** The dunned invoice's state now (paid since the notice, still due, …). */
export function InvoiceStateBadge({ state, size = 'sm' }: { state: Dunning['invoiceState']; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[state]} variant="light" size={size} data-testid="dunning-invoice-state">
      {t(`dun.state.${state}`)}
    </Badge>
  );
}

/** "Purring" or "Inkassovarsel", marked when the automatic run made it. */
export function KindLabel({ d }: { d: Pick<Dunning, 'debtCollectionNotice' | 'automatic'> & { interestNote?: boolean } }) {
  const { t } = useTranslation();
  return (
    <>
      {t(d.interestNote ? 'dun.kind.interestNote' : d.debtCollectionNotice ? 'dun.kind.notice' : 'dun.kind.reminder')}
      {d.automatic ? ` (${t('dun.kind.auto')})` : ''}
    </>
  );
}
