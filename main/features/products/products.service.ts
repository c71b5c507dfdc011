import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProductsTable } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { fromScaled, hasAtMostDecimals, toScaled } from '../../domain/money.js';
import { conflict, FieldErrors, notFound } from '../../ops/errors.js';
import { audit } from '../audit/index.js';
import type { ProductInput, ProductView } from './products.schema.js';
import { inTx, type TxCtx } from '../../ops/transaction.js';
import { forgetTxMemo, txMemo } from '../../ops/tx-memo.js';
import { prepared } from '../../../db/fast.js';

type Row = Selectable<ProductsTable>;
type NewRow = Omit<ProductsTable, 'number' | 'sales_account'> & { sales_account: string | null };

const blank = (s: string | null | undefined) => (s === undefined || s === null || s.trim() === '' ? null : s.trim());

/** Rules a schema cannot state; errors under `prefix`. */
function checkProduct(input: ProductInput, prefix: string, errors: FieldErrors, now: string): NewRow {
  const f = (n: string) => prefix + n;
  const code = input.code.trim();
  if (!code) errors.add(f('code'), 'EMPTY');
  if (!input.description.trim()) errors.add(f('description'), 'EMPTY');
  if (!hasAtMostDecimals(input.unitPrice, 2)) errors.add(f('unitPrice'), 'TOO_MANY_DECIMALS', { max: 2 });
  const category = input.vatCategory ?? (input.taxRate === 0 ? 'Z' : 'S');
  if (input.taxRate === 0 && category === 'S') errors.add(f('vatCategory'), 'ZERO_RATE_NEEDS_Z_OR_E');
  if (input.taxRate !== 0 && category !== 'S') errors.add(f('vatCategory'), 'CATEGORY_NEEDS_ZERO_RATE', { category });
  const reason = blank(input.exemptionReason);
  if (category === 'E' && !reason) errors.add(f('exemptionReason'), 'EXEMPTION_REASON_REQUIRED', { what: 'product' });
  return {
    code,
    description: input.description.trim(),
    unit_price: toScaled(input.unitPrice, 2),
    tax_rate: input.taxRate * 100,
    vat_category: category,
    exemption_reason: category === 'S' ? null : reason,
    unit: blank(input.unit),
    sales_account: blank(input.salesAccount),
    deleted: 0,
    created_at: now,
    updated_at: now,
  };
}

async function assertCodesFree(db: Kysely<Database>, wanted: Array<{ code: string; field: string }>, exceptNumber?: number) {
  const errors = new FieldErrors();
  const seen = new Map<string, string>();
  for (const w of wanted) {
    if (seen.has(w.code)) errors.add(w.field, 'PRODUCT_CODE_TWICE', { code: w.code });
    seen.set(w.code, w.field);
  }
  const codes = [...seen.keys()];
  for (let i = 0; i < codes.length; i += 500) {
    let q = db.selectFrom('products').select('code').where('code', 'in', codes.slice(i, i + 500));
    if (exceptNumber !== undefined) q = q.where('number', '!=', exceptNumber);
    for (const r of await q.execute()) errors.add(seen.get(r.code)!, 'PRODUCT_CODE_TAKEN', { code: r.code });
  }
  if (errors.any) throw conflict('Product code already in use', errors.list);
}

export function productView(r: Row): ProductView {
  return {
    number: r.number,
    code: r.code,
    description: r.description,
    unitPrice: fromScaled(r.unit_price, 2),
    taxRate: r.tax_rate / 100,
    vatCategory: r.vat_category as ProductView['vatCategory'],
    exemptionReason: r.exemption_reason,
    unit: r.unit,
    salesAccount: r.sales_account ?? null,
    _links: { self: { uri: `/products/${r.number}` } },
  };
}

