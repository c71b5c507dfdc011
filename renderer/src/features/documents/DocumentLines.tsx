import { ActionIcon, Button, Group, NativeSelect, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emptyLine, lineFigures, type LineForm } from './editor-form';
import { formatOre, lineNetOre, toInputText } from './money';
import { ProductCodeInput } from './ProductCodeInput';
import { TAX_RATES } from './document.types';

const num = { textAlign: 'right' as const };

/** The editable lines of a document; errors keyed `items[i].field` show in the cell they concern. */
export function DocumentLines({
  lines,
  onChange,
  errors,
  readOnly = false,
}: {
  lines: LineForm[];
  onChange: (lines: LineForm[]) => void;
  errors: Record<string, string>;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<LineForm>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const err = (i: number, field: string) => errors[`items[${i}].${field}`];

  return (
    <div>
      <Table verticalSpacing={4} horizontalSpacing={4} data-testid="doc-lines" style={{ tableLayout: 'fixed' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={92}>{t('docs.line.code')}</Table.Th>
            <Table.Th>{t('docs.line.description')}</Table.Th>
            <Table.Th w={70} style={num}>
              {t('docs.line.quantity')}
            </Table.Th>
            <Table.Th w={96} style={num}>
              {t('docs.line.unitPrice')}
            </Table.Th>
            <Table.Th w={60} style={num}>
              {t('docs.line.discount')}
            </Table.Th>
            <Table.Th w={74}>{t('docs.line.vat')}</Table.Th>
            <Table.Th w={96} style={num}>
              {t('docs.line.amount')}
            </Table.Th>
            <Table.Th w={30} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, i) => (
            <Table.Tr key={l.key} data-testid={`line-${i}`} style={{ verticalAlign: 'top' }}>
              <Table.Td>
                <ProductCodeInput
                  ariaLabel={`${t('docs.line.code')} ${i + 1}`}
                  value={l.productCode}
                  error={err(i, 'productCode')}
                  onChange={(v) => set(i, { productCode: v })}
                  onProduct={(p) =>
                    set(i, {
                      productCode: p.code,
                      description: p.description,
                      unitPrice: toInputText(p.unitPrice, 2),
                      taxRate: String(p.taxRate),
                      vatCategory: p.vatCategory,
                      exemptionReason: p.exemptionReason,
                      unit: p.unit,
                    })
                  }
                  onUnknown={() => undefined}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={`${t('docs.line.description')} ${i + 1}`}
                  value={l.description}
                  readOnly={readOnly}
                  maxLength={255}
                  error={err(i, 'description')}
                  onChange={(e) => set(i, { description: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={`${t('docs.line.quantity')} ${i + 1}`}
                  value={l.quantity}
                  inputMode="decimal"
                  styles={{ input: num }}
                  error={err(i, 'quantity')}
                  onChange={(e) => set(i, { quantity: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={`${t('docs.line.unitPrice')} ${i + 1}`}
                  value={l.unitPrice}
                  inputMode="decimal"
                  styles={{ input: num }}
                  error={err(i, 'unitPrice')}
                  onChange={(e) => set(i, { unitPrice: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={`${t('docs.line.discount')} ${i + 1}`}
                  value={l.discount}
                  inputMode="decimal"
                  styles={{ input: num }}
                  placeholder="0"
                  error={err(i, 'discount')}
                  onChange={(e) => set(i, { discount: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <NativeSelect
                  size="xs"
                  aria-label={`${t('docs.line.vat')} ${i + 1}`}
                  value={l.taxRate}
                  error={err(i, 'taxRate') ?? err(i, 'vatCategory') ?? err(i, 'exemptionReason')}
                  data={TAX_RATES.map((r) => ({ value: String(r), label: `${r} %` }))}
                  onChange={(e) => set(i, { taxRate: e.currentTarget.value, vatCategory: e.currentTarget.value === '0' ? (l.vatCategory === 'E' ? 'E' : 'Z') : 'S' })}
                />
              </Table.Td>
              <Table.Td style={{ ...num, paddingTop: 8, whiteSpace: 'nowrap' }}>
                <Text size="sm" data-testid={`line-amount-${i}`}>
                  {formatOre(lineNetOre(lineFigures(l)))}
                </Text>
              </Table.Td>
              <Table.Td>
                <Tooltip label={t('docs.line.remove')} openDelay={500}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={2}
                    aria-label={`${t('docs.line.remove')} ${i + 1}`}
                    onClick={() => onChange(lines.length > 1 ? lines.filter((_, j) => j !== i) : [emptyLine()])}
                  >
                    ✕
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
