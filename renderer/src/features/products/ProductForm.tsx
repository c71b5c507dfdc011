import { Alert, Anchor, Button, Grid, Group, Loader, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, call, formBody } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { useEditForm } from '../../shared/use-edit-form';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { OPS } from '../documents/doc-ops';
import { TAX_RATES } from '../documents/document.types';
import { parseDecimal, toInputText } from '../../shared/money';
import type { Product } from './product.types';

interface ProductFormState {
  code: string;
  description: string;
  unitPrice: string;
  taxRate: string;
  vatCategory: 'S' | 'Z' | 'E';
  exemptionReason: string;
  unit: string;
  /** Its own sales account (Innstillinger → Regnskap has the default per VAT code); '' = that default. */
  salesAccount: string;
}

const empty: ProductFormState = { code: '', description: '', unitPrice: '', taxRate: '25', vatCategory: 'S', exemptionReason: '', unit: '', salesAccount: '' };

/** Create or edit a product: code (max 9, unique), description, price, VAT rate and category, unit. */
export function ProductForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const param = useParams().number;
  const number = param && param !== 'new' ? Number(param) : null;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { form, set, loaded, errors, busy, save } = useEditForm<ProductFormState, unknown>({
    unsaved: 'product-form', // leaving with changes asks Lagre / Forkast / Avbryt (they were lost without a word)
    empty,
    id: number,
    load:
      number === null
        ? null
        : async () => {
            const p = await call(OPS.products.get, { params: { number } });
            return {
              code: p.code,
              description: p.description,
              unitPrice: toInputText(p.unitPrice, 2),
              taxRate: String(p.taxRate),
              vatCategory: p.vatCategory,
              exemptionReason: p.exemptionReason ?? '',
              unit: p.unit ?? '',
              salesAccount: p.salesAccount ?? '',
            };
          },
    validate: (f) => {
      const price = parseDecimal(f.unitPrice);
      const local: Record<string, string> = {};
      if (!f.code.trim()) local.code = t('docs.err.required');
      if (!f.description.trim()) local.description = t('docs.err.required');
      if (price === null) local.unitPrice = t('docs.err.required');
      else if (Number.isNaN(price)) local.unitPrice = t('docs.err.number');
      if (f.vatCategory === 'E' && f.taxRate === '0' && !f.exemptionReason.trim()) local.exemptionReason = t('docs.err.required');
      return local;
    },
    save: async (f) => {
      const rate = Number(f.taxRate);
      const body = {
        code: f.code.trim(),
        description: f.description.trim(),
        unitPrice: parseDecimal(f.unitPrice),
        taxRate: rate,
        vatCategory: rate === 0 ? (f.vatCategory === 'E' ? 'E' : 'Z') : 'S',
        exemptionReason: rate === 0 && f.vatCategory === 'E' ? f.exemptionReason.trim() : null,
        unit: f.unit.trim() || null,
        salesAccount: f.salesAccount.trim() || null,
      };
      return number === null ? call(OPS.products.create, { body: formBody(body) }) : call(OPS.products.update, { params: { number }, body: formBody(body) });
    },
    onSaved: () => {
      notifyOk(t('prod.saved'));
      navigate('/products');
    },
    // A duplicate code is a 409 that may name no field: it belongs beside the code.
    mapErrors: (e, f) => (e instanceof ApiError && e.status === 409 && !f.code ? { ...f, code: e.message } : f),
  });

  async function remove() {
    if (number === null) return;
    try {
      await call(OPS.products.remove, { params: { number } });
      notifyOk(t('prod.deleted'));
      navigate('/products');
    } catch (e) {
      notifyError(e);
    }
  }

  if (!loaded) return <Loader />;
  return (
    <Stack gap="md" maw={760}>
      <div>
        <Anchor component={Link} to="/products" size="sm">
          ← {t('prod.title')}
        </Anchor>
        <Title order={2} mt={4}>
          {number === null ? t('prod.new') : t('prod.edit', { code: form.code })}
        </Title>
      </div>
      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Grid gutter="sm">
            <Grid.Col span={4}>
              <TextInput label={t('prod.code')} withAsterisk maxLength={9} value={form.code} error={errors.code} onChange={(e) => set({ code: e.currentTarget.value })} description={t('prod.codeHint')} data-autofocus />
            </Grid.Col>
            <Grid.Col span={8}>
              <TextInput label={t('prod.description')} withAsterisk maxLength={75} value={form.description} error={errors.description} onChange={(e) => set({ description: e.currentTarget.value })} description={t('prod.descriptionHint')} />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput label={t('prod.unitPrice')} withAsterisk inputMode="decimal" value={form.unitPrice} error={errors.unitPrice} onChange={(e) => set({ unitPrice: e.currentTarget.value })} description={t('prod.priceHint')} styles={{ input: { textAlign: 'right' } }} />
            </Grid.Col>
            <Grid.Col span={4}>
              <Select
                label={t('prod.taxRate')}
                allowDeselect={false}
                data={TAX_RATES.map((r) => ({ value: String(r), label: `${r} %` }))}
                value={form.taxRate}
                error={errors.taxRate}
                onChange={(v) => set({ taxRate: v ?? '25', vatCategory: v === '0' ? (form.vatCategory === 'E' ? 'E' : 'Z') : 'S' })}
                description=" "
              />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput label={t('prod.unit')} maxLength={20} value={form.unit} error={errors.unit} placeholder={t('prod.unitPlaceholder')} onChange={(e) => set({ unit: e.currentTarget.value })} description=" " />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput
                label={t('acc.productAccount')}
                maxLength={4}
                value={form.salesAccount}
                error={errors.salesAccount}
                description={t('acc.productAccountHint')}
                onChange={(e) => set({ salesAccount: e.currentTarget.value })}
                data-testid="field-product.salesAccount"
              />
            </Grid.Col>
            {form.taxRate === '0' ? (
              <>
                <Grid.Col span={12}>
                  <Text size="sm" fw={500} mb={4}>
                    {t('prod.category')}
                  </Text>
                  <SegmentedControl
                    value={form.vatCategory === 'E' ? 'E' : 'Z'}
                    onChange={(v) => set({ vatCategory: v as 'Z' | 'E' })}
                    data={[
                      { value: 'Z', label: t('prod.cat.Z') },
                      { value: 'E', label: t('prod.cat.E') },
                    ]}
                  />
                  {errors.vatCategory ? (
                    <Text size="xs" c="red">
                      {errors.vatCategory}
                    </Text>
                  ) : null}
                </Grid.Col>
                {form.vatCategory === 'E' ? (
                  <Grid.Col span={12}>
                    <TextInput label={t('prod.exemptionReason')} withAsterisk maxLength={255} value={form.exemptionReason} error={errors.exemptionReason} placeholder={t('prod.exemptionPlaceholder')} onChange={(e) => set({ exemptionReason: e.currentTarget.value })} />
                  </Grid.Col>
                ) : null}
              </>
            ) : null}
          </Grid>
          {errors['(body)'] ? (
            <Alert color="red" mt="sm">
              {errors['(body)']}
            </Alert>
          ) : null}
          <Group justify="space-between" mt="lg">
            {number !== null ? (
              <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                {t('common.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={() => navigate('/products')}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="save-product">
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </form>
      </Paper>
      <ConfirmDialog opened={confirmDelete} title={t('prod.delete')} confirmLabel={t('common.delete')} danger onConfirm={() => void remove()} onClose={() => setConfirmDelete(false)}>
        <Text size="sm">{t('prod.deleteText')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
