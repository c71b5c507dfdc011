import { Box, Collapse, Grid, Group, Paper, Select, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLookups } from '../../shared/lookups.store';
import { DateField } from '../../shared/DateField';
import { hasDelivery, type DocForm } from './editor-form';
import { formatDate } from '../../shared/money';

/** Field paths this section shows (errors on them open it). */
export const DELIVERY_FIELDS = ['deliveryDate', 'deliveryAddress', 'deliveryAddress.address', 'deliveryAddress.zip', 'deliveryAddress.city', 'deliveryAddress.country'];

/**
 * "Levering": the delivery date and the delivery address (2.4 deliveryAddress: address 128, zip 8, city 36,
 * country by name). Folded away unless something is filled in or the service named one of its fields;
 * folded, it says what is there in one line.
 */
export function DeliverySection({ form, errors, onChange }: { form: DocForm; errors: Record<string, string>; onChange: (patch: Partial<DocForm>) => void }) {
  const { t } = useTranslation();
  const countries = useLookups((s) => s.countries);
  const loadLookups = useLookups((s) => s.load);
  const filled = hasDelivery(form) || !!form.deliveryDate;
  const hasError = DELIVERY_FIELDS.some((f) => errors[f]);
  const [open, setOpen] = useState(filled);

  useEffect(() => {
    void loadLookups().catch(() => undefined);
  }, [loadLookups]);
  useEffect(() => {
    if (hasError) setOpen(true);
  }, [hasError]);

  const place = [form.deliveryAddress.trim(), [form.deliveryZip.trim(), form.deliveryCity.trim()].filter(Boolean).join(' '), form.deliveryCountry ?? ''].filter(Boolean).join(', ');
  const summary = [form.deliveryDate ? `${t('docs.deliveryDate')} ${formatDate(form.deliveryDate)}` : '', place].filter(Boolean).join(' · ');
  const countryData = form.deliveryCountry && !countries.some((c) => c.name === form.deliveryCountry) ? [form.deliveryCountry, ...countries.map((c) => c.name)] : countries.map((c) => c.name);

  return (
    <Paper withBorder p="md" data-testid="delivery-section">
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="delivery-fields" data-testid="delivery-toggle" style={{ width: '100%' }}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} c={hasError ? 'red' : undefined}>
            <span aria-hidden style={{ display: 'inline-block', width: 14, transition: 'transform 120ms', transform: open ? 'rotate(90deg)' : 'none' }}>
              ▸
            </span>
            {t('docs.delivery.title')}
          </Text>
          {!open ? (
            <Text size="sm" c="dimmed" truncate data-testid="delivery-summary">
              {summary || t('docs.delivery.none')}
            </Text>
          ) : null}
        </Group>
      </UnstyledButton>
      <Collapse in={open} transitionDuration={120}>
        <Box id="delivery-fields" pt="sm">
          <Grid gutter="sm">
            <Grid.Col span={4}>
              <DateField label={t('docs.deliveryDate')} value={form.deliveryDate} error={errors['deliveryDate']} onChange={(v) => onChange({ deliveryDate: v })} />
            </Grid.Col>
            <Grid.Col span={8}>
              <TextInput
                label={t('docs.delivery.address')}
                value={form.deliveryAddress}
                maxLength={128}
                error={errors['deliveryAddress.address'] ?? errors['deliveryAddress']}
                onChange={(e) => onChange({ deliveryAddress: e.currentTarget.value })}
              />
            </Grid.Col>
            <Grid.Col span={3}>
              <TextInput label={t('docs.delivery.zip')} value={form.deliveryZip} maxLength={8} error={errors['deliveryAddress.zip']} onChange={(e) => onChange({ deliveryZip: e.currentTarget.value })} />
            </Grid.Col>
            <Grid.Col span={5}>
              <TextInput label={t('docs.delivery.city')} value={form.deliveryCity} maxLength={36} error={errors['deliveryAddress.city']} onChange={(e) => onChange({ deliveryCity: e.currentTarget.value })} />
            </Grid.Col>
            <Grid.Col span={4}>
              <Select
                label={t('docs.delivery.country')}
                placeholder={t('docs.delivery.countryPlaceholder')}
                data={countryData}
                searchable
                clearable
                limit={300}
                value={form.deliveryCountry}
                error={errors['deliveryAddress.country']}
                onChange={(v) => onChange({ deliveryCountry: v })}
              />
            </Grid.Col>
          </Grid>
          <Text size="xs" c="dimmed" mt={6}>
            {t('docs.delivery.hint')}
          </Text>
        </Box>
      </Collapse>
    </Paper>
  );
}
