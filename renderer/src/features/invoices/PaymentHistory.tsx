import { Anchor, Badge, Button, Paper, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import type { OutputOf } from '../../api/op-types';
import { notifyError, notifyOk } from '../../shared/errors';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { OPS } from '../documents/doc-ops';
import { formatDate, formatMoney } from '../../shared/money';

/** A payment, loss or reversal as invoices.listPayments answers: the service's own type (erased at build time). */
export type LedgerEntry = OutputOf<'invoices.getPayment'>;

/** The bank transaction a payment came from (a bank file import, issue 25), null for one typed by hand. */
type BankOrigin = NonNullable<LedgerEntry['bankTransaction']>;
const bankOrigin = (e: LedgerEntry) => e.bankTransaction ?? null;

function BankOriginLine({ origin }: { origin: BankOrigin }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" data-testid="payment-bank">
      <Anchor component={Link} to={`/bank/files/${origin.bankFileId}`} size="xs">
        {t('bank.bankPayment', { file: origin.fileName })}
      </Anchor>
      {origin.reference ? ` · ${t('bank.bankPaymentRef', { ref: origin.reference })}` : ''}
    </Text>
  );
}

const right = { textAlign: 'right' as const, whiteSpace: 'nowrap' as const };

/** Payments, losses and their reversals, oldest first; a payment not yet reversed can be reversed. */
export function PaymentHistory({ invoice, entries, onChanged }: { invoice: number; entries: LedgerEntry[]; onChanged: () => void }) {
  const { t } = useTranslation();
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  const [busy, setBusy] = useState(false);

  async function reverse() {
    if (!reversing) return;
    setBusy(true);
    try {
      await call(OPS.invoices.reversePayment, { params: { number: invoice, id: reversing.id } });
      notifyOk(t('inv.ledger.reversed'));
      onChanged();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
      setReversing(null);
    }
  }

  return (
    <Paper withBorder p="md">
      <Text fw={600} mb="xs">
        {t('inv.ledger.title')}
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('inv.ledger.empty')}
        </Text>
      ) : (
        <Table verticalSpacing={6} data-testid="payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('inv.ledger.date')}</Table.Th>
              <Table.Th>{t('inv.ledger.kind')}</Table.Th>
              <Table.Th style={right}>{t('inv.ledger.amount')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.id} data-testid="payment-row" style={{ opacity: e.reversedBy ? 0.55 : 1 }}>
                <Table.Td>{formatDate(e.date)}</Table.Td>
                <Table.Td>
                  {t(`inv.ledger.${e.kind}`, { other: e.otherInvoice ?? '' })}
                  {e.reason ? (
                    <Text size="xs" c="dimmed">
                      {e.reason}
                    </Text>
                  ) : null}
                  {bankOrigin(e) ? <BankOriginLine origin={bankOrigin(e)!} /> : null}
                  {e.reversedBy ? (
                    <Badge size="xs" color="gray" variant="light" ml={6}>
                      {t('inv.ledger.isReversed')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td style={{ ...right, textDecoration: e.reversedBy ? 'line-through' : undefined }}>{formatMoney(e.amount)}</Table.Td>
                <Table.Td style={right}>
                  {e.kind === 'payment' && !e.reversedBy ? (
                    <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setReversing(e)}>
                      {t('inv.ledger.reverse')}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        opened={!!reversing}
        title={t('inv.ledger.reverseTitle')}
        confirmLabel={t('inv.ledger.reverse')}
        busy={busy}
        onConfirm={() => void reverse()}
        onClose={() => setReversing(null)}
      >
        <Text size="sm">{t('inv.ledger.reverseText', { amount: formatMoney(reversing?.amount ?? 0), date: formatDate(reversing?.date) })}</Text>
      </ConfirmDialog>
    </Paper>
  );
}
