import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { call, downloadBlob, fileToBlob, type Page } from '../../api/client';
import type { DocumentFileOpName, ItemOf, OutputOf } from '../../api/op-types';
import { notifyError, notifyOk } from '../../shared/errors';
import { OPS } from '../documents/doc-ops';
import { DocumentFacts, DocumentHeader, Fact, LoadFailed } from '../../shared/DetailParts';
import { DocumentItemsTable } from '../documents/DocumentItemsTable';
import { formatAccount, formatDate, formatMoney } from '../../shared/money';
import { PdfDialog } from '../../shared/PdfDialog';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { CreditDialog } from './CreditDialog';
import { invoiceStatus } from './invoice-status';
import { InvoiceStatusBadges } from './InvoiceStatusBadge';
import { LostDialog } from './LostDialog';
import { RefundDialog } from './RefundDialog';
import { PaymentDialog } from './PaymentDialog';
import { PaymentHistory, type LedgerEntry } from './PaymentHistory';
import { SendButton } from '../sending/SendButton';
import { SendingHistory } from '../sending/SendingHistory';
import { InvoiceDunnings } from '../dunnings/InvoiceDunnings';

/** Saves a document's EHF; returns the service's reason (e.g. no org number) when it refuses. */
export async function saveEhf(op: DocumentFileOpName, number: number): Promise<string | null> {
  try {
    const { blob, filename } = fileToBlob(await call(op, { params: { number } }));
    downloadBlob(blob, filename);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** The service's reason for refusing an EHF, shown on the page until dismissed. */
export function EhfProblem({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Alert color="orange" variant="light" title={t('inv.ehf.failed')} withCloseButton onClose={onClose} data-testid="ehf-problem">
      {message}
    </Alert>
  );
}

/** One issued invoice: state, balance, lines and VAT, payments; pay, credit, write off, PDF, EHF. */
export function InvoiceDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const number = Number(useParams().number);
  const [doc, setDoc] = useState<OutputOf<'invoices.get'> | null>(null);
  const [ledger, setLedger] = useState<LedgerEntry[]>([]);
  const [credits, setCredits] = useState<ItemOf<'invoices.listCreditNotes'>[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | 'pay' | 'credit' | 'lost' | 'unlost' | 'pdf' | 'refund'>(null);
  const [busy, setBusy] = useState(false);
  const [ehfProblem, setEhfProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [d, entries] = await Promise.all([
        call(OPS.invoices.get, { params: { number } }),
        call(OPS.invoices.listPayments, { params: { number } }),
      ]);
      setDoc(d);
      setLedger(entries);
      const cn = await call(OPS.invoices.listCreditNotes, { query: { recipientNumber: d.recipient.number, perPage: 200 } });
      setCredits(cn.items.filter((c) => c.creditedInvoiceNumber === number));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [number]);

  useEffect(() => {
    setDoc(null);
    void load();
  }, [load]);

  useHotkeys([['alt+B', () => setDialog('pay')]]);

  if (error) return <LoadFailed title={t('common.error')} message={error} back="/invoices" backLabel={t('inv.title')} />;
  if (!doc) return <Loader />;

  const balance = doc.currentBalance ?? 0;
  // The service's one status (the same as in the list): paid and credited amounts, what the customer gets back.
  const detail = doc.stateDetail;
  const paid = detail?.paid ?? 0;
  const credited = detail?.credited ?? 0;
  const toRefund = detail?.toRefund ?? 0;
  // What else makes up the balance (main/domain/claim.ts): reminder fees and interest, written off.
  const charges = detail?.charges ?? 0;
  const writtenOff = detail?.writtenOff ?? 0;
  const cur = doc.currency && doc.currency !== 'NOK' ? ` ${doc.currency}` : '';
  const status = invoiceStatus(doc);
  const creditable = Math.round(credited * 100) < Math.round((doc.total ?? 0) * 100);

  async function unlost() {
    setBusy(true);
    try {
      await call(OPS.invoices.reverseLost, { params: { number } });
      notifyOk(t('inv.lost.undone'));
      await load();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
      setDialog(null);
    }
  }

  return (
    <Stack gap="md" data-testid="invoice-detail">
      <DocumentHeader back="/invoices" backLabel={t('inv.title')} title={t('inv.detail.title', { number })} badge={<InvoiceStatusBadges doc={doc} size="lg" />} customer={doc.recipient.name} customerNumber={doc.recipient.number}>
        <SendButton type="invoice" number={number} what={t('inv.detail.title', { number })} recipientNumber={doc.recipient.number} />
        <Button variant="default" onClick={() => setDialog('pdf')} data-testid="open-pdf">
          {t('docs.openPdf')}
        </Button>
        <Button variant="default" onClick={() => void saveEhf(OPS.invoices.ehf, number).then(setEhfProblem)} data-testid="save-ehf">
          {t('inv.ehf.save')}
        </Button>
        {status === 'lost' ? (
          <Button variant="default" onClick={() => setDialog('unlost')} data-testid="undo-lost">
            {t('inv.lost.undo')}
          </Button>
        ) : (
          <>
            {balance > 0 ? (
              <Button variant="default" onClick={() => setDialog('lost')} data-testid="mark-lost">
                {t('inv.lost.action')}
              </Button>
            ) : null}
            {toRefund > 0 ? (
              <Button color="orange" onClick={() => setDialog('refund')} data-testid="settle-credit">
                {t('inv.refund.action')}
              </Button>
            ) : null}
            {creditable ? (
              <Button variant="default" onClick={() => setDialog('credit')} data-testid="credit">
                {t('inv.credit.action')}
              </Button>
            ) : null}
            <Tooltip label="Alt+B" openDelay={600}>
              <Button onClick={() => setDialog('pay')} data-testid="register-payment">
                {t('inv.pay.action')}
              </Button>
            </Tooltip>
          </>
        )}
      </DocumentHeader>

      <EhfProblem message={ehfProblem} onClose={() => setEhfProblem(null)} />

      <SimpleGrid cols={4 + (charges ? 1 : 0) + (writtenOff ? 1 : 0)} spacing="sm">
        <Paper withBorder p="sm">
          <Fact label={t('inv.detail.total')} value={`${formatMoney(doc.total)} ${doc.currency ?? 'NOK'}`} testId="invoice-total" />
        </Paper>
        {charges ? (
          <Paper withBorder p="sm">
            <Fact label={t('inv.detail.charges')} value={`+ ${formatMoney(charges)}${cur}`} testId="invoice-charges" />
          </Paper>
        ) : null}
        <Paper withBorder p="sm">
          <Fact label={t('inv.detail.paid')} value={`${formatMoney(paid)}${cur}`} testId="invoice-paid" />
        </Paper>
        <Paper withBorder p="sm">
          <Fact label={t('inv.detail.credited')} value={`${formatMoney(credited)}${cur}`} testId="invoice-credited" />
        </Paper>
        {writtenOff ? (
          <Paper withBorder p="sm">
            <Fact label={t('inv.detail.writtenOff')} value={`${formatMoney(writtenOff)}${cur}`} testId="invoice-written-off" />
          </Paper>
        ) : null}
        <Paper withBorder p="sm" title={t('inv.detail.balanceHint')} bg={balance > 0 ? (status === 'due' ? 'red.0' : 'blue.0') : balance < 0 ? 'orange.0' : 'teal.0'}>
          <Fact label={t('inv.detail.balance')} value={<b>{`${formatMoney(balance)}${cur}`}</b>} testId="invoice-balance" />
        </Paper>
      </SimpleGrid>

      <DocumentFacts text={doc.invoiceText}>
        <Fact label={t('docs.invoiceDate')} value={formatDate(doc.invoiceDate)} />
        <Fact label={t('docs.dueDate')} value={formatDate(doc.dueDate)} testId="invoice-due" />
        <Fact label={t('docs.deliveryDate')} value={formatDate(doc.deliveryDate)} />
        <Fact label={t('inv.detail.kid')} value={doc.kid} testId="invoice-kid" />
        <Fact label={t('inv.detail.account')} value={formatAccount(doc.accountNumber)} />
        <Fact label={t('docs.ourReference')} value={doc.ourReference} />
        <Fact label={t('docs.yourReference')} value={doc.yourReference} />
        <Fact label={t('docs.orderNumber')} value={doc.orderNumber} />
      </DocumentFacts>

      <DocumentItemsTable items={doc.items} total={doc.total} tax={doc.tax} currency={doc.currency} />

      <PaymentHistory invoice={number} entries={ledger} onChanged={() => void load()} />

      <SendingHistory type="invoice" number={number} />

      <InvoiceDunnings invoice={number} canDun={status === 'due'} version={ledger.length} />

      {credits.length ? (
        <Paper withBorder p="md" data-testid="invoice-credit-notes">
          <Text fw={600} mb="xs">
            {t('inv.tab.credit-notes')}
          </Text>
          {credits.map((c) => (
            <Group key={c.number} justify="space-between">
              <Anchor component={Link} to={`/invoices/credit-notes/${c.number}`}>
                {t('inv.cn.title', { number: c.number })}
              </Anchor>
              <Text size="sm">
                {formatDate(c.invoiceDate)} · {formatMoney(c.total)}
              </Text>
            </Group>
          ))}
        </Paper>
      ) : null}

      <PaymentDialog invoice={number} balance={balance} currency={doc.currency ?? 'NOK'} exchangeRate={doc.international?.exchangeRate ?? 1} opened={dialog === 'pay'} onClose={() => setDialog(null)} onDone={() => void load()} />
      <RefundDialog invoice={doc} opened={dialog === 'refund'} onClose={() => setDialog(null)} onDone={() => void load()} />
      <LostDialog invoice={number} amount={`${formatMoney(balance)}${cur || ' NOK'}`} opened={dialog === 'lost'} onClose={() => setDialog(null)} onDone={() => void load()} />
      <CreditDialog invoice={doc} opened={dialog === 'credit'} onClose={() => setDialog(null)} onCredited={(n) => (n ? navigate(`/invoices/credit-notes/${n}`) : void load())} />
      <PdfDialog op={OPS.invoices.pdf} number={number} title={t('inv.detail.title', { number })} opened={dialog === 'pdf'} onClose={() => setDialog(null)} />
      <ConfirmDialog opened={dialog === 'unlost'} title={t('inv.lost.undo')} confirmLabel={t('inv.lost.undo')} busy={busy} onConfirm={() => void unlost()} onClose={() => setDialog(null)}>
        <Text size="sm">{t('inv.lost.undoText')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
