import { ActionIcon, Button, Group, NativeSelect, SegmentedControl, Text, TextInput, Tooltip } from '@mantine/core';
import { useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyLine, lineFigures, type LineForm } from './editor-form';
import { formatOre, lineNetOre, toInputText } from '../../shared/money';
import { ProductCodeInput, type ProductHit } from './ProductCodeInput';
import { NewProductModal } from './QuickCreate';
import { TAX_RATES } from './document.types';

const num = { textAlign: 'right' as const };

/** The editable lines of a document; errors keyed `items[i].field` show in the cell they concern. */
export function DocumentLines({
  lines,
  onChange,
  errors,
  readOnly = false,
  compact = false,
}: {
  lines: LineForm[];
  onChange: (lines: LineForm[]) => void;
  errors: Record<string, string>;
  readOnly?: boolean;
  /** Two rows per line (description on its own row), for a narrow editor beside the preview. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  // Several changes in one event (a product picked, then the field's own change) each build on the last one.
  const latest = useRef(lines);
  latest.current = lines;
  const set = (i: number, patch: Partial<LineForm>) => {
    const next = latest.current.map((l, j) => (j === i ? { ...l, ...patch } : l));
    latest.current = next;
    onChange(next);
  };
  const fromProduct = (p: ProductHit | { code: string; description: string; unitPrice: number; taxRate: number; vatCategory: LineForm['vatCategory']; exemptionReason: string | null; unit: string | null }): Partial<LineForm> => ({
    productCode: p.code,
    description: p.description,
    unitPrice: toInputText(p.unitPrice, 2),
    taxRate: String(p.taxRate),
    vatCategory: p.vatCategory,
    exemptionReason: p.exemptionReason,
    unit: p.unit,
  });
  /** The line a new product is being made for ("+ Nytt produkt"), with what was typed. */
  const [creating, setCreating] = useState<{ index: number; code: string } | null>(null);
  const err = (i: number, field: string) => errors[`items[${i}].${field}`];
  const [unknown, setUnknown] = useState<Record<string, string | undefined>>({});

  const grid: CSSProperties = compact
    ? {
        display: 'grid',
        // Narrow enough for a 1024 px window beside the preview (the lines' card is then about 500 px wide).
        // Varenr. (9 characters) and Antall share the first two columns, so Varenr. and Pris ("12 345,50") are whole at 1024 px.
        gridTemplateColumns: '48px minmax(40px, 1fr) 56px minmax(84px, 1.3fr) 44px 64px minmax(76px, 1.1fr) 28px',
        gridTemplateAreas: '"code code desc desc desc desc desc del" "qty qty unit price disc vat amount ."',
        columnGap: 6,
        rowGap: 4,
      }
    : {
        display: 'grid',
        gridTemplateColumns: '96px minmax(160px, 1fr) 72px 64px 100px 64px 80px 104px 28px',
        gridTemplateAreas: '"code desc qty unit price disc vat amount del"',
        columnGap: 6,
      };
  const head = (area: string, label: string, align?: 'right') => (
    <Text size="xs" fw={600} c="dimmed" style={{ gridArea: area, textAlign: align }}>
      {label}
    </Text>
  );

  return (
    <div>
      <div data-testid="doc-lines">
        <div style={{ ...grid, paddingBottom: 6, borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          {head('code', t('docs.line.code'))}
          {head('desc', t('docs.line.description'))}
          {head('qty', t('docs.line.quantity'), 'right')}
          {head('unit', t('docs.line.unit'))}
          {head('price', t('docs.line.unitPrice'), 'right')}
          {head('disc', t('docs.line.discount'), 'right')}
          {head('vat', t('docs.line.vat'))}
          {head('amount', t('docs.line.amount'), 'right')}
        </div>
        {lines.map((l, i) => (
          <div key={l.key} data-testid={`line-${i}`} style={{ ...grid, alignItems: 'start', padding: '6px 0', borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <div style={{ gridArea: 'code' }}>
              <ProductCodeInput
                ariaLabel={`${t('docs.line.code')} ${i + 1}`}
                value={l.productCode}
                error={err(i, 'productCode') ?? unknown[l.key]}
                onChange={(v) => {
                  setUnknown((u) => ({ ...u, [l.key]: undefined }));
                  set(i, { productCode: v });
                }}
                onProduct={(p) => {
                  setUnknown((u) => ({ ...u, [l.key]: undefined }));
                  set(i, fromProduct(p));
                }}
                onUnknown={() => setUnknown((u) => ({ ...u, [l.key]: t('docs.err.unknownProduct') }))}
                onCreate={readOnly ? undefined : (code) => setCreating({ index: i, code })}
              />
            </div>
            <TextInput
              style={{ gridArea: 'desc' }}
              size="xs"
              aria-label={`${t('docs.line.description')} ${i + 1}`}
              value={l.description}
              readOnly={readOnly}
              maxLength={255}
              error={err(i, 'description')}
              onChange={(e) => set(i, { description: e.currentTarget.value })}
            />
            <TextInput
              style={{ gridArea: 'qty' }}
              size="xs"
              aria-label={`${t('docs.line.quantity')} ${i + 1}`}
              value={l.quantity}
              inputMode="decimal"
              styles={{ input: num }}
              error={err(i, 'quantity')}
              onChange={(e) => set(i, { quantity: e.currentTarget.value })}
            />
            <TextInput
              style={{ gridArea: 'unit' }}
              size="xs"
              aria-label={`${t('docs.line.unit')} ${i + 1}`}
              value={l.unit ?? ''}
              maxLength={20}
              placeholder="stk"
              error={err(i, 'unit')}
              onChange={(e) => set(i, { unit: e.currentTarget.value || null })}
            />
            <TextInput
              style={{ gridArea: 'price' }}
              size="xs"
              aria-label={`${t('docs.line.unitPrice')} ${i + 1}`}
              value={l.unitPrice}
              inputMode="decimal"
              styles={{ input: num }}
              error={err(i, 'unitPrice')}
              onChange={(e) => set(i, { unitPrice: e.currentTarget.value })}
            />
            <TextInput
              style={{ gridArea: 'disc' }}
              size="xs"
              aria-label={`${t('docs.line.discount')} ${i + 1}`}
              value={l.discount}
              inputMode="decimal"
              styles={{ input: num }}
              placeholder="0"
              error={err(i, 'discount')}
              onChange={(e) => set(i, { discount: e.currentTarget.value })}
            />
            <NativeSelect
              style={{ gridArea: 'vat' }}
              size="xs"
              aria-label={`${t('docs.line.vat')} ${i + 1}`}
              value={l.taxRate}
              error={err(i, 'taxRate') ?? err(i, 'vatCategory')}
              data={TAX_RATES.map((r) => ({ value: String(r), label: `${r} %` }))}
              onChange={(e) => set(i, { taxRate: e.currentTarget.value, vatCategory: e.currentTarget.value === '0' ? (l.vatCategory === 'E' ? 'E' : 'Z') : 'S' })}
            />
            <Text size="sm" data-testid={`line-amount-${i}`} style={{ gridArea: 'amount', ...num, paddingTop: 4, whiteSpace: 'nowrap' }}>
              {formatOre(lineNetOre(lineFigures(l)))}
            </Text>
            <Tooltip label={t('docs.line.remove')} openDelay={500}>
              <ActionIcon
                style={{ gridArea: 'del' }}
                variant="subtle"
                color="gray"
                mt={2}
                aria-label={`${t('docs.line.remove')} ${i + 1}`}
                onClick={() => onChange(lines.length > 1 ? lines.filter((_, j) => j !== i) : [emptyLine()])}
              >
                ✕
              </ActionIcon>
            </Tooltip>
            {l.taxRate === '0' ? (
              <Group gap="xs" align="flex-start" style={{ gridColumn: '2 / -2' }} wrap="nowrap">
                <SegmentedControl
                  size="xs"
                  aria-label={`${t('docs.line.zeroWhy')} ${i + 1}`}
                  value={l.vatCategory === 'E' ? 'E' : 'Z'}
                  onChange={(v) => set(i, { vatCategory: v as 'Z' | 'E' })}
                  data={[
                    { value: 'Z', label: t('docs.line.zeroRated') },
                    { value: 'E', label: t('docs.line.exempt') },
                  ]}
                />
                {l.vatCategory === 'E' ? (
                  <TextInput
                    size="xs"
                    style={{ flex: 1 }}
                    aria-label={`${t('docs.line.exemptionReason')} ${i + 1}`}
                    placeholder={t('docs.line.exemptionReason')}
                    maxLength={255}
                    value={l.exemptionReason ?? ''}
                    error={err(i, 'exemptionReason')}
                    onChange={(e) => set(i, { exemptionReason: e.currentTarget.value })}
                  />
                ) : null}
              </Group>
            ) : null}
          </div>
        ))}
      </div>
      <NewProductModal
        opened={creating !== null}
        initial={(() => {
          const l = creating ? lines[creating.index] : undefined;
          // What was typed in Varenr. is the code, or the description when it is not code-like.
          const code = creating?.code ?? '';
          const codeLike = /^\S{1,9}$/.test(code);
          return { code: codeLike ? code : '', description: l?.description || (codeLike ? '' : code), unitPrice: l?.unitPrice ?? '', taxRate: l?.taxRate ?? '25', unit: l?.unit ?? null };
        })()}
        onClose={() => setCreating(null)}
        onCreated={(p) => {
          if (creating) {
            setUnknown((u) => ({ ...u, [lines[creating.index]?.key ?? '']: undefined }));
            set(creating.index, fromProduct(p));
          }
          setCreating(null);
        }}
      />
      <Group mt="xs">
        <Button variant="light" size="xs" onClick={() => onChange([...lines, emptyLine()])} data-testid="add-line">
          + {t('docs.line.add')}
        </Button>
        <Text size="xs" c="dimmed">
          Ctrl+Enter / Alt+L
        </Text>
      </Group>
    </div>
  );
}
