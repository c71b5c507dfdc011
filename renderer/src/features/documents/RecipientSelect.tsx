import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
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
  ...rest
}: { value: number | null; initialLabel?: string | null; onChange: (number: number | null, label: string | null) => void } & Omit<
  SelectProps,
  'value' | 'onChange' | 'data'
>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [options, setOptions] = useState<Option[]>([]);
  const [selected, setSelected] = useState<Option | null>(value ? { value: String(value), label: initialLabel ?? String(value) } : null);
  const [loading, setLoading] = useState(false);

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
      .then((page) => live && setOptions(page.items.map((r) => ({ value: String(r.number), label: labelOf(r) }))))
      .catch(() => live && setOptions([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [debounced, selected]);

  const data = selected && !options.some((o) => o.value === selected.value) ? [selected, ...options] : options;

  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={loading ? t('docs.searching') : t('docs.noCustomers')}
      placeholder={t('docs.customerSearch')}
      {...rest}
      data={data}
      value={selected?.value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      rightSection={loading && search !== selected?.label ? <Loader size="xs" /> : undefined}
      onChange={(v, option) => {
        const next = v ? { value: v, label: option?.label ?? v } : null;
        setSelected(next);
        onChange(next ? Number(next.value) : null, next?.label ?? null);
      }}
    />
  );
}
