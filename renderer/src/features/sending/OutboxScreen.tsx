import { Anchor, Button, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { call, type Page } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { shipmentReasonText, WAITING_FOR_SETUP } from '../../i18n/error-messages';
import { PdfDialog } from '../../shared/PdfDialog';
import { useLiveShipments, useSendingVersion } from './sending.store';
import type { AttemptResult, OutboxEntry } from './sending.types';
import { formatDateTime, formatTime } from '../../shared/format';
import { ShipmentStatusBadge, shipmentText } from './StatusBadge';
import { EhfFolderButton } from './EhfFolderButton';

type Tab = 'queued' | 'print' | 'failed' | 'delivered';
const TABS: Tab[] = ['queued', 'print', 'failed', 'delivered'];
const QUERY: Record<Tab, Record<string, string>> = {
  queued: { status: 'IN_PROGRESS' },
  print: { status: 'IN_PROGRESS', method: 'paper' },
  failed: { status: 'NOT_DELIVERED' },
  delivered: { status: 'DELIVERED' },
};
/** An IN_PROGRESS shipment whose last attempt found no mail server, sender or SMS service set up waits for that setup. */
const waitingFor = (r: OutboxEntry) => (r.status === 'IN_PROGRESS' && r.lastErrorCode ? WAITING_FOR_SETUP[r.lastErrorCode] : undefined);
const DOC_ROUTE: Record<string, string> = { invoice: '/invoices/', 'credit-note': '/invoices/credit-notes/', offer: '/offers/', 'order-confirmation': '/offers/order-confirmations/' };

function OutboxTabs() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const param = useParams().tab as Tab;
  const tab: Tab = TABS.includes(param) ? param : 'queued';
  const version = useSendingVersion((s) => s.version);
  const bump = useSendingVersion((s) => s.bump);
  const [printing, setPrinting] = useState<OutboxEntry | null>(null);
  const [busy, setBusy] = useState(false);

  // What is under way changes by itself (the background sender): the push channel says when, and the list reloads
  // in place (same scroll position) instead of starting again at the top.
  useLiveShipments();

  async function act(op: 'sending.retry' | 'sending.markPrinted', id: number, done: string) {
    try {
      await call(op, { params: { id } });
      notifyOk(done);
      bump();
    } catch (e) {
      notifyError(e);
    }
  }
  async function flush() {
    setBusy(true);
    try {
      const r = await call('sending.flush');
      const n = (s: string) => r.filter((x) => x.status === s).length;
      notifyOk(t('outbox.flushed', { delivered: n('DELIVERED'), waiting: n('IN_PROGRESS'), failed: n('NOT_DELIVERED') }));
      bump();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<OutboxEntry>[] = [
    { key: 'created', header: t('send.col.date'), width: '125px', render: (r) => <Text size="sm">{formatDateTime(r.createdAt)}</Text> },
    {
      key: 'document',
      header: t('send.col.document'),
      width: 'minmax(110px, 1.5fr)',
      // At 1024 px the column is narrow: the document wraps to a second line instead of being cut ("Faktura 1000…").
      render: (r) =>
        DOC_ROUTE[r.document.type] ? (
          <Anchor component={Link} to={`${DOC_ROUTE[r.document.type]}${r.document.number}`} size="sm" lineClamp={2} style={DOC_TEXT} data-testid="outbox-document">
            {shipmentText(r.description, r.status, { short: true })}
          </Anchor>
        ) : (
          <Text size="sm" lineClamp={2} style={DOC_TEXT} data-testid="outbox-document">
            {shipmentText(r.description, r.status, { short: true })}
          </Text>
        ),
    },
    {
      key: 'address',
      header: t('send.col.address'),
      width: 'minmax(175px, 2fr)',
      render: (r) => (
        <Text size="sm" truncate>
          {r.method === 'paper' && r.postalAddress ? [r.postalAddress.address1, `${r.postalAddress.zip} ${r.postalAddress.city}`].filter(Boolean).join(', ') : r.recipientAddress}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('send.col.status'),
      width: '160px',
      render: (r) => <ShipmentStatusBadge status={r.status} waitingFor={waitingFor(r)} method={r.method} />,
    },
    {
      key: 'reason',
      header: t('send.col.reason'),
      // Wide enough for "Sett opp e-post →" beside the actions column at 1024 px.
      width: 'minmax(120px, 1fr)',
      render: (r) =>
        waitingFor(r) ? (
          // Waiting for a setup, not failing: the reason leads to where the setup is done.
          // The badge already says what it waits for; the column says what to do (the full reason in the tooltip), so it
          // still reads at 1024 px where the column is narrow.
          <Tooltip label={shipmentReasonText(r, i18n.language)} multiline w={420}>
            <Anchor component={Link} to="/settings/email" size="xs" truncate data-testid="outbox-reason" aria-label={t(`outbox.setUp.${waitingFor(r)}`)}>
              {t(`outbox.setUpShort.${waitingFor(r)}`)}
            </Anchor>
          </Tooltip>
        ) : (
          <Tooltip label={shipmentReasonText(r, i18n.language)} disabled={!r.lastError} multiline w={420}>
            <Text size="xs" c={r.status === 'NOT_DELIVERED' ? 'red' : 'dimmed'} truncate data-testid="outbox-reason">
              {shipmentReasonText(r, i18n.language)}
              {r.status === 'IN_PROGRESS' && r.nextAttemptAt ? ` (${t('outbox.nextTry', { time: formatTime(r.nextAttemptAt) })})` : ''}
            </Text>
          </Tooltip>
        ),
    },
    {
      key: 'actions',
      header: '',
      // Print, mark printed, retry; on a delivered shipment only the EHF folder ("Klar i EHF-mappen").
      width: tab === 'delivered' ? '150px' : '220px',
      align: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {r.status === 'DELIVERED' && r.method === 'ehf' ? <EhfFolderButton /> : null}
          {r.status === 'NOT_DELIVERED' ? (
            <Button size="compact-xs" variant="light" onClick={() => void act('sending.retry', r.id, t('outbox.retried'))} data-testid="outbox-retry">
              {t('outbox.retry')}
            </Button>
          ) : null}
          {r.method === 'paper' && r.status === 'IN_PROGRESS' ? (
            <>
              <Button size="compact-xs" variant="light" onClick={() => setPrinting(r)} data-testid="outbox-print">
                {t('outbox.print')}
              </Button>
              <Button size="compact-xs" variant="light" color="teal" onClick={() => void act('sending.markPrinted', r.id, t('outbox.markedPrinted'))} data-testid="outbox-printed">
                {t('outbox.printed')}
              </Button>
            </>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="outbox-screen">
      <Group justify="space-between">
        <Title order={2}>{t('outbox.title')}</Title>
        <Button onClick={() => void flush()} loading={busy} data-testid="outbox-flush">
          {t('outbox.flush')}
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => v && navigate(`/outbox/${v}`)}>
        <Tabs.List>
          {TABS.map((x) => (
            <Tabs.Tab key={x} value={x} data-testid={`outbox-tab-${x}`}>
              {t(`outbox.tab.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <PagedVirtualTable<OutboxEntry>
        columns={columns}
        queryKey={tab}
        refreshKey={version}
        rowKey={(r) => r.id}
        empty={t(`outbox.empty.${tab}`)}
        testId="outbox-table"
        height="calc(100vh - 220px)"
        fetchPage={(page, perPage) => call('sending.listOutbox', { query: { ...QUERY[tab], page, perPage } })}
      />
      <PdfDialog op="sending.shipmentPdf" params={{ id: printing?.id ?? 0 }} title={printing?.description ?? ''} opened={!!printing} onClose={() => setPrinting(null)} />
    </Stack>
  );
}

/** Utboks: what waits to be sent, the print queue, what failed (retry) and what was delivered. */
/** The document column's text: up to two lines within the row's height. */
const DOC_TEXT = { lineHeight: 1.25, whiteSpace: 'normal' as const, overflowWrap: 'anywhere' as const };

export function OutboxScreen() {
  return (
    <Routes>
      <Route index element={<Navigate to="queued" replace />} />
      <Route path=":tab" element={<OutboxTabs />} />
    </Routes>
  );
}
