import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OptNullStr, SelfLinks, Str } from '../../ops/schemas.js';
import { Printed } from '../../ops/printable.js';

export const TAX_RATES = [25, 15, 12, 0] as const;
export const TaxRate = Type.Union(TAX_RATES.map((r) => Type.Literal(r)), { description: 'a VAT rate: 25, 15, 12 or 0' });
export const VatCategoryInput = Type.Union([Type.Literal('S'), Type.Literal('Z'), Type.Literal('E')]);

/** A product (price list entry). unitPrice in kroner with at most 2 decimals. */
export const ProductInput = Printed(Type.Object({
  code: Str(9, { min: 1 }),
  description: Str(75, { min: 1 }),
  unitPrice: Type.Number({ minimum: -99_999_999.99, maximum: 99_999_999.99 }),
  taxRate: TaxRate,
  /** S standard (25/15/12), Z zero-rated, E exempt (needs exemptionReason). Default: S, or Z for 0 %. */
  vatCategory: Type.Optional(VatCategoryInput),
  exemptionReason: OptNullStr(255),
  unit: OptNullStr(20),
  /** Issue 27: the product's own sales account (4 digits, class 3 of the standard chart); null or absent = the account of its VAT code. */
  salesAccount: Type.Optional(Nullable(Type.String({ pattern: '^(3[0-9]{3})?$', description: 'a sales account 3000-3999 of the standard chart' }))),
}));
export type ProductInput = Static<typeof ProductInput>;

export const ProductListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
});

/** A product as read (GET /products/{n}, lists, the created body). */
export const ProductView = Type.Object({
  number: Type.Integer(),
  code: Type.String(),
  description: Type.String(),
  unitPrice: Type.Number({ description: 'kroner' }),
  taxRate: Type.Number(),
  vatCategory: Type.Union([Type.Literal('S'), Type.Literal('Z'), Type.Literal('E')]),
  exemptionReason: Nullable(Type.String()),
  unit: Nullable(Type.String()),
  salesAccount: Nullable(Type.String()),
  _links: SelfLinks,
});
export type ProductView = Static<typeof ProductView>;