/** One or many products: all validated, then all written in one transaction, or nothing. */
export async function createProducts(ctx: AppContext, inputs: ProductInput[], batch: boolean): Promise<number[]> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const errors = new FieldErrors();
    const now = ctx.clock.timestamp();
    const rows = inputs.map((p, i) => checkProduct(p, batch ? `[${i}].` : '', errors, now));
    errors.throwIfAny();
    await assertCodesFree(trx, rows.map((r, i) => ({ code: r.code, field: `${batch ? `[${i}].` : ''}code` })));
    forgetKept(tctx);
    const numbers: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const out = await trx.insertInto('products').values(rows.slice(i, i + 500)).returning('number').execute();
      numbers.push(...out.map((r) => r.number));
    }
    await audit(tctx, 'product', numbers.length === 1 ? numbers[0] : `${numbers[0]}..${numbers[numbers.length - 1]}`, 'create', {
      count: numbers.length,
    });
    return numbers;
  });
}

export async function getProductRow(db: Kysely<Database>, number: number): Promise<Row> {
  const row = await db.selectFrom('products').selectAll().where('number', '=', number).where('deleted', '=', 0).executeTakeFirst();
  if (!row) throw notFound('product', { number });
  return row;
}

export async function getProduct(ctx: AppContext, number: number): Promise<ProductView> {
  return productView(await getProductRow(ctx.db, number));
}

export async function updateProduct(ctx: AppContext, number: number, input: ProductInput): Promise<ProductView> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const existing = await getProductRow(trx, number);
    const errors = new FieldErrors();
    const row = checkProduct(input, '', errors, ctx.clock.timestamp());
    errors.throwIfAny();
    await assertCodesFree(trx, [{ code: row.code, field: 'code' }], number);
    const { created_at: _c, ...rest } = row;
    forgetKept(tctx);
    await trx.updateTable('products').set(rest).where('number', '=', number).execute();
    await audit(tctx, 'product', number, 'update', { before: productView(existing), after: input });
    return productView({ ...existing, ...rest });
  });
}

/** Lines keep their own copy of code, text and price, so a product can go without touching any document. */
export async function deleteProduct(ctx: AppContext, number: number): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const existing = await getProductRow(trx, number);
    forgetKept(tctx);
    await trx.deleteFrom('products').where('number', '=', number).execute();
    await audit(tctx, 'product', number, 'delete', productView(existing));
  });
}

function filtered(db: Kysely<Database>, q?: string) {
  let query = db.selectFrom('products').where('deleted', '=', 0);
  const term = q?.trim().toLocaleLowerCase('nb-NO');
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    query = query.where((eb) => eb.or([eb(sql`lower(code)`, 'like', sql`${like} escape '\\'`), eb(sql`lower(description)`, 'like', sql`${like} escape '\\'`)]));
  }
  return query;
}

/** Sorted by code; q searches code and description. */
export async function listProducts(ctx: AppContext, q: string | undefined, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filtered(ctx.db, q).selectAll().orderBy('code').limit(limit).offset(offset).execute(),
    filtered(ctx.db, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(productView), total: Number(count.n) };
}

/**
 * Products by code (the lines of a draft name them), deleted ones excluded. Inside a transaction what was read is kept
 * for the rest of it (main/ops/tx-memo.ts; null: no such product): a paid signup looks its products up three times, a
 * group-commit batch once for all its members. Every write to products below forgets them.
 */
const MEMO = 'product:';
const forgetKept = (tctx: TxCtx) => forgetTxMemo(tctx, MEMO);

/** One code (a signup's invoice, most drafts' first look-up): compiled once. */
const oneProduct = prepared((db, code: string) => db.selectFrom('products').selectAll().where('code', '=', code).where('deleted', '=', 0));

export async function productsByCode(ctx: Pick<AppContext, 'db'>, codes: string[]): Promise<Map<string, Row>> {
  const { db } = ctx;
  const out = new Map<string, Row>();
  const kept = txMemo(ctx) as Map<string, Row | null> | undefined;
  const unique = [...new Set(codes)].filter((c) => {
    const k = kept?.get(MEMO + c);
    if (k) out.set(c, { ...k });
    return k === undefined;
  });
  for (let i = 0; i < unique.length; i += 500) {
    const part = unique.slice(i, i + 500);
    const rows = part.length === 1 ? await oneProduct.rows(db, part[0]) : await db.selectFrom('products').selectAll().where('code', 'in', part).where('deleted', '=', 0).execute();
    for (const r of rows) out.set(r.code, r);
    if (kept) for (const c of part) kept.set(MEMO + c, out.has(c) ? { ...out.get(c)! } : null);
  }
  return out;
}
