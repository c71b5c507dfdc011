import { Anchor, Button, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { call } from '../../api/client';
import type { OutputOf } from '../../api/op-types';
import { OPS } from '../documents/doc-ops';
import { DocumentFacts, DocumentHeader, Fact, LoadFailed } from '../../shared/DetailParts';
import { DocumentItemsTable } from '../documents/DocumentItemsTable';
import { formatDate } from '../../shared/money';
import { PdfDialog } from '../../shared/PdfDialog';
import { EhfProblem, saveEhf } from './InvoiceDetail';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { SendButton } from '../sending/SendButton';
import { SendingHistory } from '../sending/SendingHistory';

/** One issued credit note, read-only, with PDF and EHF. */
export function CreditNoteDetail() {
  const { t } = useTranslation();
  const number = Number(useParams().number);
  const [doc, setDoc] = useState<OutputOf<'invoices.getCreditNote'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pdf, setPdf] = useState(false);
  const [ehfProblem, setEhfProblem] = useState<string | null>(null);

  useEffect(() => {
    setDoc(null);
    call(OPS.creditNotes.get, { params: { number } })
      .then(setDoc)
      .catch((e) => setError(e instanceof Error ? e.message : String(e)));
  }, [number]);

  if (error) return <LoadFailed title={t('common.error')} message={error} back="/invoices" backLabel={t('inv.title')} />;
  if (!doc) return <Loader />;

  return (
    <Stack gap="md" data-testid="credit-note-detail">
      <DocumentHeader back="/invoices" backLabel={t('inv.title')} title={t('inv.cn.title', { number })} badge={<InvoiceStatusBadge status="credited" size="lg" />} customer={doc.recipient.name}>
        <SendButton type="credit-note" number={number} what={t('inv.cn.title', { number })} recipientNumber={doc.recipient.number} />
        <Button variant="default" onClick={() => setPdf(true)} data-testid="open-pdf">
          {t('docs.openPdf')}
        </Button>
        <Button variant="default" onClick={() => void saveEhf(OPS.creditNotes.ehf, number).then(setEhfProblem)} data-testid="save-ehf">
          {t('inv.ehf.save')}
        </Button>
      </DocumentHeader>
      <EhfProblem message={ehfProblem} onClose={() => setEhfProblem(null)} />
      <DocumentFacts text={doc.invoiceText}>
        <Fact
          label={t('inv.cn.credits')}
          value={
            doc.creditedInvoiceNumber ? (
              <Anchor component={Link} to={`/invoices/${doc.creditedInvoiceNumber}`} size="sm" data-testid="credited-invoice-link">
                {t('inv.detail.title', { number: doc.creditedInvoiceNumber })}
              </Anchor>
            ) : null
          }
        />
        <Fact label={t('inv.cn.date')} value={formatDate(doc.invoiceDate)} />
        <Fact label={t('docs.ourReference')} value={doc.ourReference} />
        <Fact label={t('docs.yourReference')} value={doc.yourReference} />
      </DocumentFacts>
      <DocumentItemsTable items={doc.items} total={doc.total} tax={doc.tax} currency={doc.currency} totalLabelKey="docs.totals.credited" />
      <SendingHistory type="credit-note" number={number} />
      <PdfDialog op={OPS.creditNotes.pdf} number={number} title={t('inv.cn.title', { number })} opened={pdf} onClose={() => setPdf(false)} />
    </Stack>
  );
}
