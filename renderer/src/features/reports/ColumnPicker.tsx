import { Button, Checkbox, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportInfo } from './reports-api';

/** The report's columns as checkboxes, in the report's order; the preselected ones start checked. */
export function ColumnPicker({ report, value, onChange }: { report: ReportInfo; value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation();
  const keys = report.columns.map((c) => c.key);
  const toggle = (key: string, on: boolean) => onChange(keys.filter((k) => (k === key ? on : value.includes(k))));
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Text fw={600}>{t('rep.columns')}</Text>
        <Group gap={4}>
          <Button size="compact-xs" variant="subtle" onClick={() => onChange(keys)}>
            {t('rep.allColumns')}
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => onChange(report.columns.filter((c) => c.preselected).map((c) => c.key))}>
            {t('rep.defaultColumns')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={6} verticalSpacing={6} data-testid="column-picker">
        {report.columns.map((c) => (
          <Checkbox key={c.key} size="xs" label={c.name} checked={value.includes(c.key)} onChange={(e) => toggle(c.key, e.currentTarget.checked)} />
        ))}
      </SimpleGrid>
    </div>
  );
}
