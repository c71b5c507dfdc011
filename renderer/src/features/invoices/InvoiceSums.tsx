import { Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { OPS } from '../documents/doc-ops';
import type { Sums } from '../documents/document.types';
import { formatMoney } from '../../shared/money';
import { formatNumber } from '../../shared/format';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder px="md" py={8} miw={170}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Paper>
  );
}

/** Count, total and outstanding for the current tab and filters (the sums operation, an SQL aggregate). */
export function InvoiceSums({ state, query, refreshKey }: { state: string; query: Record<string, unknown>; refreshKey: string }) {
  const { t } = useTranslation();
  const [sums, setSums] = useState<Sums | null>(null);
  useEffect(() => {
    let live = true;
    call(OPS.invoices.sums, { query: { state, ...query } })
      .then((s) => live && setSums(s))
      .catch(() => live && setSums(null));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshKey]);
  return (
    <Group gap="sm" data-testid="invoice-sums">
      <Stat label={t('inv.sums.count')} value={sums ? formatNumber(sums.count) : '–'} testId="sum-count" />
      <Stat label={t(state === 'draft' ? 'inv.sums.draftTotal' : state === 'credit-notes' ? 'inv.sums.credited' : 'inv.sums.total')} value={sums ? formatMoney(sums.total) : '–'} testId="sum-total" />
      {state !== 'draft' && state !== 'credit-notes' ? <Stat label={t('inv.sums.balance')} value={sums ? formatMoney(sums.balance) : '–'} testId="sum-balance" /> : null}
      {sums?.toRefund ? <Stat label={t('inv.sums.toRefund')} value={formatMoney(sums.toRefund)} testId="sum-to-refund" /> : null}
    </Group>
  );
}
