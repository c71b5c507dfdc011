import { Autocomplete, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type Page } from '../../api/client';
import { OPS } from './doc-ops';

import type { Product } from '../products/product.types';

/** A product as the lookup finds it (the products.list shape). */
export type ProductHit = Product;

/** Finds the product with exactly this code (case-insensitive), or null. */
export async function findProductByCode(code: string): Promise<ProductHit | null> {
  const page = await call(OPS.products.list, { query: { q: code, perPage: 50 } });
  return page.items.find((p) => p.code.toLowerCase() === code.toLowerCase()) ?? null;
}

/** The option that makes a new product from what was typed (not a product code). */
const NEW = '\u0000new';

/**
 * Looks up what was typed: the product with exactly this code, else the single product the search finds, else null
 * (several or none).
 */
async function findSingle(q: string): Promise<ProductHit | null> {
  const page = await call(OPS.products.list, { query: { q, perPage: 2 } });
  const exact = page.items.find((p) => p.code.toLowerCase() === q.toLowerCase());
  if (exact) return exact;
  return page.items.length === 1 ? page.items[0] : (await findProductByCode(q));
}

/**
 * The product code cell of a line: suggests products (code or description) as the person types; picking one fills
 * the line at once (`onProduct`: description, price, VAT, unit), as does leaving the field with an exact code or
 * Enter when the search finds one product. `onCreate` adds "+ Nytt produkt" to the suggestions.
 */
export function ProductCodeInput({
  value,
  onChange,
  onProduct,
  onUnknown,
  onCreate,
  error,
  ariaLabel,
}: {
  value: string;
  onChange: (v: string) => void;
  onProduct: (p: ProductHit) => void;
  onUnknown: (code: string) => void;
  onCreate?: (typed: string) => void;
  error?: string;
  ariaLabel: string;
}) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(value, 200);
  const [hits, setHits] = useState<ProductHit[]>([]);
  const applied = useRef<string | null>(null);

  useEffect(() => {
    const q = debounced.trim();
    if (!q) return setHits([]);
    let live = true;
    call(OPS.products.list, { query: { q, perPage: 10 } })
      .then((p) => live && setHits(p.items))
      .catch(() => live && setHits([]));
    return () => {
      live = false;
    };
  }, [debounced]);

  const apply = (p: ProductHit) => {
    applied.current = p.code;
    onChange(p.code);
    onProduct(p);
  };

  return (
    <Autocomplete
      size="xs"
      aria-label={ariaLabel}
      value={value}
      error={error}
      maxLength={9}
      data={[...hits.map((h) => h.code), ...(onCreate && value.trim() && !hits.some((h) => h.code.toLowerCase() === value.trim().toLowerCase()) ? [NEW] : [])]}
      filter={({ options }) => options}
      renderOption={({ option }) => {
        if (option.value === NEW) {
          return (
            <Text size="sm" c="teal.8" fw={600} data-testid="product-create-option">
              {t('docs.newProductNamed', { code: value.trim() })}
            </Text>
          );
        }
        const h = hits.find((x) => x.code === option.value);
        return (
          <div>
            <Text size="sm" fw={600}>
              {option.value}
            </Text>
            <Text size="xs" c="dimmed">
              {h?.description}
            </Text>
          </div>
        );
      }}
      onChange={(v) => {
        // Mantine writes the picked option into the field after onOptionSubmit: that is what apply() wrote already.
        if (v === applied.current || v === NEW) return;
        applied.current = null;
        onChange(v);
      }}
      onOptionSubmit={(code) => {
        if (code === NEW) {
          applied.current = value;
          onCreate?.(value.trim());
          return;
        }
        const h = hits.find((x) => x.code === code);
        if (h) apply(h);
      }}
      onBlur={() => {
        const code = value.trim();
        if (!code || applied.current === code) return;
        findProductByCode(code)
          .then((p) => (p ? apply(p) : onUnknown(code)))
          .catch(() => onUnknown(code));
      }}
      onKeyDown={(e) => {
        // Enter picks the exact code or the single product the search finds; an option chosen with the arrows is Mantine's.
        if (e.key === 'Enter' && !e.ctrlKey && value.trim() && applied.current !== value.trim() && !document.querySelector('[data-combobox-selected]')) {
          const code = value.trim();
          findSingle(code)
            .then((p) => (p ? apply(p) : onUnknown(code)))
            .catch(() => onUnknown(code));
        }
      }}
      comboboxProps={{ width: 280, position: 'bottom-start' }}
    />
  );
}
