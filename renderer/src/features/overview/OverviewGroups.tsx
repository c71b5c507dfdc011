import { Group, Paper, Select, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/money';
import type { InvoiceOverview, OverviewItem } from './overview-api';

/** The 2.6 groups as one table; each item opens the list of exactly the documents it counts. */
export function OverviewGroups({ data, year, onYear, onOpen }: { data: InvoiceOverview | null; year: string | null; onYear: (y: string | null) => void; onOpen: (item: OverviewItem) => void }) {
  const { t } = useTranslation();
  const label = (s: string) => t(`ovr.item.${s}`, { defaultValue: s });
  const years = [...new Set([...(data?.years ?? []), ...(year && year !== 'all' ? [Number(year)] : [])])].sort((a, b) => b - a);
  const shown = year ?? (data?.groups[0]?.items[1]?._links.self.uri.match(/year=(\d{4})/)?.[1] ?? null);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('ovr.groups.title')}</Title>
        <Select
          aria-label={t('ovr.year')}
          w={140}
          size="xs"
          allowDeselect={false}
          value={shown}
          onChange={(v) => onYear(v)}
          data={[...years.map((y) => ({ value: String(y), label: String(y) })), { value: 'all', label: t('ovr.year.all') }]}
          data-testid="overview-year"
        />
      </Group>
      <Table highlightOnHover verticalSpacing={6} data-testid="overview-groups">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ovr.col.what')}</Table.Th>
            <Table.Th ta="right">{t('ovr.col.count')}</Table.Th>
            <Table.Th ta="right">{t('ovr.col.total')}</Table.Th>
            <Table.Th ta="right">{t('ovr.col.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data?.groups ?? []).flatMap((g) => [
            <Table.Tr key={g.name} bg="var(--mantine-color-gray-0)">
              <Table.Td>
                <Text fw={700}>{label(g.name)}</Text>
              </Table.Td>
              <Table.Td />
              <Table.Td ta="right">
                <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="overview-group-total">
                  {t(g.name === 'Fakturaer' ? 'ovr.groupTotal.invoices' : 'ovr.groupTotal.other')} {formatMoney(g.summary.total)}
                </Text>
              </Table.Td>
              <Table.Td />
            </Table.Tr>,
            ...g.items.map((item) => (
              <Table.Tr key={`${g.name}/${item.description}`} style={{ cursor: 'pointer' }} onClick={() => onOpen(item)} data-testid="overview-item">
                <Table.Td pl="xl">
                  <UnstyledButton>
                    <Text size="sm" c="teal.8">
                      {label(item.description)}
                    </Text>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatMoney(item.count, 0)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(item.total)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" data-testid="overview-item-balance">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {item.balance === undefined ? '' : formatMoney(item.balance)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )),
          ])}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
