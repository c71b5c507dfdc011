/**
 * A small company with one document in every state the overviews count, at today = 2026-03-15. Figures by hand
 * (free-text lines, 25 % VAT unless noted; net → total):
 *
 * 2025: a25 2025-11-10 net 1000 (1250), paid 1250 on 2025-12-05 → paid
 *       b25 2025-12-20 net 2000 (2500), due 2026-01-03 → due
 * 2026: a 2026-01-10 net 1000 (1250), due 01-24, paid 500 on 02-01 → due (balance 750)
 *       e 2026-01-20 net 2000 (2500), due 02-03, paid 2500 on 02-10 → paid
 *       b 2026-02-01 net 4000 (5000), due 03-31 → not due
 *       c 2026-02-15 net 800 (1000), due 03-01, written off today → lost
 *       d 2026-03-01 net 1000 (1250), due 03-15 (today) → not due
 *       f 2026-03-02 net 600 (750), credited in full (credit note dated today) → paid
 *       eur 2026-03-05 EUR net 100 (125) at 11.5 → NOK net 1150 (1437.50), due 04-04 → not due
 *       invoice draft 2026-03-10 net 300 (375); credit-note draft none
 * Offers 2026: one draft (net 100), open (expires 04-30, net 200), expired (03-01, net 300), converted (net 400) into an
 * order confirmation (open); another order confirmation (net 500) converted into an invoice draft (net 500, 625).
 */
import { expect } from 'vitest';
import { COMPANY } from '../helpers/documents.js';
import { recipient, type TestServer } from '../helpers/server.js';

export const TODAY = '2026-03-15';

const line = (net: number, taxRate = 25) => [{ description: 'Arbeid', quantity: 1, unitPrice: net, taxRate }];
const num = (loc: string | null) => Number(loc!.split('/').pop());

export interface Seeded {
  recipient: number;
  inv: Record<'a25' | 'b25' | 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'eur', number>;
  creditNote: number;
  invoiceDrafts: number[];
  offers: Record<'draft' | 'open' | 'expired' | 'converted', number>;
  orderConfirmations: Record<'open' | 'converted', number>;
}

export async function seedOverview(s: TestServer): Promise<Seeded> {
  const ok = async (path: string, body?: unknown, method?: string) => {
    const r = await s.json(path, { body, method: method ?? 'POST' });
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r;
  };
  await ok('/originators/current/settings', { company: COMPANY, invoicing: { kidScheme: 'MOD10', kidLength: 8 } }, 'PUT');
  await ok('/common/currency/exchangeRates', { currency: 'EUR', rate: 11.5, date: '2026-03-01' }, 'PUT');
  const rec = num((await ok('/recipients/', recipient({ customerNumber: '42' }))).res.headers.get('location'));
  const to = { number: rec };
  const invoice = async (invoiceDate: string, dueDate: string, net: number, extra: Record<string, unknown> = {}) =>
    num((await ok('/invoices/', { recipient: to, invoiceDate, dueDate, items: line(net), ...extra })).res.headers.get('location'));
  const pay = (n: number, date: string, amount: number) => ok(`/invoices/${n}/payments`, { date, amount });
  const inv = {
    a25: await invoice('2025-11-10', '2025-11-24', 1000),
    b25: await invoice('2025-12-20', '2026-01-03', 2000),
    a: await invoice('2026-01-10', '2026-01-24', 1000),
    e: await invoice('2026-01-20', '2026-02-03', 2000),
    b: await invoice('2026-02-01', '2026-03-31', 4000),
    c: await invoice('2026-02-15', '2026-03-01', 800),
    d: await invoice('2026-03-01', '2026-03-15', 1000),
    f: await invoice('2026-03-02', '2026-03-16', 600),
    eur: await invoice('2026-03-05', '2026-04-04', 100, { currency: 'EUR' }),
  };
  await pay(inv.a25, '2025-12-05', 1250);
  await pay(inv.a, '2026-02-01', 500);
  await pay(inv.e, '2026-02-10', 2500);
  await ok(`/invoices/${inv.c}/lost`, { reason: 'Konkurs' });
  const creditNote = num((await ok(`/invoices/${inv.f}/credit-note`)).res.headers.get('location'));
  const draft = num((await ok('/invoices/drafts/', { recipient: to, invoiceDate: '2026-03-10', items: line(300) })).res.headers.get('location'));

  const offerDraft = async (net: number, expiryDate: string | null) =>
    num((await ok('/offer/drafts/', { recipient: to, invoiceDate: '2026-02-20', expiryDate, items: line(net) })).res.headers.get('location'));
  const issue = async (base: string, id: number) => num((await ok(`${base}/drafts/${id}/issue`)).res.headers.get('location'));
  const offers = {
    draft: await offerDraft(100, '2026-04-30'),
    open: await issue('/offer', await offerDraft(200, '2026-04-30')),
    expired: await issue('/offer', await offerDraft(300, '2026-03-01')),
    converted: await issue('/offer', await offerDraft(400, '2026-04-30')),
  };
  const ocOpen = num((await ok(`/offer/${offers.converted}/order-confirmation`, { invoiceDate: '2026-03-01' })).res.headers.get('location'));
  const ocDraft = num((await ok('/order-confirmation/drafts/', { recipient: to, invoiceDate: '2026-03-03', items: line(500) })).res.headers.get('location'));
  const ocConverted = await issue('/order-confirmation', ocDraft);
  const fromOc = num((await ok(`/order-confirmation/${ocConverted}/invoice`)).res.headers.get('location'));
  return {
    recipient: rec,
    inv,
    creditNote,
    invoiceDrafts: [draft, fromOc],
    offers,
    orderConfirmations: { open: ocOpen, converted: ocConverted },
  };
}
