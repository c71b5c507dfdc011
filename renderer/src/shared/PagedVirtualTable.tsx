import './table.css';
import { Box, Center, Loader, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** CSS grid track, e.g. "90px" or "2fr". */
  width: string;
  align?: 'left' | 'right' | 'center';
  render: (row: T) => ReactNode;
  /** Clicking the header sorts by this column (the caller asks the service for that order). */
  sortable?: boolean;
}

export interface SortState {
  key: string;
  dir: 'asc' | 'desc';
}

/** The next sort after a click on a header: a new column starts ascending, the same column turns around. */
export function nextSort(current: SortState | null, key: string): SortState {
  return current?.key === key ? { key, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' };
}

const PAGE = 100;
const ROW = 40;
const GAP = 12;
const PAD = 12;

/**
 * The narrowest the grid may get: each track's minimum ("90px", "minmax(130px, 2fr)"; a bare "fr" counts 0) plus
 * gaps and padding. Below it the list scrolls sideways, header and rows together, instead of cutting columns off.
 */
export function gridMinWidth(widths: string[], gap = GAP): number {
  const min = (w: string) => Number(/^(?:minmax\(\s*)?(\d+(?:\.\d+)?)px/.exec(w.trim())?.[1] ?? 0);
  return widths.reduce((sum, w) => sum + min(w), 0) + gap * Math.max(0, widths.length - 1) + 2 * PAD;
}

/**
 * A server-paged, virtualized list: only the visible rows are in the DOM, and pages of PAGE rows are
 * fetched from the service as they scroll into view. `queryKey` resets it (a new tab or filter); a new `refreshKey`
 * fetches the pages already loaded again and swaps them in, keeping the scroll position (live updates).
 */
export function PagedVirtualTable<T>({
  columns,
  fetchPage,
  queryKey,
  refreshKey,
  onOpen,
  rowKey,
  empty,
  height = 'calc(100vh - 330px)',
  testId = 'doc-table',
  sort = null,
  onSort,
  gap = GAP,
}: {
  columns: Column<T>[];
  fetchPage: (page: number, perPage: number) => Promise<{ items: T[]; total: number }>;
  queryKey: string;
  refreshKey?: string | number;
  onOpen?: (row: T) => void;
  rowKey: (row: T) => string | number;
  /** What an empty list says (a string is shown dimmed). */
  empty: ReactNode;
  height?: string | number;
  testId?: string;
  sort?: SortState | null;
  onSort?: (key: string) => void;
  /** Space between columns in px (a list with many narrow columns may take less than the usual 12). */
  gap?: number;
}) {
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pages = useRef(new Map<number, T[]>());
  const pending = useRef(new Set<number>());
  const [, setVersion] = useState(0);
  const generation = useRef(0);
  const scrollRef = useRef<HTMLDivElement>(null);

  const load = useCallback(
    (page: number) => {
      if (pages.current.has(page) || pending.current.has(page)) return;
      const gen = generation.current;
      pending.current.add(page);
      fetchPage(page, PAGE)
        .then((res) => {
          if (gen !== generation.current) return;
          pages.current.set(page, res.items);
          setTotal(res.total);
          setVersion((v) => v + 1);
        })
        .catch((e) => gen === generation.current && setError(e instanceof Error ? e.message : String(e)))
        .finally(() => pending.current.delete(page));
    },
    [fetchPage],
  );

  // Set when the query changes: the rows in view that commit are the old query's, so they must not fetch pages of the
  // new one (a list scrolled far down would otherwise ask for that page too); the first page's answer draws anew.
  const reset = useRef(false);
  useEffect(() => {
    generation.current += 1;
    reset.current = true;
    pages.current = new Map();
    pending.current = new Set();
    setTotal(null);
    setError(null);
    scrollRef.current?.scrollTo({ top: 0 });
    load(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryKey]);

  const refreshed = useRef(refreshKey);
  useEffect(() => {
    if (refreshed.current === refreshKey) return;
    refreshed.current = refreshKey;
    const gen = generation.current;
    const loaded = [...pages.current.keys()];
    if (loaded.length === 0) return;
    Promise.all(loaded.map((p) => fetchPage(p, PAGE).then((res) => [p, res] as const)))
      .then((results) => {
        if (gen !== generation.current) return;
        const next = new Map<number, T[]>();
        for (const [p, res] of results) next.set(p, res.items);
        pages.current = next;
        setTotal(results[results.length - 1][1].total);
        setVersion((v) => v + 1);
      })
      .catch(() => undefined); // the next change or scroll tries again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshKey]);

  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 12,
  });
  const virtualItems = virtualizer.getVirtualItems();

  useEffect(() => {
    if (reset.current) {
      reset.current = false;
      return;
    }
    for (const v of virtualItems) load(Math.floor(v.index / PAGE) + 1);
  });

  const minWidth = gridMinWidth(columns.map((c) => c.width), gap);
  const grid: CSSProperties = { display: 'grid', gridTemplateColumns: columns.map((c) => c.width).join(' '), alignItems: 'center', columnGap: gap, padding: `0 ${PAD}px`, minWidth };
  const cell = (c: Column<T>): CSSProperties => ({ textAlign: c.align ?? 'left', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

  return (
    <Box role="table" data-testid={testId} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6, background: 'white', overflow: 'hidden' }}>
      {/* The header scrolls sideways with the rows (a narrow window), and stays on top when they scroll down. */}
      <div ref={scrollRef} style={{ height, minHeight: 200, overflow: 'auto', position: 'relative' }}>
      <div role="row" style={{ ...grid, height: 36, borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)', position: 'sticky', top: 0, zIndex: 1 }}>
        {columns.map((c) =>
          c.sortable && onSort ? (
            <UnstyledButton
              key={c.key}
              role="columnheader"
              aria-sort={sort?.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
              onClick={() => onSort(c.key)}
              data-testid={`sort-${c.key}`}
              style={cell(c)}
            >
              <Text span size="xs" fw={600} c={sort?.key === c.key ? 'dark' : 'dimmed'} tt="uppercase">
                {c.header}
                {sort?.key === c.key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
              </Text>
            </UnstyledButton>
          ) : (
            <Text key={c.key} role="columnheader" size="xs" fw={600} c="dimmed" tt="uppercase" style={cell(c)}>
              {c.header}
            </Text>
          ),
        )}
      </div>
        {error ? (
          <Center h={160}>
            <Text c="red">{error}</Text>
          </Center>
        ) : total === null ? (
          <Center h={160}>
            <Loader size="sm" />
          </Center>
        ) : total === 0 ? (
          <Center h={160} data-testid="table-empty">
            {typeof empty === 'string' ? (
              <Text c="dimmed" size="sm">
                {empty}
              </Text>
            ) : (
              empty
            )}
          </Center>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth }}>
            {virtualItems.map((v) => {
              const row = pages.current.get(Math.floor(v.index / PAGE) + 1)?.[v.index % PAGE];
              return (
                <div
                  key={row ? rowKey(row) : `i${v.index}`}
                  role="row"
                  data-testid={row ? 'doc-row' : 'doc-row-loading'}
                  tabIndex={row && onOpen ? 0 : undefined}
                  onClick={() => row && onOpen?.(row)}
                  onKeyDown={(e) => e.key === 'Enter' && row && onOpen?.(row)}
                  className="kvitt-row"
                  style={{
                    ...grid,
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW,
                    transform: `translateY(${v.start}px)`,
                    borderBottom: '1px solid var(--mantine-color-gray-2)',
                    cursor: onOpen ? 'pointer' : undefined,
                  }}
                >
                  {columns.map((c) => (
                    <div key={c.key} role="cell" style={cell(c)}>
                      {row ? c.render(row) : <Skeleton height={10} radius="sm" />}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </Box>
  );
}
