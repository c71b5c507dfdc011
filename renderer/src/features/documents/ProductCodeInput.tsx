import { Autocomplete, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
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

/**
 * The product code cell of a line: suggests products as the person types; picking one, or leaving the
 * field with an exact code, fills the line (`onProduct`).
 */
export function ProductCodeInput({
  value,
  onChange,
  onProduct,
  onUnknown,
  error,
  ariaLabel,
}: {
  value: string;
  onChange: (v: string) => void;
  onProduct: (p: ProductHit) => void;
  onUnknown: (code: string) => void;
  error?: string;
  ariaLabel: string;
}) {
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
      data={hits.map((h) => h.code)}
      filter={({ options }) => options}
      renderOption={({ option }) => {
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
        applied.current = null;
        onChange(v);
      }}
      onOptionSubmit={(code) => {
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
        if (e.key === 'Enter' && !e.ctrlKey && value.trim() && applied.current !== value.trim()) {
          const code = value.trim();
          findProductByCode(code).then((p) => (p ? apply(p) : onUnknown(code)));
        }
      }}
      comboboxProps={{ width: 280, position: 'bottom-start' }}
    />
  );
}
