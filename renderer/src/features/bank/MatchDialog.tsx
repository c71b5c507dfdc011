import { Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { OutputOf } from '../../api/op-types';
import { notifyOk } from '../../shared/errors';
import { formatAccount, formatDate, formatMoney } from '../../shared/format';
import { matchTransaction, type BankTransaction } from './bank-api';
import { useReasonText } from './bank-reason';

type Invoice = OutputOf<'invoices.get'>;

/**
 * Match one bank transaction by hand: Kvitt's suggestions first, then any invoice found by number, customer, KID or
 * amount. The payment is registered on the invoice chosen, dated the transaction's date (a different amount is a
 * partial payment or an overpayment, as on the invoice page).
 */
export function MatchDialog({ tx, onClose, onMatched }: { tx: BankTransaction | null; onClose: () => void; onMatched: () => void }) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const [found, setFound] = useState<Invoice[] | null>(null);
  const [suggested, setSuggested] = useState<Invoice[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setQ('');
    setError(null);
    setSuggested([]);
    if (!tx) return;
    let live = true;
    Promise.all(tx.suggestions.map((s) => call('invoices.get', { params: { number: s.invoiceNumber } }).catch(() => null))).then((list) => {
      if (live) setSuggested(list.filter((x): x is Invoice => !!x));
    });
    return () => {
      live = false;
    };
  }, [tx]);

  useEffect(() => {
    if (!tx || !debounced.trim()) return setFound(null);
    let live = true;
    setFound(null);
    call('invoices.list', { query: { q: debounced.trim(), perPage: 20, page: 1, withState: true } })
      .then((page) => live && setFound(page.items as unknown as Invoice[]))
      .catch(() => live && setFound([]));
    return () => {
      live = false;
    };
  }, [debounced, tx]);

  async function choose(invoice: Invoice) {
    if (!tx) return;
    setBusy(invoice.number);
    setError(null);
    try {
      await matchTransaction(tx.id, invoice.number);
      notifyOk(t('bank.matchedOn', { invoice: invoice.number, amount: formatMoney(tx.amount) }));
      onMatched();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  const reasonOf = (n: number) => tx?.suggestions.find((s) => s.invoiceNumber === n)?.reason;
  const rows = (list: Invoice[], withReason: boolean) => (
    <Table verticalSpacing={4} highlightOnHover>
      <Table.Tbody>
        {list.map((inv) => (
          <Table.Tr key={inv.number} data-testid="match-candidate">
            <Table.Td w={70}>
              <Text size="sm" fw={600}>
                {inv.number}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" truncate maw={260}>
                {inv.recipient?.name ?? ''}
              </Text>
              {withReason ? (
                <Text size="xs" c="dimmed">
                  {reasonText(reasonOf(inv.number))}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td w={90}>
              <Text size="xs" c="dimmed">
                {t('bank.dialog.due', { date: formatDate(inv.dueDate) })}
              </Text>
            </Table.Td>
            <Table.Td w={120} style={{ textAlign: 'right' }}>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(inv.currentBalance)}
                {inv.currency && inv.currency !== 'NOK' ? ` ${inv.currency}` : ''}
              </Text>
              {inv.state ? (
                <Badge size="xs" variant="light" color={inv.state === 'paid' ? 'gray' : inv.state === 'due' ? 'red' : 'teal'}>
                  {t(`bank.invoiceState.${inv.state}`)}
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td w={80} style={{ textAlign: 'right' }}>
              <Button size="compact-xs" onClick={() => void choose(inv)} loading={busy === inv.number} disabled={busy !== null} data-testid="match-choose">
                {t('bank.dialog.choose')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <Modal opened={!!tx} onClose={onClose} title={<Text fw={600}>{t('bank.dialog.title')}</Text>} size="lg" data-testid="match-dialog">
      {tx ? (
        <Stack gap="sm">
          <Group gap="lg" data-testid="match-tx">
            <Text fw={700}>{formatMoney(tx.amount)}</Text>
            <Text size="sm">{formatDate(tx.date)}</Text>
            <Text size="sm" truncate maw={300}>
              {[tx.payerName, formatAccount(tx.payerAccount)].filter(Boolean).join(' · ')}
            </Text>
          </Group>
          {tx.kid || tx.message ? (
            <Text size="sm" c="dimmed">
              {[tx.kid ? `KID ${tx.kid}` : null, tx.message].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('bank.dialog.help', { date: formatDate(tx.date) })}
          </Text>
          {error ? (
            <Alert color="red" data-testid="match-error">
              {error}
            </Alert>
          ) : null}
          {suggested.length ? (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t('bank.dialog.suggestions')}
              </Text>
              {rows(suggested, true)}
            </Stack>
          ) : null}
          <TextInput
            label={t('bank.dialog.search')}
            placeholder={t('bank.dialog.searchPlaceholder')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            data-autofocus
            data-testid="match-search"
          />
          <ScrollArea.Autosize mah={300}>
            {!q.trim() ? null : found === null ? (
              <Loader size="sm" />
            ) : found.length ? (
              rows(found, false)
            ) : (
              <Text size="sm" c="dimmed">
                {t('bank.dialog.none')}
              </Text>
            )}
          </ScrollArea.Autosize>
        </Stack>
      ) : null}
    </Modal>
  );
}
