import { Group, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from './money';

/** A list screen's title with its "new" buttons on the right. */
export function ListHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={2}>{title}</Title>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}

/** The tabs over a list (the table below is the list's own). */
export function ListTabs<V extends string>({ value, tabs, label, onChange }: { value: V; tabs: readonly V[]; label: (tab: V) => string; onChange: (tab: V) => void }) {
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as V)}>
      <Tabs.List>
        {tabs.map((x) => (
          <Tabs.Tab key={x} value={x}>
            {label(x)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** An amount in a list cell in the document's currency; a currency other than NOK is named. */
export function Amount({ value, currency }: { value: number | undefined | null; currency?: string | null }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(value ?? 0)}
      {currency && currency !== 'NOK' ? ` ${currency}` : ''}
    </Text>
  );
}
