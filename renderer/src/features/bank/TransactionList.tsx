import { Anchor, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { notifyError, notifyOk } from '../../shared/errors';
import { formatAccount, formatDate, formatMoney } from '../../shared/format';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { ignoreTransaction, listFileTransactions, listTransactions, unmatchTransaction, type BankTransaction, type BankTxStatus } from './bank-api';
import { useBank } from './bank.store';
import { useReasonText } from './bank-reason';
import { MatchDialog } from './MatchDialog';

const STATUS_COLOR: Record<BankTxStatus, string> = { MATCHED: 'teal', UNMATCHED: 'orange', IGNORED: 'gray' };

/**
 * Bank transactions of one status (or all of one file): date, amount, payer, KID or message; unmatched ones with why
 * and what Kvitt suggests, matched by picking an invoice or ignored; matched and ignored ones can be undone.
 */
export function TransactionList({ status, fileId }: { status?: BankTxStatus; fileId?: number }) {
  const { t } = useTranslation();
  const version = useBank((s) => s.version);
  const bump = useBank((s) => s.bump);
  const reasonText = useReasonText();
  const [matching, setMatching] = useState<BankTransaction | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const fetchPage = useCallback(
    (page: number, perPage: number) => (fileId ? listFileTransactions(fileId, page, perPage) : listTransactions(status ?? 'UNMATCHED', page, perPage)),
    [status, fileId],
  );

  async function act(tx: BankTransaction, what: 'ignore' | 'undo') {
    setBusy(tx.id);
    try {
      if (what === 'ignore') {
        await ignoreTransaction(tx.id);
        notifyOk(t('bank.ignored'));
      } else {
        await unmatchTransaction(tx.id);
        notifyOk(tx.status === 'MATCHED' ? t('bank.unmatched', { invoice: tx.invoiceNumber }) : t('bank.unignored'));
      }
      bump();
    } catch (e) {
      notifyError(e, t('bank.actionFailed'));
    } finally {
      setBusy(null);
    }
  }

  const columns: Column<BankTransaction>[] = [
    { key: 'date', header: t('bank.col.date'), width: '82px', render: (x) => <Text size="sm">{formatDate(x.date)}</Text> },
    {
      key: 'amount',
      header: t('bank.col.amount'),
      width: '104px',
      align: 'right',
      render: (x) => (
        <Text size="sm" fw={600} c={x.amount < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(x.amount)}
          {x.currency && x.currency !== 'NOK' ? ` ${x.currency}` : ''}
        </Text>
      ),
    },
    {
      key: 'payer',
      header: t('bank.col.payer'),
      width: 'minmax(100px, 1.5fr)',
      render: (x) => (
        <Text size="sm" truncate title={[x.payerName, formatAccount(x.payerAccount)].filter(Boolean).join(' · ')}>
          {x.payerName || formatAccount(x.payerAccount) || '–'}
        </Text>
      ),
    },
    {
      key: 'ref',
      header: t('bank.col.reference'),
      width: 'minmax(110px, 2fr)',
      render: (x) => {
        const text = x.kid ? `KID ${x.kid}` : x.message || x.reference || '';
        const title = [x.kid ? `KID ${x.kid}` : null, x.message, x.reference ? t('bank.bankRef', { ref: x.reference }) : null].filter(Boolean).join('\n');
        return (
          <Text size="sm" truncate title={title} data-testid="tx-ref">
            {text}
          </Text>
        );
      },
    },
  ];
  if (fileId) {
    columns.push({
      key: 'status',
      header: t('bank.col.status'),
      width: '96px',
      render: (x) => (
        <Badge size="sm" variant="light" color={STATUS_COLOR[x.status]}>
          {t(`bank.status.${x.status}`)}
        </Badge>
      ),
    });
  }
  if (status === 'UNMATCHED' || fileId) {
    columns.push({
      key: 'why',
      header: t('bank.col.why'),
      width: 'minmax(150px, 2fr)',
      render: (x) =>
        x.status === 'UNMATCHED' ? (
          <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
            {x.suggestions.slice(0, 2).map((s) => (
              <Tooltip key={s.invoiceNumber} label={t('bank.suggestedTip', { invoice: s.invoiceNumber, reason: reasonText(s.reason) })}>
                <Button size="compact-xs" variant="light" onClick={() => setMatching(x)} style={{ flexShrink: 0 }} data-testid="tx-suggestion">
                  {t('bank.suggested', { invoice: s.invoiceNumber })}
                </Button>
              </Tooltip>
            ))}
            <Text size="xs" c="dimmed" truncate title={reasonText(x.reason, x.status)}>
              {x.suggestions.length > 2 ? `+${x.suggestions.length - 2} ` : ''}
              {reasonText(x.reason, x.status)}
            </Text>
          </Group>
        ) : x.invoiceNumber ? (
          <InvoiceLink n={x.invoiceNumber} />
        ) : null,
    });
  }
  if (status === 'IGNORED') {
    columns.push({ key: 'why', header: t('bank.col.reason'), width: 'minmax(150px, 2fr)', render: (x) => <Text size="xs" c="dimmed" truncate>{reasonText(x.reason)}</Text> });
  }
  if (status === 'MATCHED') {
    columns.push({ key: 'invoice', header: t('bank.col.invoice'), width: '80px', render: (x) => (x.invoiceNumber ? <InvoiceLink n={x.invoiceNumber} /> : null) });
  }
  columns.push({
    key: 'actions',
    header: '',
    width: status === 'UNMATCHED' || fileId ? '190px' : '80px',
    align: 'right',
    render: (x) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {x.status === 'UNMATCHED' ? (
          <>
            <Button size="compact-xs" onClick={() => setMatching(x)} data-testid="tx-match">
              {t('bank.match')}
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" loading={busy === x.id} onClick={() => void act(x, 'ignore')} data-testid="tx-ignore">
              {t('bank.ignore')}
            </Button>
          </>
        ) : (
          <Button size="compact-xs" variant="subtle" color="gray" loading={busy === x.id} onClick={() => void act(x, 'undo')} data-testid="tx-undo">
            {t('bank.undo')}
          </Button>
        )}
      </Group>
    ),
  });

  return (
    <>
      <PagedVirtualTable
        columns={columns}
        fetchPage={fetchPage}
        queryKey={`${status ?? ''}:${fileId ?? ''}`}
        refreshKey={version}
        rowKey={(x) => x.id}
        empty={t(fileId ? 'bank.empty.file' : `bank.empty.${status ?? 'UNMATCHED'}`)}
        testId="bank-transactions"
        height={fileId ? 'calc(100vh - 380px)' : 'calc(100vh - 400px)'}
        gap={8}
      />
      <MatchDialog
        tx={matching}
        onClose={() => setMatching(null)}
        onMatched={() => {
          setMatching(null);
          bump();
        }}
      />
    </>
  );
}

function InvoiceLink({ n }: { n: number }) {
  return (
    <Anchor component={Link} to={`/invoices/${n}`} size="sm" fw={600} data-testid="tx-invoice">
      {n}
    </Anchor>
  );
}
