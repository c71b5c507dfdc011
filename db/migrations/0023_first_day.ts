import type { Kysely } from 'kysely';

/**
 * The customer search looks in more of each customer (main/features/recipients/recipients.service.ts searchText):
 * city, and phone and mobile without spaces, beside name, customer number, org number and e-mail. New and changed rows
 * get it when written; this rewrites `search_text` of the rows written before, 1000 at a time in number order. The rule
 * is copied here as it stands today (a migration must not change when the service's rule later does).
 * Portable: plain SELECT/UPDATE through Kysely.
 */
const SEPARATORS = /[\s.\-()/]/g;

type Row = { number: number; name: string; customer_number: string | null; org_number: string | null; email: string | null; city: string; phone: string | null; mobile: string | null };

function searchText(r: Row): string {
  const compact = (v: string | null) => (v ? v.replace(SEPARATORS, '') : null);
  return [r.name, r.customer_number, r.org_number, r.email, r.city, compact(r.phone), compact(r.mobile)].filter(Boolean).join(' ').toLowerCase();
}

export async function up(db: Kysely<any>): Promise<void> {
  let after = -1;
  for (;;) {
    const rows = (await db
      .selectFrom('recipients')
      .select(['number', 'name', 'customer_number', 'org_number', 'email', 'city', 'phone', 'mobile', 'search_text'])
      .where('number', '>', after)
      .orderBy('number')
      .limit(1000)
      .execute()) as Array<Row & { search_text: string }>;
    if (!rows.length) return;
    for (const r of rows) {
      const text = searchText(r);
      if (text !== r.search_text) await db.updateTable('recipients').set({ search_text: text }).where('number', '=', r.number).execute();
    }
    after = Number(rows[rows.length - 1].number);
  }
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
