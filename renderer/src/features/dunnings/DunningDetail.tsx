import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { call } from '../../api/client';
import { feeRefusedText } from '../../i18n/error-messages';
import { DocumentFacts, DocumentHeader, Fact, LoadFailed } from '../../shared/DetailParts';
import { formatDate, formatMoney } from '../../shared/money';
import { formatDateTime } from '../../shared/format';
import { shipmentText } from '../../shared/shipment-text';
import { PdfDialog } from '../../shared/PdfDialog';
import type { Recipient } from '../recipients/recipient.types';
import { DUN_OPS, hasDetails, type Dunning, type HistoryEntry } from './dunning.types';
import { InvoiceStateBadge, KindLabel } from './DunningParts';
import { SendDialog } from './SendDialog';

/** One dunning: what it added to the claim, the interest period, its PDF, its sending history, Send again. */
export function DunningDetail() {
  const { t, i18n } = useTranslation();
  const number = Number(useParams().number);
  const [d, setD] = useState<Dunning | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | 'pdf' | 'send'>(null);

  const load = useCallback(async () => {
    try {
      const [dun, h] = await Promise.all([call(DUN_OPS.get, { params: { number }, query: { withDetails: true } }), call(DUN_OPS.history, { params: { number } })]);
      if (!hasDetails(dun)) throw new Error(`dunning ${number} without details`);
      setD(dun);
      setHistory(h);
      const r = await call('recipients.get', { params: { number: dun.recipient.number } }).catch(() => null);
      setEmail(r?.contact?.email ?? null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [number]);
  useEffect(() => {
    setD(null);
    void load();
  }, [load]);

  if (error) return <LoadFailed title={t('common.error')} message={error} back="/dunnings/tab/list" backLabel={t('dun.title')} />;
  if (!d) return <Loader />;
  const cur = d.currency !== 'NOK' ? ` ${d.currency}` : '';
  const money = (v: number) => `${formatMoney(v)}${cur}`;
  const title = t(d.debtCollectionNotice ? 'dun.detail.noticeTitle' : 'dun.detail.title', { number });
  return (
    <Stack gap="md" data-testid="dunning-detail">
      <DocumentHeader back="/dunnings/tab/list" backLabel={t('dun.title')} title={title} badge={<InvoiceStateBadge state={d.invoiceState} size="lg" />} customer={d.recipient.name} customerNumber={d.recipient.number}>
        <Button variant="default" onClick={() => setDialog('pdf')} data-testid="open-pdf">
          {t('dun.openPdf')}
        </Button>
        <Button onClick={() => setDialog('send')} data-testid="send-again">
          {t('dun.sendAgain')}
        </Button>
      </DocumentHeader>
      <SimpleGrid cols={4} spacing="sm">
        <Paper withBorder p="sm"><Fact label={t('dun.detail.balance')} value={money(d.invoiceBalance)} /></Paper>
        <Paper withBorder p="sm"><Fact label={t('dun.detail.fee')} value={money(d.dunningFee)} testId="dunning-fee" /></Paper>
        <Paper withBorder p="sm"><Fact label={t('dun.detail.interest')} value={money(d.interest)} testId="dunning-interest" /></Paper>
        <Paper withBorder p="sm" bg="blue.0"><Fact label={t('dun.detail.total')} value={<b>{money(d.total)}</b>} testId="dunning-total" /></Paper>
      </SimpleGrid>
      <DocumentFacts text={d.dunningText}>
        <Fact label={t('dun.col.invoice')} value={<Anchor component={Link} to={`/invoices/${d.invoiceNumber}`}>{t('dun.detail.invoice', { number: d.invoiceNumber })}</Anchor>} />
        <Fact label={t('dun.col.kind')} value={<KindLabel d={d} />} />
        <Fact label={t('dun.detail.dunningNumber')} value={String(d.dunningNumber)} />
        <Fact label={t('dun.detail.date')} value={formatDate(d.dunningDate)} />
        <Fact label={t('dun.detail.deadline')} value={formatDate(d.dueDate)} testId="dunning-deadline" />
        <Fact label={t('dun.detail.invoiceNow')} value={money(d.invoiceCurrentBalance)} />
      </DocumentFacts>
      {d.feeRefusedReason ? (
        <Alert color="yellow" variant="light" title={t('dun.detail.feeRefused')} data-testid="fee-refused-reason">
          {feeRefusedText(d, i18n.language)}
        </Alert>
      ) : null}
      {d.interestPeriod ? (
        <Paper withBorder p="md" data-testid="interest-period">
          <Text fw={600} mb="xs">{t('dun.detail.interest')}</Text>
          {d.interestPeriod.parts.map((p) => (
            <Text size="sm" key={p.from}>
              {t('dun.detail.interestLine', { rate: formatMoney(p.rate).replace(/,00$/, ''), principal: money(p.principal), from: formatDate(p.from), to: formatDate(p.to), days: p.days, amount: money(p.interest) })}
            </Text>
          ))}
        </Paper>
      ) : null}
      <Paper withBorder p="md">
        <Text fw={600} mb="xs">{t('dun.detail.siblings')}</Text>
        <Group gap="md">
          {d._links.invoiceDunnings.map((s) => (
            <Anchor key={s.uri} component={Link} to={s.uri} fw={s.uri === d._links.self.uri ? 700 : 400}>
              {t('dun.detail.sibling', { n: s.dunningNumber, number: s.uri.split('/').pop() })}
            </Anchor>
          ))}
        </Group>
      </Paper>
      <Paper withBorder p="md" data-testid="dunning-history">
        <Text fw={600} mb="xs">{t('dun.detail.history')}</Text>
        {history.length ? (
          <Table fz="sm" striped>
            <Table.Tbody>
              {history.map((h, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{formatDateTime(h.date)}</Table.Td>
                  <Table.Td>{shipmentText(h.description, h.status)}</Table.Td>
                  <Table.Td>{h.recipientAddress}</Table.Td>
                  <Table.Td>{t(`dun.status.${h.status}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">{t('dun.detail.noHistory')}</Text>
        )}
      </Paper>
      <PdfDialog op={DUN_OPS.pdf} number={number} title={title} opened={dialog === 'pdf'} onClose={() => setDialog(null)} />
      <SendDialog number={number} title={title} email={email} notice={d.debtCollectionNotice} opened={dialog === 'send'} onClose={() => setDialog(null)} onSent={() => void load()} />
    </Stack>
  );
}
