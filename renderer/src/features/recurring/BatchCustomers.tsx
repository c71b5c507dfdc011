import { Checkbox, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { notifyError } from '../../shared/errors';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';

interface Person {
  number: number;
  name: string;
  city: string | null;
}

/** The chosen customers in the order they will be invoiced; the name when it has been seen (null: only the number). */
export type Chosen = Map<number, string | null>;

/** How long typing must pause before the list asks the service for the new search. */
const TYPING_PAUSE_MS = 300;

/**
 * Massefakturering's customer list: one page at a time from the service (searched in SQL by the same search as
 * Kunder: name, number, org number with or without spaces, e-mail, city, phone), asked for only when typing pauses;
 * "Velg alle N treff" takes the numbers of every match from the service (`recipients.numbers`), never the rows.
 */
export function useBatchCustomers() {
  const [label, setLabel] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<Chosen>(new Map());
  const [matching, setMatching] = useState<{ key: string; total: number } | null>(null);
  const [allOf, setAllOf] = useState<{ key: string; numbers: number[]; total: number } | null>(null);
  const [gathering, setGathering] = useState<string | null>(null);
  const names = useRef(new Map<number, string>());

  useEffect(() => {
    const timer = setTimeout(() => setTyped(q.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const filter = useMemo(() => ({ q: typed || undefined, labelNumber: label ? Number(label) : undefined }), [typed, label]);
  const queryKey = JSON.stringify(filter);
  // An answer for a search typed over since counts nothing (answers may come back out of order).
  const latestKey = useRef(queryKey);
  latestKey.current = queryKey;

  const fetchPage = useCallback(
    async (page: number, perPage: number) => {
      const p = await call('recipients.list', { query: { ...filter, perPage, page, sort: 'name' } });
      for (const r of p.items) names.current.set(r.number, r.name);
      if (latestKey.current === queryKey) setMatching({ key: queryKey, total: p.total });
      return { items: p.items.map((r): Person => ({ number: r.number, name: r.name, city: r.contact.address.city || null })), total: p.total };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryKey],
  );

  const toggle = (n: number, name: string, on: boolean) =>
    setChosen((old) => {
      const next = new Map(old);
      if (on) next.set(n, name);
      else next.delete(n);
      return next;
    });

  const total = matching?.key === queryKey ? matching.total : null;
  // Ticked at once while the numbers are on their way (gathering: the search it was ticked for).
  const allChecked = gathering === queryKey || (allOf?.key === queryKey && allOf.numbers.length > 0 && allOf.numbers.every((n) => chosen.has(n)));
  const selectAll = async (on: boolean) => {
    if (!on) {
      const drop = new Set(allOf?.numbers ?? []);
      setChosen((old) => new Map([...old].filter(([n]) => !drop.has(n))));
      return;
    }
    const key = queryKey;
    setGathering(key);
    try {
      const r = await call('recipients.numbers', { query: filter });
      if (latestKey.current !== key) return;
      setAllOf({ key, numbers: r.numbers, total: r.total });
      setChosen((old) => {
        const next = new Map(old);
        for (const n of r.numbers) if (!next.has(n)) next.set(n, names.current.get(n) ?? null);
        return next;
      });
    } catch (e) {
      notifyError(e);
    } finally {
      setGathering(null);
    }
  };
  const nameOf = (n: number): string | null => chosen.get(n) ?? names.current.get(n) ?? null;
  const reset = () => {
    setChosen(new Map());
    setAllOf(null);
  };
  return { label, setLabel, q, setQ, chosen, toggle, fetchPage, queryKey, total, allChecked, selectAll, gathering, allOf, nameOf, reset };
}

export type BatchCustomers = ReturnType<typeof useBatchCustomers>;

/** The list itself: only the rows in view are drawn, their pages fetched as they scroll in. */
export function CustomerChecklist({ customers }: { customers: BatchCustomers }) {
  const { t } = useTranslation();
  const { chosen, toggle } = customers;
  const columns: Column<Person>[] = [
    {
      key: 'name',
      header: t('rec.batch.customer'),
      width: 'minmax(160px, 2fr)',
      render: (p) => <Checkbox size="xs" label={p.name} checked={chosen.has(p.number)} onChange={(e) => toggle(p.number, p.name, e.currentTarget.checked)} />,
    },
    { key: 'city', header: t('rec.batch.city'), width: 'minmax(90px, 1fr)', render: (p) => <Text size="sm" c="dimmed">{p.city ?? ''}</Text> },
  ];
  return (
    <PagedVirtualTable
      columns={columns}
      fetchPage={customers.fetchPage}
      queryKey={customers.queryKey}
      rowKey={(p) => p.number}
      empty={t('rec.batch.none')}
      height={220}
      testId="batch-customers"
    />
  );
}
