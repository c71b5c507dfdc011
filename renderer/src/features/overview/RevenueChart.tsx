import { CompositeChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/money';
import { monthName } from '../../shared/format';
import type { Revenue } from './overview-api';

export type RangeChoice = '6' | '12' | 'year' | 'lastYear';

/** The graph's from/to for a choice: '6' and '12' are that many calendar months ending with this one. */
export function rangeOf(choice: RangeChoice, today: string): { from?: string; to?: string } {
  const y = Number(today.slice(0, 4));
  if (choice === 'year') return { from: `${y}-01-01`, to: today };
  if (choice === 'lastYear') return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  // n calendar months ending with this one (the service's default, today − 6 months, would span seven).
  const n = choice === '12' ? 12 : 6;
  const index = y * 12 + Number(today.slice(5, 7)) - 1 - (n - 1);
  return { from: `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`, to: today };
}

/** Axis ticks stay short: 800 000, 1,5 mill., 800 mill. */
const axisAmount = (v: number) => (Math.abs(v) >= 1e6 ? `${formatMoney(v / 1e6, Math.abs(v) >= 1e7 ? 0 : 1).replace(/,0$/, '')} mill.` : formatMoney(v, 0));

/** Net revenue as bars per month, received and written off as lines (Mantine Charts on Recharts). */
const NB_MONTHS = ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'];

/** The service labels months in Norwegian ("desember 2025"); the English screen names them in English. */
function monthLabel(label: string, lang: string): string {
  if (lang !== 'en') return label;
  const [name, year] = label.split(' ');
  const i = NB_MONTHS.indexOf(name);
  if (i < 0) return label;
  const en = monthName(i, 'en');
  return year ? `${en} ${year}` : en;
}

export function RevenueChart({ data, range, onRange }: { data: Revenue | null; range: RangeChoice; onRange: (r: RangeChoice) => void }) {
  const { t, i18n } = useTranslation();
  const rows = (data?.labels ?? []).map((label, i) => ({
    month: monthLabel(label, i18n.language),
    revenue: data!.revenueWithoutVat[i],
    paid: data!.paid[i],
    lost: data!.lost[i],
  }));
  return (
    <Paper withBorder p="md" data-testid="revenue-chart">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('ovr.chart.title')}</Title>
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(v) => onRange(v as RangeChoice)}
          data={(['6', '12', 'year', 'lastYear'] as const).map((v) => ({ value: v, label: t(`ovr.range.${v}`) }))}
          data-testid="chart-range"
        />
      </Group>
      {rows.length ? (
        <CompositeChart
          h={260}
          data={rows}
          dataKey="month"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={(v) => `${formatMoney(v, 0)} kr`}
          yAxisProps={{ width: 80, tickFormatter: axisAmount }}
          maxBarWidth={40}
          curveType="linear"
          series={[
            { name: 'revenue', label: t('ovr.chart.revenue'), color: 'teal.6', type: 'bar' },
            { name: 'paid', label: t('ovr.chart.paid'), color: 'blue.6', type: 'line' },
            { name: 'lost', label: t('ovr.chart.lost'), color: 'red.6', type: 'line' },
          ]}
        />
      ) : (
        <Text c="dimmed" h={260}>
          …
        </Text>
      )}
    </Paper>
  );
}
