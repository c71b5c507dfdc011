import { ActionIcon, Button, Grid, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../shared/DateField';
import { TAX_RATES } from '../documents/document.types';
import type { CodeRow, EventForm, FieldRow } from './event-form.model';

type Set = (patch: Partial<EventForm>) => void;
const rates = TAX_RATES.map((r) => ({ value: String(r), label: `${r} %` }));

/** A date (DD.MM.YYYY) and a time (HH:MM) side by side; the error is the service's for the whole date-time. */
export function DateTimeInput({ label, date, time, error, required, onDate, onTime, testId, timePlaceholder, timeHint }: {
  label: string; date: string | null; time: string; error?: string; required?: boolean; onDate: (v: string | null) => void; onTime: (v: string) => void; testId: string;
  /** An optional time's default, shown in the empty field (the deadline: 23:59), and a line under it saying so. */
  timePlaceholder?: string; timeHint?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <DateField label={label} withAsterisk={required} value={date} onChange={onDate} error={error} style={{ flex: 1 }} data-testid={`${testId}-date`} />
      <TextInput label={t('evt.time')} placeholder={timePlaceholder ?? 'TT:MM'} description={timeHint} w={timeHint ? 130 : 90} maxLength={5} value={time} onChange={(e) => onTime(e.currentTarget.value)} data-testid={`${testId}-time`} />
    </Group>
  );
}

/** Own questions on the signup form (TEXT or BOOLEAN, optionally priced with a product) and the discount codes. */
export function EventFormLists({ form, set, errors }: { form: EventForm; set: Set; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const setField = (i: number, patch: Partial<FieldRow>) => set({ fields: form.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  const setCode = (i: number, patch: Partial<CodeRow>) => set({ codes: form.codes.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <>
      <Paper withBorder p="md">
        <Title order={4} mb="xs">{t('evt.section.fields')}</Title>
        <Stack gap="xs">
          {form.fields.map((f, i) => (
            <Grid key={i} gutter="xs" align="flex-end" data-testid={`field-row-${i}`}>
              <Grid.Col span={3}>
                <TextInput label={t('evt.field.name')} maxLength={100} value={f.name} error={errors[`customFields[${i}].name`]} onChange={(e) => setField(i, { name: e.currentTarget.value })} />
              </Grid.Col>
              <Grid.Col span={2}>
                <Select label={t('evt.field.type')} allowDeselect={false} value={f.type} onChange={(v) => setField(i, { type: (v ?? 'TEXT') as FieldRow['type'] })} data={['TEXT', 'BOOLEAN'].map((x) => ({ value: x, label: t(`evt.field.${x}`) }))} />
              </Grid.Col>
              <Grid.Col span={2}>
                <TextInput label={t('evt.field.price')} inputMode="decimal" value={f.price} error={errors[`customFields[${i}].price.price`]} onChange={(e) => setField(i, { price: e.currentTarget.value })} />
              </Grid.Col>
              <Grid.Col span={2}>
                <TextInput label={t('evt.field.product')} maxLength={9} disabled={!f.price.trim()} value={f.productCode} error={errors[`customFields[${i}].price.productCode`]} onChange={(e) => setField(i, { productCode: e.currentTarget.value })} />
              </Grid.Col>
              <Grid.Col span={2}>
                <Select label={t('evt.taxRate')} allowDeselect={false} disabled={!f.price.trim()} value={f.taxRate} data={rates} onChange={(v) => setField(i, { taxRate: v ?? '25' })} />
              </Grid.Col>
              <Grid.Col span={1}>
                <ActionIcon variant="subtle" color="red" aria-label={t('evt.remove')} onClick={() => set({ fields: form.fields.filter((_, j) => j !== i) })} mb={6}>✕</ActionIcon>
              </Grid.Col>
            </Grid>
          ))}
          <Group>
            <Button variant="light" size="xs" disabled={form.fields.length >= 20} onClick={() => set({ fields: [...form.fields, { name: '', type: 'BOOLEAN', price: '', productCode: '', taxRate: '25' }] })} data-testid="add-field">
              {t('evt.field.add')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="xs">{t('evt.section.codes')}</Title>
        <Stack gap="xs">
          <TextInput label={t('evt.codes.label')} maxLength={100} w={320} value={form.discountLabel} onChange={(e) => set({ discountLabel: e.currentTarget.value })} />
          {form.codes.map((c, i) => (
            <Group key={i} gap="xs" align="flex-end" data-testid={`code-row-${i}`}>
              <TextInput label={t('evt.code')} maxLength={15} value={c.code} error={errors[`discountCodes.codes[${i}].code`]} onChange={(e) => setCode(i, { code: e.currentTarget.value })} />
              <TextInput label={t('evt.code.amount')} inputMode="decimal" value={c.amount} error={errors[`discountCodes.codes[${i}].amount`]} onChange={(e) => setCode(i, { amount: e.currentTarget.value })} />
              <ActionIcon variant="subtle" color="red" aria-label={t('evt.remove')} onClick={() => set({ codes: form.codes.filter((_, j) => j !== i) })} mb={6}>✕</ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="light" size="xs" onClick={() => set({ codes: [...form.codes, { code: '', amount: '' }] })} data-testid="add-code">
              {t('evt.code.add')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
