import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, formBody } from '../../api/client';
import type { OutputOf } from '../../api/op-types';
import { fieldErrors, notifyError, notifyOk } from '../../shared/errors';
import { Fact } from '../../shared/DetailParts';
import { OPS } from '../documents/doc-ops';
import type { DocumentData } from '../documents/document.types';
import { computeTotals, formatMoney, formatOre, formatQuantity, lineNetOre, numberFromLocation, parseDecimal, toInputText } from '../../shared/money';

interface CreditLine {
  on: boolean;
  quantity: string;
  unitPrice: string;
}

const right = { textAlign: 'right' as const };

type Mode = 'owed' | 'uncredited' | 'partial';
type Preview = OutputOf<'invoices.creditNotePreview'>;

/**
 * Credit an invoice: what the customer still owes (the default, "Hele restbeløpet": the balance becomes 0,00), the whole
 * invoice (everything not yet credited: a customer who has paid gets money back), or chosen lines. The figures shown are
 * the service's own preview of the very body that is sent (POST …/credit-note/preview), so the dialog and the issued
 * note agree to the øre, and the consequence ("the customer will have 5 000,00 to get back") is said before issuing.
 */
export function CreditDialog({ invoice, opened, onClose, onCredited }: { invoice: DocumentData; opened: boolean; onClose: () => void; onCredited: (creditNote: number | null) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('owed');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [lines, setLines] = useState<CreditLine[]>([]);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setMode((invoice.currentBalance ?? 0) > 0 ? 'owed' : 'uncredited');
    setText('');
    setErrors({});
    setLines(invoice.items.map((i) => ({ on: false, quantity: toInputText(i.quantity), unitPrice: toInputText(i.unitPrice ?? 0, 2) })));
  }, [opened, invoice]);

  const chosen = lines.map((l, i) => ({ l, item: invoice.items[i], index: i })).filter((x) => x.l.on);
  /** A discount on any line: shown in its own column (the credit is the price less it, as on the invoice). */
  const hasDiscount = invoice.items.some((i) => (i.discount ?? 0) !== 0);
  const totals = useMemo(
    () =>
      computeTotals(
        chosen.map(({ l, item }) => ({
          quantity: parseDecimal(l.quantity) || 0,
          unitPrice: parseDecimal(l.unitPrice) || 0,
          discount: item.discount ?? 0,
          taxRate: item.taxRate ?? 0,
        })),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lines],
  );

  function body(): object {
    if (mode !== 'partial') return { scope: mode };
    return {
          items: chosen.map(({ l, item }) => ({
            productCode: item.productCode ?? null,
            description: item.description ?? null,
            quantity: parseDecimal(l.quantity),
            unitPrice: parseDecimal(l.unitPrice),
            discount: item.discount ?? null,
            taxRate: item.taxRate ?? null,
            vatCategory: item.vatCategory && item.vatCategory !== 'O' ? item.vatCategory : null,
            exemptionReason: item.exemptionReason ?? null,
            unit: item.unit ?? null,
          })),
          ...(text.trim() ? { invoiceText: text.trim() } : {}),
        };
  }
  const bodyKey = JSON.stringify(mode === 'partial' && !chosen.length ? null : body());

  // The service's figures for exactly this body, a moment after the last change.
  useEffect(() => {
    if (!opened) return;
    setPreview(null);
    setPreviewError(null);
    const sent: object | null = JSON.parse(bodyKey);
    if (sent === null) return;
    let live = true;
    const timer = setTimeout(() => {
      call(OPS.invoices.creditPreview, { params: { number: invoice.number }, body: formBody(sent) })
        .then((p) => live && setPreview(p))
        .catch((e) => {
          if (!live) return;
          const f = fieldErrors(e);
          setPreviewError(f.scope ? t('inv.credit.nothingOwed') : (Object.values(f)[0] ?? (e instanceof Error ? e.message : String(e))));
        });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [opened, bodyKey, invoice.number, t]);

  async function submit() {
    setBusy(true);
    setErrors({});
    try {
      if (mode === 'partial' && !chosen.length) {
        setErrors({ items: t('inv.credit.chooseLines') });
        return;
      }
      const res = await call(OPS.invoices.credit, { params: { number: invoice.number }, body: formBody(body()) });
      const n = numberFromLocation(res.created);
      notifyOk(t('inv.credit.done', { number: n }));
      onCredited(n);
    } catch (e) {
      // items[k] of the body is the k-th chosen line.
      const f: Record<string, string> = {};
      for (const [k, v] of Object.entries(fieldErrors(e))) {
        const m = /^items\[(\d+)\](.*)$/.exec(k);
        f[m ? `items[${chosen[Number(m[1])]?.index ?? m[1]}]${m[2]}` : k] = v;
      }
      setErrors(f);
      notifyError(e, t('inv.credit.failed'));
    } finally {
      setBusy(false);
    }
  }

  const set = (i: number, patch: Partial<CreditLine>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  return (
    <Modal opened={opened} onClose={onClose} title={t('inv.credit.title', { number: invoice.number })} size="xl" centered>
      <Stack>
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          data={[
            { value: 'owed', label: t('inv.credit.owed') },
            { value: 'uncredited', label: t('inv.credit.uncredited') },
            { value: 'partial', label: t('inv.credit.partial') },
          ]}
          data-testid="credit-mode"
        />
        {mode !== 'partial' ? (
          <Text size="sm">{t(mode === 'owed' ? 'inv.credit.owedText' : 'inv.credit.uncreditedText')}</Text>
        ) : (
          <>
            <Table verticalSpacing={4} data-testid="credit-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36} />
                  <Table.Th>{t('docs.line.description')}</Table.Th>
                  <Table.Th w={100} style={right}>
                    {t('docs.line.quantity')}
                  </Table.Th>
                  <Table.Th w={130} style={right}>
                    {t('docs.line.unitPrice')}
                  </Table.Th>
                  {hasDiscount ? (
                    <Table.Th w={70} style={right}>
                      {t('docs.line.discount')}
                    </Table.Th>
                  ) : null}
                  <Table.Th w={70} style={right}>
                    {t('docs.line.vat')}
                  </Table.Th>
                  <Table.Th w={110} style={right}>
                    {t('docs.line.amount')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.items.map((item, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <Checkbox aria-label={`${t('inv.credit.choose')} ${i + 1}`} checked={lines[i]?.on ?? false} onChange={(e) => set(i, { on: e.currentTarget.checked })} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.description}</Text>
                    </Table.Td>
                    <Table.Td>
                      <TextInput size="xs" styles={{ input: right }} aria-label={`${t('docs.line.quantity')} ${i + 1}`} disabled={!lines[i]?.on} value={lines[i]?.quantity ?? ''} error={errors[`items[${i}].quantity`]} onChange={(e) => set(i, { quantity: e.currentTarget.value })} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput size="xs" styles={{ input: right }} aria-label={`${t('docs.line.unitPrice')} ${i + 1}`} disabled={!lines[i]?.on} value={lines[i]?.unitPrice ?? ''} error={errors[`items[${i}].unitPrice`]} onChange={(e) => set(i, { unitPrice: e.currentTarget.value })} />
                    </Table.Td>
                    {hasDiscount ? (
                      <Table.Td style={right} data-testid={`credit-discount-${i}`}>
                        {item.discount ? `${formatQuantity(item.discount)} %` : ''}
                      </Table.Td>
                    ) : null}
                    <Table.Td style={right}>{item.taxRate ?? 0} %</Table.Td>
                    {/* What this line credits before VAT, the discount taken off: the figures add up to the credit below. */}
                    <Table.Td style={{ ...right, whiteSpace: 'nowrap' }} c={lines[i]?.on ? undefined : 'dimmed'} data-testid={`credit-line-amount-${i}`}>
                      {formatOre(lineNetOre({ quantity: parseDecimal(lines[i]?.quantity ?? '') || 0, unitPrice: parseDecimal(lines[i]?.unitPrice ?? '') || 0, discount: item.discount ?? 0, taxRate: item.taxRate ?? 0 }))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Textarea label={t('docs.invoiceText')} value={text} maxLength={2000} autosize minRows={2} onChange={(e) => setText(e.currentTarget.value)} />
          </>
        )}
        {Object.entries(errors)
          .filter(([k]) => !/^items\[\d+\]\.(quantity|unitPrice)$/.test(k))
          .map(([k, v]) => (
            <Alert key={k} color="red" variant="light">
              {v}
            </Alert>
          ))}
        <SimpleGrid cols={3} data-testid="credit-preview">
          <Fact label={t('inv.credit.amount')} value={<b data-testid="credit-total">{preview ? formatMoney(preview.amount) : mode === 'partial' && chosen.length ? formatOre(totals.totalOre) : '–'}</b>} />
          <Fact label={t('inv.credit.balanceBefore')} value={formatMoney(preview?.balanceBefore ?? invoice.currentBalance ?? 0)} />
          <Fact label={t('inv.credit.balanceAfter')} value={<span data-testid="credit-balance-after">{preview ? formatMoney(preview.balanceAfter) : '–'}</span>} />
        </SimpleGrid>
        {previewError ? (
          <Alert color="orange" variant="light" data-testid="credit-preview-error">
            {previewError}
          </Alert>
        ) : null}
        {preview && preview.toRefund > 0 ? (
          <Alert color="orange" variant="light" data-testid="credit-refund-warning">
            {t('inv.credit.refundWarning', { amount: formatMoney(preview.toRefund) })}
          </Alert>
        ) : null}
        <Alert color="yellow" variant="light">
          {t('docs.issueFinal')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} disabled={!!previewError} onClick={() => void submit()} data-testid="credit-submit">
            {t('inv.credit.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
