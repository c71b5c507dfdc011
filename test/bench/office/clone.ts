/**
 * Fills a database to `total` invoices fast: a few hundred real invoices made through the services (seedAll), then
 * cloned with SQL (documents, their lines and balances; new ids and numbers, the same content), in chunks of 500
 * invoices per transaction, through Kysely on both databases. The number series and the id counter continue after.
 */
import { sql } from 'kysely';
import { setKeyCounter } from '../../../db/dialect.js';
import type { Db } from '../../../db/connection.js';

/** `adjust` may change each copy before it is written (a benchmark giving every copy its own KID). */
export async function cloneInvoices(db: Db, total: number, adjust?: (doc: Record<string, unknown>) => void): Promise<number> {
  const templates = await db.selectFrom('documents').selectAll().where('kind', '=', 'invoice').where('number', 'is not', null).orderBy('id').execute();
  if (!templates.length) throw new Error('no issued invoices to clone');
  const ids = templates.map((t) => t.id);
  const lines = await db.selectFrom('document_lines').selectAll().where('document_id', 'in', ids).execute();
  const balances = await db.selectFrom('invoice_balances').selectAll().where('document_id', 'in', ids).execute();
  const linesOf = new Map<number, typeof lines>();
  for (const l of lines) linesOf.set(l.document_id, [...(linesOf.get(l.document_id) ?? []), l]);
  const balanceOf = new Map(balances.map((b) => [b.document_id, b]));
  let nextId = Number((await db.selectFrom('documents').select((e) => e.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0) + 1;
  const series = templates[0]!.series;
  let nextNumber = Number((await db.selectFrom('documents').select((e) => e.fn.max('number').as('m')).where('series', '=', series).executeTakeFirst())?.m ?? 0) + 1;
  let have = templates.length + Number((await db.selectFrom('documents').select((e) => e.fn.countAll().as('n')).where('kind', '=', 'invoice').where('id', 'not in', ids).executeTakeFirst())?.n ?? 0);
  const chunk = 500;
  for (let i = 0; have < total; ) {
    const docs: any[] = [];
    const ls: any[] = [];
    const bs: any[] = [];
    for (let k = 0; k < chunk && have < total; k++, i++, have++) {
      const t = templates[i % templates.length]!;
      const id = nextId++;
      const doc = { ...t, id, number: nextNumber++, series };
      adjust?.(doc);
      docs.push(doc);
      for (const l of linesOf.get(t.id) ?? []) ls.push({ ...l, document_id: id });
      const b = balanceOf.get(t.id);
      if (b) bs.push({ ...b, document_id: id });
    }
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('documents').values(docs).execute();
      for (let j = 0; j < ls.length; j += 1000) await tx.insertInto('document_lines').values(ls.slice(j, j + 1000)).execute();
      if (bs.length) await tx.insertInto('invoice_balances').values(bs).execute();
    });
  }
  await sql`update number_series set next_number = ${nextNumber} where series = ${series} and next_number < ${nextNumber}`.execute(db);
  await setKeyCounter(db, 'documents', 'id', null);
  return have;
}
