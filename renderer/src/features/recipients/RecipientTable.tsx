import { formatMoney, formatOrgNumber, formatPhone } from '../../shared/money';
import { Badge, Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecipientList } from './recipientList.store';
import type { Recipient } from './recipient.types';

const ROW_HEIGHT = 36;
// Etiketter needs 95 px for its header (80 cut it to 'Etiket…' at 1024x700); Navn and Utestående give way.
// At 1024 px the fixed parts fit beside the menu's icons with Poststed whole ("7010 TRONDHEIM", "4626 KRISTIANSAND S").
const COLUMNS = '88px minmax(120px, 2fr) 108px minmax(100px, 1.5fr) 105px minmax(150px, 1fr) minmax(95px, 0.8fr) 108px';

const cell: React.CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', padding: '0 10px' };

/**
 * The recipient list: server-paged and virtualized. Only the rows in view (plus a few) exist in the DOM,
 * and only their pages are fetched, so it stays smooth with tens of thousands of recipients.
 */
export function RecipientTable({ onOpen }: { onOpen(r: Recipient): void }) {
  const { t } = useTranslation();
  const total = useRecipientList((s) => s.total);
  const pages = useRecipientList((s) => s.pages);
  const ensureRows = useRecipientList((s) => s.ensureRows);
  const rowAt = useRecipientList((s) => s.rowAt);
  const filtered = useRecipientList((s) => s.q.trim() !== '' || s.labelNumber !== null);
  const parentRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (total) ensureRows(first, last);
  }, [first, last, total, pages, ensureRows]);

  const sort = useRecipientList((s) => s.sort) ?? { key: 'name', dir: 'asc' as const };
  const sortBy = useRecipientList((s) => s.sortBy);
  // The sortable columns are sorted by the service (GET /recipients/?sort=…&dir=…), page by page.
  const header: Array<{ label: string; sortKey?: string; right?: boolean }> = [
    { label: t('recipients.col.customerNumber'), sortKey: 'customerNumber' },
    { label: t('recipients.col.name'), sortKey: 'name' },
    { label: t('recipients.col.orgNumber') },
    { label: t('recipients.col.email') },
    { label: t('recipients.col.phone') },
    { label: t('recipients.col.city'), sortKey: 'city' },
    { label: t('recipients.col.labels') },
    { label: t('recipients.col.balance'), sortKey: 'balance', right: true },
  ];

  return (
    <div
      role="table"
      aria-label={t('recipients.title')}
      aria-rowcount={total ?? 0}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <div ref={parentRef} data-testid="recipient-scroller" style={{ overflow: 'auto', flex: 1, minHeight: 0 }}>
        <div
          role="row"
          style={{
            display: 'grid',
            gridTemplateColumns: COLUMNS,
            alignItems: 'center',
            height: ROW_HEIGHT,
            background: 'var(--mantine-color-gray-0)',
            borderBottom: '1px solid var(--mantine-color-gray-3)',
            fontWeight: 600,
            fontSize: 13,
            position: 'sticky',
            top: 0,
            zIndex: 1,
          }}
        >
          {header.map((h) =>
            h.sortKey ? (
              <UnstyledButton
                key={h.label}
                role="columnheader"
                aria-sort={sort.key === h.sortKey ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                onClick={() => sortBy(h.sortKey!)}
                data-testid={`recipient-sort-${h.sortKey}`}
                style={{ ...cell, fontWeight: 600, fontSize: 13, textAlign: h.right ? 'right' : 'left' }}
              >
                {h.label}
                {sort.key === h.sortKey ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
              </UnstyledButton>
            ) : (
              <div key={h.label} role="columnheader" style={cell}>
                {h.label}
              </div>
            ),
          )}
        </div>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {items.map((v) => {
            const r = rowAt(v.index);
            return (
              <div
                key={v.key}
                role="row"
                aria-rowindex={v.index + 2}
                data-testid={r ? 'recipient-row' : 'recipient-row-loading'}
                tabIndex={r ? 0 : -1}
                onClick={() => r && onOpen(r)}
                onKeyDown={(e) => {
                  if (r && e.key === 'Enter') onOpen(r);
                }}
                className="kvitt-row"
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  height: ROW_HEIGHT,
                  transform: `translateY(${v.start}px)`,
                  display: 'grid',
                  gridTemplateColumns: COLUMNS,
                  alignItems: 'center',
                  fontSize: 13,
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                  cursor: r ? 'pointer' : 'default',
                  background: v.index % 2 ? 'var(--mantine-color-gray-0)' : undefined,
                }}
              >
                {r ? (
                  <>
                    <div role="cell" style={cell}>
                      {r.customerNumber ?? ''}
                    </div>
                    <div role="cell" style={{ ...cell, fontWeight: 500 }}>
                      {r.name}
                    </div>
                    <div role="cell" style={{ ...cell, fontVariantNumeric: 'tabular-nums' }}>
                      {formatOrgNumber(r.organisation.number)}
                    </div>
                    <div role="cell" style={cell}>
                      {r.contact.email ?? ''}
                    </div>
                    <div role="cell" style={{ ...cell, fontVariantNumeric: 'tabular-nums' }}>
                      {formatPhone(r.contact.phone ?? r.contact.mobile)}
                    </div>
                    <div role="cell" style={cell}>
                      {[r.contact.address.zip, r.contact.address.city].filter(Boolean).join(' ')}
                    </div>
                    <div role="cell" style={cell}>
                      <Group gap={4} wrap="nowrap">
                        {r.labels.map((l) => (
                          <Badge key={l.number} size="sm" variant="light" color="gray" tt="none" fw={500}>
                            {l.name}
                          </Badge>
                        ))}
                      </Group>
                    </div>
                    <div role="cell" data-testid="recipient-balance" style={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums', color: r.openBalance ? undefined : 'var(--mantine-color-dimmed)' }}>
                      {formatMoney(r.openBalance ?? 0)}
                    </div>
                  </>
                ) : (
                  <div style={{ ...cell, gridColumn: '1 / -1' }}>
                    <Skeleton height={12} width="60%" />
                  </div>
                )}
              </div>
            );
          })}
        </div>
        {total === 0 && (
          <Text c="dimmed" ta="center" p="xl" data-testid="recipients-empty">
            {filtered ? t('recipients.emptyFiltered') : t('recipients.empty')}
          </Text>
        )}
      </div>
    </div>
  );
}
