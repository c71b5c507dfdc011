import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocItem } from './document.types';
import { computeTotals, formatMoney, formatOre, formatQuantity } from '../../shared/money';
import { unitForQuantity } from '../../../../main/domain/units';

const right = { textAlign: 'right' as const, whiteSpace: 'nowrap' as const };

/** The lines of an issued document, read-only, with VAT per rate and the service's totals. */
export function DocumentItemsTable({ items, total, tax, currency, totalLabelKey = 'docs.totals.total' }: { items: DocItem[]; total?: number; tax?: number; currency?: string | null; totalLabelKey?: string }) {
  const { t } = useTranslation();
  const figures = computeTotals(items.map((i) => ({ quantity: i.quantity, unitPrice: i.unitPrice ?? 0, discount: i.discount ?? 0, taxRate: i.taxRate ?? 0 })));
  const grand = total ?? figures.totalOre / 100;
  const vat = tax ?? figures.taxOre / 100;
  return (
    <Paper withBorder p="md">
      <Table striped={false} verticalSpacing={6} data-testid="doc-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>{t('docs.line.code')}</Table.Th>
            <Table.Th>{t('docs.line.description')}</Table.Th>
            <Table.Th style={right}>{t('docs.line.quantity')}</Table.Th>
            <Table.Th style={right}>{t('docs.line.unitPrice')}</Table.Th>
            <Table.Th style={right}>{t('docs.line.discount')}</Table.Th>
            <Table.Th style={right}>{t('docs.line.vat')}</Table.Th>
            <Table.Th style={right}>{t('docs.line.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i, n) => (
            <Table.Tr key={n}>
              <Table.Td>{i.productCode}</Table.Td>
              <Table.Td>{i.description}</Table.Td>
              <Table.Td style={right}>
                {formatQuantity(i.quantity)}
                {i.unit ? ` ${unitForQuantity(i.unit, Math.round(i.quantity * 1000))}` : ''}
              </Table.Td>
              <Table.Td style={right}>{formatMoney(i.unitPrice ?? 0)}</Table.Td>
              <Table.Td style={right}>{i.discount ? `${formatQuantity(i.discount)} %` : ''}</Table.Td>
              <Table.Td style={right}>{i.taxRate ?? 0} %</Table.Td>
              <Table.Td style={right}>{formatMoney(i.totalWithoutTax ?? figures.lines[n] / 100)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={4} w={340} ml="auto" mt="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('docs.totals.net')}
          </Text>
          <Text size="sm" style={right}>
            {formatMoney(grand - vat)}
          </Text>
        </Group>
        {figures.vat.map((v) => (
          <Group key={v.taxRate} justify="space-between">
            <Text size="sm" c="dimmed">
              {t('docs.totals.vatRate', { rate: v.taxRate, base: formatOre(v.baseOre) })}
            </Text>
            <Text size="sm" style={right}>
              {formatOre(v.taxOre)}
            </Text>
          </Group>
        ))}
        <Group justify="space-between" pt={4} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Text fw={700}>
            {t(totalLabelKey)} {currency ?? 'NOK'}
          </Text>
          <Text fw={700} style={right} data-testid="doc-total">
            {formatMoney(grand)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
