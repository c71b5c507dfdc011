import { Button, Loader, Select, Stack, Text, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type Page } from '../../api/client';
import type { ItemOf } from '../../api/op-types';
import { OPS } from './doc-ops';

interface Option {
  value: string;
  label: string;
}

/** A recipient as recipients.list answers it. */
type RecipientRow = ItemOf<'recipients.list'>;

const labelOf = (r: RecipientRow) => (r.customerNumber ? `${r.name} (${r.customerNumber})` : r.name);

/**
 * A searchable customer select over recipients.list (the service searches name, customer number,
 * org number and e-mail). `value` is the recipient number.
 */
export function RecipientSelect({
  value,
  initialLabel,
  onChange,
  onCreate,
  ...rest
}: {
  value: number | null;
  initialLabel?: string | null;
  onChange: (number: number | null, label: string | null) => void;
  /** Offered when the search finds nobody: make a new customer from what was typed. */
  onCreate?: (typed: string) => void;
} & Omit<SelectProps, 'value' | 'onChange' | 'data'>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [options, setOptions] = useState<Option[]>([]);
  const [selected, setSelected] = useState<Option | null>(value ? { value: String(value), label: initialLabel ?? String(value) } : null);
  const [loading, setLoading] = useState(false);
  /** The search the options answer (Enter before they came waits for them). */
  const [answered, setAnswered] = useState<string | null>(null);
  const enterFor = useRef<string | null>(null);

  useEffect(() => {
    if (value && (!selected || selected.value !== String(value))) setSelected({ value: String(value), label: initialLabel ?? String(value) });
    if (!value) setSelected(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, initialLabel]);

  useEffect(() => {
    // Searching for the selected label itself means "show what is selected", not "search for it".
    const q = selected && debounced === selected.label ? '' : debounced.trim();
    let live = true;
    setLoading(true);
    call(OPS.recipients.list, { query: { q: q || undefined, perPage: 30 } })
      .then((page) => {
        if (!live) return;
        setOptions(page.items.map((r) => ({ value: String(r.number), label: labelOf(r) })));
        setAnswered(q);
      })
      .catch(() => live && setOptions([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [debounced, selected]);

  const data = selected && !options.some((o) => o.value === selected.value) ? [selected, ...options] : options;
  const pick = (next: Option | null) => {
    setSelected(next);
    onChange(next ? Number(next.value) : null, next?.label ?? null);
  };
  // Enter with one customer found picks it (also when pressed before the search had answered).
  useEffect(() => {
    if (enterFor.current === null || answered !== enterFor.current) return;
    enterFor.current = null;
    if (options.length === 1) pick(options[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered, options]);
  const typed = search.trim();
  const searching = !!typed && typed !== selected?.label;
  const nothing =
    loading || !onCreate ? (
      loading ? t('docs.searching') : t('docs.noCustomers')
    ) : (
      <Stack gap={4} align="flex-start">
        <Text size="sm" c="dimmed">
          {t('docs.noCustomers')}
        </Text>
        <Button size="compact-sm" variant="light" onMouseDown={(e) => e.preventDefault()} onClick={() => onCreate(typed)} data-testid="customer-create-from-search">
          {typed ? t('docs.newCustomerNamed', { name: typed }) : t('docs.newCustomer')}
        </Button>
      </Stack>
    );

  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={nothing}
      placeholder={t('docs.customerSearch')}
      {...rest}
      data={data}
      // The search the options shown answer (browser tests wait for it before they pick: an option list replaced under
      // the pointer between press and release loses the click).
      data-answered={answered ?? ''}
      value={selected?.value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      rightSection={loading && search !== selected?.label ? <Loader size="xs" /> : undefined}
      onChange={(v, option) => pick(v ? { value: v, label: option?.label ?? v } : null)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || !searching) return;
        // An option the person moved to with the arrows is Mantine's to pick; else the single match is.
        if (document.querySelector('[data-combobox-selected]')) return;
        enterFor.current = typed;
        if (answered === typed && typed === debounced.trim()) {
          enterFor.current = null;
          if (options.length === 1) pick(options[0]);
        }
      }}
    />
  );
}
