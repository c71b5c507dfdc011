/**
 * What a signup and POST /invoices/ write, column by column, against what the code wrote before the issuing path was
 * made faster (issue 14: prepared statements, rows handed on instead of read back, UPDATE … RETURNING numbering): the
 * invoices (amounts to the øre, lines, KID, content hash), balances, the signup's new recipients, the participants, the
 * queued shipments (Message-IDs aside: random) and the audit entries. The fixture was written by the code as of
 * b3d0f34 running this file with KVITT_WRITE_FIXTURE=1; it must not be rewritten to make a change pass.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocServer } from '../helpers/documents.js';
import { createEvent, signup, signupBody, startEventServer } from './setup.js';

const FIXTURE = new URL('./fixtures/signup-invoice-content.json', import.meta.url);
let s: DocServer;
beforeAll(async () => {
  s = await startEventServer();
});
afterAll(() => s.close());

/** Every row the cases below write, in a stable order, numbers as numbers. */
async function written() {
  const db = s.app.ctx.db;
  const num = <T extends Record<string, unknown>>(rows: T[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])));
  return {
    documents: num(await db.selectFrom('documents').selectAll().orderBy('id').execute()),
    lines: num(await db.selectFrom('document_lines').selectAll().orderBy('document_id').orderBy('line_no').execute()),
    balances: num(await db.selectFrom('invoice_balances').selectAll().orderBy('document_id').execute()),
    recipients: num(await db.selectFrom('recipients').selectAll().orderBy('number').execute()),
    participants: num(await db.selectFrom('event_participants').selectAll().orderBy('id').execute()),
    // last_error_code/_params (0015) and claimed_by/lease_until (0016) came after the fixture; a queued row has none (null), checked below.
    outbox: num(await db.selectFrom('outbox').selectAll().orderBy('id').execute()).map(({ message_id: _m, last_error_code: _c, last_error_params: _p, claimed_by: _b, lease_until: _u, ...r }) => r),
    outboxCodes: (await db.selectFrom('outbox').select(['last_error_code', 'last_error_params', 'claimed_by', 'lease_until']).execute()).filter((r) => r.last_error_code !== null || r.last_error_params !== null || r.claimed_by !== null || r.lease_until !== null),
    audit: num(await db.selectFrom('audit_log').select(['entity', 'entity_id', 'action', 'data', 'actor']).orderBy('id').execute()),
  };
}

describe('the invoice a signup issues, and POST /invoices/, write what they wrote before', () => {
  it('column by column', async () => {
    const ev = await createEvent(s, { participantLimit: 10 });
    // Discount code and a priced custom field (three lines at two rates), a new private recipient.
    const a = await signup(s, ev.id, signupBody({ discountCode: 'TIDLIG', customFields: [{ number: 1, value: true }, { number: 2, value: 'Nøtter' }], invoice: { ...signupBody().invoice, yourRef: 'Ref 1' } }));
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    // A company by organisation number: created the first time, found the second.
    const company = { name: 'Fjord AS', address: 'Kaia 1', zip: '5003', city: 'Bergen', country: null, orgNo: '923 609 016', yourRef: null };
    for (const name of ['Kari Firma', 'Per Firma']) {
      const r = await signup(s, ev.id, signupBody({ name, email: `${name.split(' ')[0].toLowerCase()}@fjord.no`, mobile: null, invoice: company }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // The plain issue path every invoice takes, with several lines, a product line and the recipient's defaults.
    const inv = await s.json('/invoices/', {
      body: {
        recipient: { number: s.person },
        items: [
          { productCode: 'KURS', quantity: 2 },
          { description: 'Reise', quantity: 1.5, unitPrice: 333.33, taxRate: 12 },
          { description: 'Bok', quantity: 1, unitPrice: 99.9, taxRate: 0, vatCategory: 'Z', discount: 5 },
        ],
        invoiceText: 'Takk!',
      },
    });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);

    const state = JSON.parse(JSON.stringify(await written()));
    if (process.env.KVITT_WRITE_FIXTURE) writeFileSync(FIXTURE, `${JSON.stringify(state, null, 1)}\n`);
    const before = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, Array<Record<string, unknown>>>;
    expect(state.outboxCodes).toEqual([]);
    // Since the fixture (issue 21): a signup's invoice carries the event's day as its delivery date, not the signup day;
    // its content hash covers that date, so it differs; every other column is as before.
    for (const [i, d] of before.documents.entries()) {
      if (!String(d.invoice_text ?? '').startsWith('Påmelding til')) continue;
      expect(state.documents[i].delivery_date).toBe(ev.body.date.slice(0, 10));
      expect(state.documents[i].content_hash).toMatch(/^[0-9a-f]{64}$/);
      d.delivery_date = ev.body.date.slice(0, 10);
      const [was, now] = [String(d.content_hash), String(state.documents[i].content_hash)];
      d.content_hash = now;
      for (const a of before.audit) if (typeof a.data === 'string') a.data = a.data.replace(was, now);
    }
    for (const table of Object.keys(before)) {
      expect(state[table].length, table).toBe(before[table].length);
      before[table].forEach((row, i) => expect(state[table][i], `${table}[${i}]`).toEqual(row));
    }
    // The three signup invoices and the plain one, issued and hashed.
    expect(state.documents.filter((d: { content_hash: string | null }) => d.content_hash).length).toBe(4);
  });
});

describe('the delivery date of a signup invoice (issue 21)', () => {
  it('is the event day, and a multi-day event names its period in the text', async () => {
    const one = await createEvent(s, { date: '2026-05-10 18:00', endDate: '2026-05-10 21:00' });
    const a = await signup(s, one.id, signupBody({ name: 'Eva Dag', email: 'eva@fjord.no' }));
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const many = await createEvent(s, { date: '2026-06-01 09:00', endDate: '2026-06-03 16:00' });
    const b = await signup(s, many.id, signupBody({ name: 'Ola Uke', email: 'ola@fjord.no' }));
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const rows = await s.app.ctx.db.selectFrom('documents').select(['delivery_date', 'invoice_text', 'issue_date']).where('invoice_text', 'like', 'Påmelding til%').orderBy('id', 'desc').limit(2).execute();
    expect(rows[1]).toMatchObject({ delivery_date: '2026-05-10', issue_date: '2026-03-15' });
    expect(rows[0].delivery_date).toBe('2026-06-01');
    expect(rows[0].invoice_text).toContain('01.06.2026–03.06.2026');
  });
});
