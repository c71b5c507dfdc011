import { Type, type Static } from '@sinclair/typebox';
import { OptNullStr, Str } from '../../ops/schemas.js';

export const TAX_RATES = [25, 15, 12, 0] as const;
export const TaxRate = Type.Union(TAX_RATES.map((r) => Type.Literal(r)), { description: 'a VAT rate: 25, 15, 12 or 0' });
export const VatCategoryInput = Type.Union([Type.Literal('S'), Type.Literal('Z'), Type.Literal('E')]);

/** A product (price list entry). unitPrice in kroner with at most 2 decimals. */
export const ProductInput = Type.Object({
  code: Str(9, { min: 1 }),
  description: Str(75, { min: 1 }),
  unitPrice: Type.Number({ minimum: -99_999_999.99, maximum: 99_999_999.99 }),
  taxRate: TaxRate,
  /** S standard (25/15/12), Z zero-rated, E exempt (needs exemptionReason). Default: S, or Z for 0 %. */
  vatCategory: Type.Optional(VatCategoryInput),
  exemptionReason: OptNullStr(255),
  unit: OptNullStr(20),
});
export type ProductInput = Static<typeof ProductInput>;

export const ProductListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
});

export interface ProductView {
  number: number;
  code: string;
  description: string;
  unitPrice: number;
  taxRate: number;
  vatCategory: 'S' | 'Z' | 'E';
  exemptionReason: string | null;
  unit: string | null;
  _links: { self: { uri: string } };
}

