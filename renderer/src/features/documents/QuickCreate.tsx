import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call, formBody } from '../../api/client';
import { fieldErrors, notifyError } from '../../shared/errors';
import { errorProps } from '../../shared/form-errors';
import { checkNumber, zipLookup } from '../../shared/norwegian-fields';
import { TAX_RATES } from './document.types';

/** What an editor line or the customer field gets from a customer or product made here. */
export interface MadeCustomer {
  number: number;
  label: string;
  yourReference: string | null;
}
export interface MadeProduct {
  code: string;
  description: string;
  unitPrice: number;
  taxRate: number;
  vatCategory: 'S' | 'Z' | 'E';
  exemptionReason: string | null;
  unit: string | null;
}

function Actions({ onClose, busy, testId }: { onClose: () => void; busy: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={busy} data-testid={testId}>
        {t('docs.quick.create')}
      </Button>
    </Group>
  );
}

/**
 * "Ny kunde" from the document editor: the few fields a customer needs (name, org number, address, e-mail), made
 * with recipients.create; the editor goes on with the new customer chosen. The full form stays under Kunder.
 */
export function NewCustomerModal({ opened, initialName, onClose, onCreated }: { opened: boolean; initialName: string; onClose: () => void; onCreated: (c: MadeCustomer) => void }) {
  const { t } = useTranslation();
  const empty = { name: '', orgNumber: '', address1: '', zip: '', city: '', email: '' };
  const [v, setV] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      // A number typed in the search is an org number, anything else the name.
      const typed = initialName.trim();
      const digits = typed.replace(/\s/g, '');
      setV({ ...empty, ...(/^\d{9}$/.test(digits) ? { orgNumber: typed } : { name: typed }) });
      setErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const set = (k: keyof typeof empty, x: string) => setV((s) => ({ ...s, [k]: x }));
  async function submit() {
    setBusy(true);
    try {
      const org = v.orgNumber.replace(/\s/g, '');
      const body = {
        name: v.name.trim(),
        contact: { address: { address1: v.address1.trim() || null, zip: v.zip.trim(), city: v.city.trim() }, email: v.email.trim() || null },
        organisation: org ? { form: null, icd: 9908, number: org } : { form: 'prv' },
      };
      const made = (await call('recipients.create', { body: formBody(body) })).body;
      if (Array.isArray(made)) throw new Error('recipients.create answered links for one recipient');
      onCreated({ number: made.number, label: made.customerNumber ? `${made.name} (${made.customerNumber})` : made.name, yourReference: made.yourReference ?? null });
    } catch (e) {
      const f = fieldErrors(e);
      // The service's paths (contact.address.zip, organisation.number) to this form's fields.
      setErrors({
        name: f['name'],
        orgNumber: f['organisation.number'],
        address1: f['contact.address.address1'],
        zip: f['contact.address.zip'],
        city: f['contact.address.city'],
        email: f['contact.email'],
      } as Record<string, string>);
      if (!(e instanceof ApiError) || !e.fields.length) notifyError(e);
    } finally {
      setBusy(false);
    }
  }
  const field = (k: keyof typeof empty, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} value={v[k]} onChange={(e) => set(k, e.currentTarget.value)} data-testid={`quick-customer-${k}`} {...errorProps(errors, k)} {...extra} />
  );
  return (
    // No focus back to the customer field: it would open its list over the form below it.
    <Modal opened={opened} onClose={onClose} title={t('docs.quick.customerTitle')} size="lg" centered returnFocus={false}>
      <form
        data-testid="quick-customer"
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          void submit();
        }}
      >
        <Stack gap="xs">
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            {field('name', t('recipients.field.name'), { withAsterisk: true, 'data-autofocus': true, maxLength: 42 })}
            {field('orgNumber', t('recipients.field.orgNumber'), {
              placeholder: '923 609 016',
              onBlur: () => setErrors((x) => ({ ...x, orgNumber: checkNumber('orgNumber', v.orgNumber).error ?? '' })),
            })}
            {field('address1', t('recipients.field.address1'))}
            {field('email', t('recipients.field.email'))}
            {field('zip', t('recipients.field.zip'), {
              withAsterisk: true,
              onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                const typed = e.currentTarget.value;
                const place = zipLookup(typed, 'NORGE').place;
                setV((s) => ({ ...s, zip: typed, ...(place ? { city: place } : {}) }));
              },
            })}
            {field('city', t('recipients.field.city'), { withAsterisk: true })}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('docs.quick.customerHint')}
          </Text>
        </Stack>
        <Actions onClose={onClose} busy={busy} testId="quick-customer-save" />
      </form>
    </Modal>
  );
}

/**
 * "Nytt produkt" from a line of the editor: code, description, price, VAT and unit (started from what the line holds),
 * made with products.create; the line is then filled from it.
 */
export function NewProductModal({ opened, initial, onClose, onCreated }: { opened: boolean; initial: { code: string; description: string; unitPrice: string; taxRate: string; unit: string | null }; onClose: () => void; onCreated: (p: MadeProduct) => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState({ code: '', description: '', unitPrice: '', taxRate: '25', unit: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setV({ code: initial.code, description: initial.description, unitPrice: initial.unitPrice, taxRate: initial.taxRate || '25', unit: initial.unit ?? '' });
      setErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const set = (k: keyof typeof v, x: string) => setV((s) => ({ ...s, [k]: x }));
  async function submit() {
    setBusy(true);
    try {
      const price = v.unitPrice.replace(/[\s\u00a0]/g, '').replace(',', '.');
      const body = { code: v.code.trim(), description: v.description.trim(), unitPrice: price === '' ? null : Number(price), taxRate: Number(v.taxRate), unit: v.unit.trim() || null };
      const made = (await call('products.create', { body: formBody(body) })).body;
      if (Array.isArray(made)) throw new Error('products.create answered links for one product');
      onCreated(made as MadeProduct);
    } catch (e) {
      setErrors(fieldErrors(e));
      if (!(e instanceof ApiError) || !e.fields.length) notifyError(e);
    } finally {
      setBusy(false);
    }
  }
  const field = (k: 'code' | 'description' | 'unitPrice' | 'unit', label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} value={v[k]} onChange={(e) => set(k, e.currentTarget.value)} data-testid={`quick-product-${k}`} {...errorProps(errors, k)} {...extra} />
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('docs.quick.productTitle')} size="lg" centered>
      <form
        data-testid="quick-product"
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          void submit();
        }}
      >
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          {field('code', t('docs.line.code'), { withAsterisk: true, maxLength: 9, 'data-autofocus': true })}
          {field('description', t('docs.line.description'), { withAsterisk: true, maxLength: 75 })}
          {field('unitPrice', t('docs.line.unitPrice'), { withAsterisk: true, inputMode: 'decimal' })}
          <NativeSelect label={t('docs.line.vat')} value={v.taxRate} data={TAX_RATES.map((r) => ({ value: String(r), label: `${r} %` }))} onChange={(e) => set('taxRate', e.currentTarget.value)} data-testid="quick-product-taxRate" {...errorProps(errors, 'taxRate')} />
          {field('unit', t('docs.line.unit'), { maxLength: 20, placeholder: 'stk' })}
        </SimpleGrid>
        <Actions onClose={onClose} busy={busy} testId="quick-product-save" />
      </form>
    </Modal>
  );
}
