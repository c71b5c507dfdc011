import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatOre, type Totals } from '../../shared/money';

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** Sum without VAT, VAT per rate (base and VAT) and the grand total, in the document's currency. */
export function DocumentTotals({ totals, currency, totalLabelKey = 'docs.totals.total' }: { totals: Totals; currency: string; totalLabelKey?: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" w={340} ml="auto" data-testid="doc-totals">
      <Stack gap={4}>
        <Row label={t('docs.totals.net')} value={formatOre(totals.netOre)} testId="total-net" />
        {totals.vat.map((v) => (
          <Row
            key={v.taxRate}
            label={t('docs.totals.vatRate', { rate: v.taxRate, base: formatOre(v.baseOre) })}
            value={formatOre(v.taxOre)}
            testId={`total-vat-${v.taxRate}`}
          />
        ))}
        <Divider my={4} />
        <Row label={`${t(totalLabelKey)} ${currency}`} value={formatOre(totals.totalOre)} strong testId="total-grand" />
      </Stack>
    </Paper>
  );
}
