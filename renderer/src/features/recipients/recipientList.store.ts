import { create } from 'zustand';
import { call, type Page } from '../../api/client';
import type { InputOf } from '../../api/op-types';
import { nextSort, type SortState } from '../../shared/PagedVirtualTable';
import type { Recipient } from './recipient.types';

/** A list item: the recipient with what it owes (kroner, NOK). */
export type RecipientRow = Recipient & { openBalance?: number };

export const PER_PAGE = 100;

/**
 * The recipient list as the virtualized table sees it: a total and the pages fetched so far. Pages are
 * fetched from the service (perPage 100) only when rows of them scroll into view, so 50,000 recipients
 * cost a few requests, never the whole list. A filter change starts a new generation; answers of an
 * older generation are dropped.
 */
interface RecipientListState {
  q: string;
  labelNumber: number | null;
  /** null: the default Norwegian name order. */
  sort: SortState | null;
  total: number | null;
  pages: Record<number, RecipientRow[]>;
  generation: number;
  error: string | null;
  setFilter(f: { q?: string; labelNumber?: number | null }): void;
  /** A click on a column header: sorted by it (in the service), a second click turns it round. */
  sortBy(key: string): void;
  /** Makes sure the pages covering rows [start, end] are fetched (or being fetched). */
  ensureRows(start: number, end: number): void;
  reload(): void;
  rowAt(index: number): RecipientRow | undefined;
}

const inFlight = new Set<string>();

export const useRecipientList = create<RecipientListState>((set, get) => {
  async function fetchPage(page: number) {
    const { q, labelNumber, sort, generation } = get();
    const key = `${generation}:${page}`;
    if (inFlight.has(key) || get().pages[page]) return;
    inFlight.add(key);
    try {
      const query: NonNullable<InputOf<'recipients.list'>['query']> & { perPage: number } = { perPage: PER_PAGE, page };
      if (q.trim()) query.q = q.trim();
      if (labelNumber !== null) query.labelNumber = labelNumber;
      if (sort) Object.assign(query, { sort: sort.key, dir: sort.dir });
      const res = await call('recipients.list', { query });
      if (get().generation !== generation) return;
      set((s) => ({ total: res.total, pages: { ...s.pages, [page]: res.items }, error: null }));
    } catch (e) {
      if (get().generation === generation) set({ error: e instanceof Error ? e.message : String(e) });
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    q: '',
    labelNumber: null,
    sort: null,
    total: null,
    pages: {},
    generation: 0,
    error: null,
    setFilter(f) {
      set((s) => ({ ...s, ...f, generation: s.generation + 1, pages: {}, total: null }));
      void fetchPage(1);
    },
    sortBy(key) {
      set((s) => ({ sort: nextSort(s.sort ?? { key: 'name', dir: 'asc' }, key), generation: s.generation + 1, pages: {}, total: null }));
      void fetchPage(1);
    },
    ensureRows(start, end) {
      const first = Math.floor(Math.max(0, start) / PER_PAGE) + 1;
      const last = Math.floor(Math.max(0, end) / PER_PAGE) + 1;
      for (let p = first; p <= last; p++) if (!get().pages[p]) void fetchPage(p);
    },
    reload() {
      set((s) => ({ generation: s.generation + 1, pages: {}, total: null }));
      void fetchPage(1);
    },
    rowAt(index) {
      return get().pages[Math.floor(index / PER_PAGE) + 1]?.[index % PER_PAGE];
    },
  };
});
