/**
 * Type-level test of the renderer's typed client (renderer/src/api/client.ts `call`), run by `npm run typecheck`
 * (tsc over test/): every `@ts-expect-error` below must be an error, or tsc fails with "Unused '@ts-expect-error'".
 * Nothing here runs: the calls sit in a function that is never called.
 */
import { call } from '../../renderer/src/api/client';
import type { FileValue, ItemOf, OpTree, OutputOf, PageValue } from '../../renderer/src/api/op-types';
import { DRAFT_OPS } from '../../renderer/src/features/documents/doc-ops';
import type { getInvoice } from '../../main/features/invoices/invoices.service';

/** The invoice view the service builds (GET /invoices/{number}). */
type InvoiceView = Awaited<ReturnType<typeof getInvoice>>;

/** True only when A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(ok: Equal<A, B>) => ok;

export async function typedCallCases(): Promise<void> {
  // call('invoices.get', {params: {number}}) answers the invoice view the service builds.
  const invoice = await call('invoices.get', { params: { number: 1 } });
  same<typeof invoice, InvoiceView>(true);
  same<OutputOf<'invoices.get'>, InvoiceView>(true);
  const owed: number = invoice.currentBalance;
  void owed;

  // A wrong operation name does not compile.
  // @ts-expect-error 'invoices.fetch' is not an operation of the table
  await call('invoices.fetch', { params: { number: 1 } });

  // Wrong input: a required part left out, a field of the wrong type, a field the operation does not take.
  // @ts-expect-error invoices.get needs params.number
  await call('invoices.get');
  // @ts-expect-error params.number is a number
  await call('invoices.get', { params: { number: '1' } });
  // @ts-expect-error products.update takes a body
  await call('products.update', { params: { number: 1 } });
  // @ts-expect-error invoices.get takes no body
  await call('invoices.get', { params: { number: 1 }, body: { x: 1 } });
  // @ts-expect-error a misspelt query field
  await call('invoices.list', { query: { recipentNumber: 1 } });

  // Misusing the result: a field the view does not have, a string used as a number.
  // @ts-expect-error an invoice view has no `amount`
  void invoice.amount;
  // @ts-expect-error invoiceDate is a string
  const day: number = invoice.invoiceDate;
  void day;

  // Lists: an array without perPage, a page with it.
  const all = await call('products.list');
  same<typeof all, ItemOf<'products.list'>[]>(true);
  const page = await call('products.list', { query: { perPage: 10, page: 1 } });
  same<typeof page, PageValue<ItemOf<'products.list'>>>(true);
  // @ts-expect-error a whole list has no `total`
  void all.total;

  // Files, creations and 204s as the envelope carries them.
  same<OutputOf<'invoices.pdf'>, FileValue>(true);
  const created = await call('products.create', { body: { code: 'A', description: 'a', unitPrice: 1, taxRate: 25 } });
  const location: string | null = created.created;
  void location;
  same<OutputOf<'products.delete'>, null>(true);
}

export async function oneOrManyCases(): Promise<void> {
  // A one-or-many creation answers the created resource for one, its links for a batch: both are in the type.
  const made = await call('recipients.create', { body: { name: 'A', contact: {} } as never });
  const body: OutputOf<'recipients.get'> | string[] = made.body;
  void body;
  // @ts-expect-error the body may be the batch's links
  void made.body.name;
}

export async function nameTableCases(): Promise<void> {
  // A screen's name table is checked against the table: a misspelt or renamed operation is an error.
  // @ts-expect-error 'invoices.getDrafts' is not an operation
  const table = { get: 'invoices.getDrafts' } as const satisfies OpTree;
  void table;
  // doc-ops' per-kind names keep their literal types, so a kind's draft read is typed too.
  const draft = await call(DRAFT_OPS.offer.get, { params: { number: 1 } });
  same<typeof draft, OutputOf<'offers.getDraft'>>(true);
}
