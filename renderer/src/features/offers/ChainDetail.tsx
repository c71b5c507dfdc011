import { Alert, Anchor, Badge, Button, Loader, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { call } from '../../api/client';
import type { OutputOf } from '../../api/op-types';
import { notifyError, notifyOk } from '../../shared/errors';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { OPS } from '../documents/doc-ops';
import { DocumentFacts, DocumentHeader, Fact, LoadFailed } from '../../shared/DetailParts';
import { DocumentItemsTable } from '../documents/DocumentItemsTable';
import { formatDate, numberFromLocation } from '../../shared/money';
import { PdfDialog } from '../../shared/PdfDialog';
import { chainRoute, type ChainKind } from './chain.types';
import { SendButton } from '../sending/SendButton';
import { SendingHistory } from '../sending/SendingHistory';

const STATE_COLOR: Record<string, string> = { open: 'blue', expired: 'orange', converted: 'teal', issued: 'blue' };

/**
 * One issued offer or order confirmation: lines, the chain (made from / made into), PDF, and the next step:
 * offer -> order confirmation -> invoice draft (opened in the editor).
 */
export function ChainDetail({ kind }: { kind: ChainKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const number = Number(useParams().number);
  const ops = kind === 'offer' ? OPS.offers : OPS.orderConfirmations;
  const [doc, setDoc] = useState<OutputOf<'offers.get' | 'orderConfirmations.get'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | 'pdf' | 'oc' | 'invoice'>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    call(ops.get, { params: { number } })
      .then(setDoc)
      .catch((e) => setError(e instanceof Error ? e.message : String(e)));
  }, [ops.get, number]);
  useEffect(() => {
    setDoc(null);
    load();
  }, [load]);

  async function convert(to: 'oc' | 'invoice') {
    setBusy(true);
    try {
      if (to === 'oc') {
        const res = await call(OPS.offers.toOrderConfirmation, { params: { number } });
        const n = numberFromLocation(res.created);
        notifyOk(t('off.toOc.done', { number: n }));
        navigate(`/offers/order-confirmations/${n}`);
      } else {
        const res = await call(ops.toInvoice, { params: { number } });
        const n = numberFromLocation(res.created);
        notifyOk(t('off.toInvoice.done'));
        navigate(`/invoices/drafts/${n}`);
      }
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
      setDialog(null);
    }
  }

  if (error) return <LoadFailed title={t('common.error')} message={error} back="/offers" backLabel={t('off.title')} />;
  if (!doc) return <Loader />;

  const titleKey = kind === 'offer' ? 'off.offer.title' : 'off.oc.title';
  const invoiced = (doc.successors ?? []).some((s) => s.kind === 'invoice');
  const hasOc = (doc.successors ?? []).some((s) => s.kind === 'order-confirmation');
  // Offers have a state (open, expired, converted); an order confirmation is issued or converted.
  const state = ('state' in doc ? doc.state : null) ?? ((doc.successors ?? []).length ? 'converted' : 'issued');

  return (
    <Stack gap="md" data-testid="chain-detail">
      <DocumentHeader
        back="/offers"
        backLabel={t('off.title')}
        title={t(titleKey, { number })}
        badge={
          <Badge size="lg" variant="light" color={STATE_COLOR[state]} data-testid="status-badge">
            {t(`off.state.${state}`)}
          </Badge>
        }
        customer={doc.recipient.name}
      >
        <SendButton type={kind} number={number} what={t(titleKey, { number })} recipientNumber={doc.recipient.number} />
        <Button variant="default" onClick={() => setDialog('pdf')} data-testid="open-pdf">
          {t('docs.openPdf')}
        </Button>
        {kind === 'offer' && !hasOc && !invoiced ? (
          <Button variant="default" onClick={() => setDialog('oc')} data-testid="to-order-confirmation">
            {t('off.toOc.action')}
          </Button>
        ) : null}
        {!invoiced && !(kind === 'offer' && hasOc) ? (
          <Button onClick={() => setDialog('invoice')} data-testid="to-invoice">
            {t('off.toInvoice.action')}
          </Button>
        ) : null}
      </DocumentHeader>

      <DocumentFacts text={doc.invoiceText}>
        <Fact label={t(kind === 'offer' ? 'docs.offerDate' : 'off.oc.date')} value={formatDate(doc.invoiceDate)} />
        {kind === 'offer' ? <Fact label={t('docs.expiryDate')} value={formatDate('expiryDate' in doc ? doc.expiryDate : null)} /> : <Fact label={t('docs.deliveryDate')} value={formatDate(doc.deliveryDate)} />}
        <Fact label={t('docs.ourReference')} value={doc.ourReference} />
        <Fact label={t('docs.yourReference')} value={doc.yourReference} />
        <Fact label={t('docs.orderNumber')} value={doc.orderNumber} />
      </DocumentFacts>

      {doc.source || doc.successors?.length ? (
        <Paper withBorder p="md" data-testid="chain">
          <Text fw={600} mb="xs">
            {t('off.chain')}
          </Text>
          <Stack gap={4}>
            {doc.source ? (
              <Text size="sm">
                {t('off.madeFrom')}{' '}
                <Anchor component={Link} to={chainRoute(doc.source)}>
                  {t(`off.ref.${doc.source.kind}`, { number: doc.source.number })}
                </Anchor>
              </Text>
            ) : null}
            {(doc.successors ?? []).map((s) => (
              <Text size="sm" key={s.uri}>
                {t('off.madeInto')}{' '}
                <Anchor component={Link} to={chainRoute(s)}>
                  {s.number === null ? t(`off.refDraft.${s.kind}`, { number: s.draftNumber }) : t(`off.ref.${s.kind}`, { number: s.number })}
                </Anchor>
              </Text>
            ))}
          </Stack>
        </Paper>
      ) : null}

      <DocumentItemsTable items={doc.items} total={doc.total} tax={doc.tax} currency={doc.currency} totalLabelKey="docs.totals.sum" />
      <SendingHistory type={kind} number={number} />

      <PdfDialog op={ops.pdf} number={number} title={t(titleKey, { number })} opened={dialog === 'pdf'} onClose={() => setDialog(null)} />
      <ConfirmDialog opened={dialog === 'oc'} title={t('off.toOc.action')} confirmLabel={t('off.toOc.action')} busy={busy} onConfirm={() => void convert('oc')} onClose={() => setDialog(null)}>
        <Text size="sm">{t('off.toOc.text')}</Text>
        <Alert color="yellow" variant="light" mt="sm">
          {t('docs.issueFinal')}
        </Alert>
      </ConfirmDialog>
      <ConfirmDialog opened={dialog === 'invoice'} title={t('off.toInvoice.action')} confirmLabel={t('off.toInvoice.action')} busy={busy} onConfirm={() => void convert('invoice')} onClose={() => setDialog(null)}>
        <Text size="sm">{t('off.toInvoice.text')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
