/**
 * Makes a seeded database big quickly: copies its issued invoices and credit notes (with their lines and balance rows)
 * under new numbers with plain SQL (SQLite and PostgreSQL), doubling until there are at least `atLeast`. For tests of
 * large reports (progress, streaming); the copies carry the same customers, dates and amounts as their originals.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const ISSUED = sql`number is not null and kind in ('invoice', 'credit-note')`;

async function columnsOf(db: Kysely<Database>, table: string, skip: string[]): Promise<string[]> {
  const row = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} limit 1`.execute(db)).rows[0];
  return Object.keys(row).filter((c) => !skip.includes(c));
}

export async function cloneInvoices(db: Kysely<Database>, atLeast: number): Promise<number> {
  const docCols = await columnsOf(db, 'documents', ['id']);
  const lineCols = await columnsOf(db, 'document_lines', ['document_id']);
  const balCols = await columnsOf(db, 'invoice_balances', ['document_id']);
  const list = (cols: string[], alias: string) => sql.join(cols.map((c) => sql.ref(`${alias}.${c}`)));
  for (;;) {
    const { n, max } = (await sql<{ n: number; max: number }>`select count(*) as n, (select max(number) from documents) as max from documents where ${ISSUED}`.execute(db)).rows[0];
    if (Number(n) >= atLeast) return Number(n);
    const offset = Number(max);
    const same = sql`nd.kind = od.kind and coalesce(nd.series, '') = coalesce(od.series, '') and nd.number = od.number + ${offset}`;
    const picked = sql.join(docCols.map((c) => (c === 'number' ? sql`d.number + ${offset}` : sql.ref(`d.${c}`))));
    await sql`insert into documents (${sql.join(docCols.map((c) => sql.ref(c)))}) select ${picked} from documents d where ${ISSUED}`.execute(db);
    await sql`insert into document_lines (document_id, ${sql.join(lineCols.map((c) => sql.ref(c)))})
      select nd.id, ${list(lineCols, 'l')} from document_lines l join documents od on od.id = l.document_id join documents nd on ${same}
      where od.number <= ${offset} and od.number is not null and od.kind in ('invoice', 'credit-note')`.execute(db);
    await sql`insert into invoice_balances (document_id, ${sql.join(balCols.map((c) => sql.ref(c)))})
      select nd.id, ${list(balCols, 'b')} from invoice_balances b join documents od on od.id = b.document_id join documents nd on ${same}
      where od.number <= ${offset} and od.number is not null and od.kind in ('invoice', 'credit-note')`.execute(db);
  }
}
