import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call, type Page } from '../../api/client';
import { OPS } from '../documents/doc-ops';
import { formatMoney } from '../../shared/money';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import type { Product } from './product.types';

/** Produkter: the price list, searchable by code and description. */
export function ProductList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 200);
  const fetchPage = useCallback(
    (page: number, perPage: number) => call(OPS.products.list, { query: { q: debounced || undefined, page, perPage } }),
    [debounced],
  );
  useHotkeys([['mod+N', () => navigate('/products/new')]]);

  const columns: Column<Product>[] = [
    { key: 'code', header: t('prod.code'), width: '110px', render: (p) => <Text size="sm" fw={600}>{p.code}</Text> },
    { key: 'description', header: t('prod.description'), width: 'minmax(200px, 1fr)', render: (p) => <Text size="sm" truncate>{p.description}</Text> },
    { key: 'unit', header: t('prod.unit'), width: '80px', render: (p) => <Text size="sm">{p.unit}</Text> },
    { key: 'price', header: t('prod.unitPrice'), width: '130px', align: 'right', render: (p) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatMoney(p.unitPrice)}</Text> },
    {
      key: 'vat',
      header: t('prod.taxRate'),
      width: '120px',
      align: 'right',
      render: (p) => <Text size="sm">{p.taxRate} %{p.vatCategory !== 'S' ? ` (${t(`prod.cat.${p.vatCategory}`)})` : ''}</Text>,
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2}>{t('prod.title')}</Title>
        <Button onClick={() => navigate('/products/new')} data-testid="new-product">
          {t('prod.new')}
        </Button>
      </Group>
      <TextInput placeholder={t('prod.search')} w={360} value={q} onChange={(e) => setQ(e.currentTarget.value)} aria-label={t('common.search')} />
      <PagedVirtualTable
        queryKey={debounced}
        columns={columns}
        fetchPage={fetchPage}
        rowKey={(p) => p.number}
        onOpen={(p) => navigate(`/products/${p.number}`)}
        height="calc(100vh - 250px)"
        testId="product-table"
        empty={debounced ? t('prod.noHits') : t('prod.empty')}
      />
    </Stack>
  );
}
