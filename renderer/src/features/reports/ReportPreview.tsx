import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../shared/money';
import type { Preview } from './reports-api';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** The JSON preview: at most 200 rows (asked with maxRows), the sums of the whole report, and how many rows it has. */
export function ReportPreview({ data }: { data: Preview }) {
  const { t } = useTranslation();
  const keys = Object.keys(data.headers);
  const summed = new Set(Object.keys(data.summary));
  const money = new Set([...summed, ...(data.moneyColumns ?? [])]);
  const cell = (key: string, v: unknown) => {
    if (v === null || v === undefined) return '';
    if (money.has(key) && typeof v === 'number') return formatMoney(v);
    if (typeof v === 'string' && ISO.test(v)) return formatDate(v);
    if (typeof v === 'number') return String(v).replace('.', ','); // numbers, invoice numbers: no grouping
    return String(v);
  };
  const right = (key: string) => money.has(key) || typeof data.items[0]?.[key] === 'number';
  if (!data.items.length) return <Text c="dimmed">{t('rep.noRows')}</Text>;
  return (
    <div data-testid="report-preview">
      <Text size="sm" c="dimmed" mb={4}>
        {t('rep.previewRows', { shown: data.items.length, total: data.rowCount })}
      </Text>
      <ScrollArea h={360} type="auto">
        <Table striped highlightOnHover stickyHeader withTableBorder fz="xs" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              {keys.map((k) => (
                <Table.Th key={k} ta={right(k) ? 'right' : 'left'}>
                  {data.headers[k]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((row, i) => (
              <Table.Tr key={i}>
                {keys.map((k) => (
                  <Table.Td key={k} ta={right(k) ? 'right' : 'left'}>
                    {cell(k, row[k])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {summed.size > 0 && (
            <Table.Tfoot>
              <Table.Tr data-testid="preview-sum">
                {keys.map((k, i) => (
                  <Table.Th key={k} ta={right(k) ? 'right' : 'left'}>
                    {summed.has(k) ? formatMoney(data.summary[k]) : i === 0 ? t('rep.sum') : ''}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </ScrollArea>
    </div>
  );
}
