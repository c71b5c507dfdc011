/**
 * Demo documents through the services: products, invoices (with payments, partial payments, credit notes and losses),
 * drafts, offers, order confirmations and the chain offer -> order confirmation -> invoice.
 *
 * Everything happens on one timeline over the ~18 months before the clock's today, in date order, so numbers follow the
 * dates as they do in real books. Each event runs through the very service function the API calls, with a clock set to
 * the event's day, so dates, due dates, KIDs and timestamps are what they would have been on that day; events dated
 * after today have not happened, which leaves the realistic tail of not-due and due invoices. Events run in chunks of
 * `chunk` per transaction (the services' own transactions join the chunk's): 100,000 invoices take minutes, not hours.
 * Same seed and same today give the same data.
 */
import type { Clock } from '../clock.js';
import { invoiceWithBalance, creditInvoice, markLost, registerPayment } from '../features/invoices/index.js';
import type { AppContext } from '../context.js';
import { setExchangeRate } from '../features/common/index.js';
import type { DraftInput, ItemInput } from '../features/documents/core.js';
import { insertDraft, addDays, checkDraft, issueDraft } from '../features/documents/core.js';
import { invoiceDraftFrom, offerToOrderConfirmation } from '../features/offers/index.js';
import type { ProductInput } from '../features/products/index.js';
import { createProducts } from '../features/products/index.js';
import type { Settings } from '../features/settings/index.js';
import { getSettings, updateSettings } from '../features/settings/index.js';
import type { Rng } from './random.js';
import { inTx } from '../ops/transaction.js';

/** Shares of the invoices' outcomes; what is left stays unpaid (due or not due, by its date). */
export interface Mix {
  paid: number;
  partial: number;
  credited: number;
  lost: number;
}
export const REALISTIC_MIX: Mix = { paid: 0.7, partial: 0.06, credited: 0.05, lost: 0.02 };

export interface DocumentSeedOptions {
  invoices: number;
  /** Lines per invoice; default 1-5 at random. */
  linesPerInvoice?: number;
  mix?: Partial<Mix>;
  /** Offers, order confirmations, conversions and drafts besides the invoices (default true). */
  extras?: boolean;
  /** Events per transaction (default 1000). */
  chunk?: number;
  /** Days back from today that the documents spread over (default 540, ~18 months). */
  days?: number;
}

export const COMPANY = {
  name: 'Kvitt Demo AS',
  orgNumber: '923609016',
  orgForm: 'as' as const,
  vatRegistered: true,
  address1: 'Kirkegata 12',
  zip: '0153',
  city: 'OSLO',
  country: 'NORGE',
  email: 'faktura@kvitt-demo.no',
  phone: '22 12 34 56',
  web: 'https://kvitt-demo.no',
  bankAccount: '86011117947',
};

/** The originator must be complete before anything is issued; a database whose company is already set up keeps it. */
export async function seedCompany(ctx: AppContext): Promise<Settings> {
  const current = await getSettings(ctx);
  const c = current.company;
  if (c.name.trim() && c.orgNumber && c.bankAccount && c.zip && c.city) return current;
  return updateSettings(ctx, { company: COMPANY, invoicing: { ourReference: current.invoicing.ourReference ?? 'Kari Nordmann' } });
}

const PRODUCTS: ProductInput[] = [
  { code: 'TIME', description: 'Konsulenttime', unitPrice: 1250, taxRate: 25, unit: 'time' },
  { code: 'TIME-S', description: 'Seniorkonsulent, time', unitPrice: 1650, taxRate: 25, unit: 'time' },
  { code: 'REISE', description: 'Reisetid', unitPrice: 650, taxRate: 25, unit: 'time' },
  { code: 'KM', description: 'Kjøregodtgjørelse', unitPrice: 4.5, taxRate: 25, unit: 'km' },
  { code: 'LIS-ARS', description: 'Programvarelisens, år', unitPrice: 4990, taxRate: 25, unit: 'stk' },
  { code: 'SUPPORT', description: 'Supportavtale, måned', unitPrice: 890, taxRate: 25, unit: 'mnd' },
  { code: 'MAT-LUNS', description: 'Lunsj til møte', unitPrice: 189, taxRate: 15, unit: 'stk' },
  { code: 'MAT-KAFF', description: 'Kaffe og frukt', unitPrice: 59.9, taxRate: 15, unit: 'stk' },
  { code: 'CATER', description: 'Catering, per kuvert', unitPrice: 425, taxRate: 15, unit: 'stk' },
  { code: 'TRANSP', description: 'Persontransport', unitPrice: 320, taxRate: 12, unit: 'stk' },
  { code: 'HOTELL', description: 'Overnatting', unitPrice: 1490, taxRate: 12, unit: 'natt' },
  { code: 'KURS', description: 'Kursavgift (unntatt mva)', unitPrice: 3900, taxRate: 0, vatCategory: 'E', exemptionReason: 'Undervisning, mval. § 3-5', unit: 'stk' },
  { code: 'BOK', description: 'Fagbok', unitPrice: 449, taxRate: 0, vatCategory: 'Z', unit: 'stk' },
  { code: 'AVIS', description: 'Abonnement, nyhetsbrev', unitPrice: 99, taxRate: 0, vatCategory: 'Z', unit: 'mnd' },
  { code: 'MAT-100', description: 'Rørdeler, sett', unitPrice: 1275.5, taxRate: 25, unit: 'stk' },
  { code: 'MAT-200', description: 'Elektrisk materiell', unitPrice: 349, taxRate: 25, unit: 'stk' },
  { code: 'MALING', description: 'Maling, 10 liter', unitPrice: 1890, taxRate: 25, unit: 'spann' },
  { code: 'LEIE', description: 'Leie av utstyr, døgn', unitPrice: 750, taxRate: 25, unit: 'døgn' },
  { code: 'GEBYR', description: 'Fakturagebyr', unitPrice: 49, taxRate: 25, unit: 'stk' },
  { code: 'FRAKT', description: 'Frakt', unitPrice: 149, taxRate: 25, unit: 'stk' },
];

const FREE_TEXT = [
  'Montering etter avtale', 'Reparasjon av anlegg', 'Prosjektledelse', 'Befaring', 'Rådgivning', 'Tilpasning av løsning',
  'Opplæring av ansatte', 'Rigg og drift', 'Vedlikehold, kvartal', 'Design og skisser',
];
const FREE_RATES = [25, 25, 25, 25, 15, 12] as const;
const QUANTITIES = [1, 1, 1, 2, 3, 4, 5, 0.5, 1.5, 2.5, 7.25, 10, 12, 20];

export async function seedProducts(ctx: AppContext): Promise<ProductInput[]> {
  const existing = new Set((await ctx.db.selectFrom('products').select('code').execute()).map((r) => r.code));
  const missing = PRODUCTS.filter((p) => !existing.has(p.code));
  if (missing.length) await createProducts(ctx, missing, true);
  return PRODUCTS;
}

/** A month's EUR and SEK rates over the period, so foreign invoices take the rate of their day. */
async function seedRates(ctx: AppContext, r: Rng, from: string, today: string): Promise<void> {
  for (let d = from.slice(0, 8) + '01'; d <= today; d = addMonths(d, 1)) {
    await setExchangeRate(ctx, { currency: 'EUR', rate: Math.round((11.2 + r.next() * 0.8) * 1e4) / 1e4, date: d });
    await setExchangeRate(ctx, { currency: 'SEK', rate: Math.round((0.95 + r.next() * 0.1) * 1e4) / 1e4, date: d });
  }
}

function addMonths(date: string, n: number): string {
  const [y, m] = date.split('-').map(Number);
  const t = y * 12 + (m - 1) + n;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}-01`;
}

/** A clock standing on `day`: what the services see when the event happens. */
function clockAt(day: string): Clock {
  return { today: () => day, timestamp: () => `${day} 12:00:00` };
}

interface InvoiceSpec {
  date: string;
  recipient: number;
  currency: string;
  items: ItemInput[];
  orderNumber: string | null;
  invoiceText: string | null;
}

type Event =
  | { date: string; order: 0; kind: 'invoice'; i: number }
  | { date: string; order: 1; kind: 'credit'; i: number; partial: boolean }
  | { date: string; order: 2; kind: 'payment'; i: number; share: number }
  | { date: string; order: 3; kind: 'lost'; i: number }
  | { date: string; order: 0; kind: 'offer'; o: number }
  | { date: string; order: 1; kind: 'confirm'; o: number }
  | { date: string; order: 2; kind: 'invoice-offer'; o: number; issue: boolean };

function items(r: Rng, count: number, products: ProductInput[]): ItemInput[] {
  return Array.from({ length: count }, () => {
    const quantity = r.pick(QUANTITIES);
    const discount = r.chance(0.1) ? r.pick([5, 10, 15, 12.5]) : undefined;
    if (r.chance(0.7)) {
      const p = r.pick(products);
      return { productCode: p.code, quantity, ...(discount ? { discount } : {}) };
    }
    return {
      description: r.pick(FREE_TEXT),
      quantity,
      unitPrice: r.int(100, 2_500_000) / 100,
      taxRate: r.pick(FREE_RATES),
      ...(discount ? { discount } : {}),
    };
  });
}

function draftInput(spec: InvoiceSpec, withDate: boolean): DraftInput {
  return {
    recipient: { number: spec.recipient },
    invoiceDate: withDate ? spec.date : null,
    currency: spec.currency,
    orderNumber: spec.orderNumber,
    invoiceText: spec.invoiceText,
    items: spec.items,
  };
}

export async function seedDocuments(ctx: AppContext, r: Rng, recipients: number[], opts: DocumentSeedOptions): Promise<Record<string, number>> {
  const counts: Record<string, number> = {
    invoices: 0, creditNotes: 0, payments: 0, lost: 0, offers: 0, orderConfirmations: 0, invoicesFromOffers: 0, drafts: 0,
  };
  if (opts.invoices <= 0 || recipients.length === 0) return counts;
  const mix = { ...REALISTIC_MIX, ...opts.mix };
  const extras = opts.extras ?? true;
  const chunk = opts.chunk ?? 1000;
  const days = opts.days ?? 540;
  const today = ctx.clock.today();
  const start = addDays(today, -days);

  await seedRates(ctx, r, start, today);
  const products = await seedProducts(ctx);
  const settings = await getSettings(ctx);

  /* What happens, decided up front in a fixed order so the same seed makes the same books. */
  const n = opts.invoices;
  const specs: InvoiceSpec[] = [];
  const events: Event[] = [];
  for (let i = 0; i < n; i++) {
    const date = addDays(start, Math.floor((i * days) / n));
    const currency = r.chance(0.06) ? 'EUR' : r.chance(0.03) ? 'SEK' : 'NOK';
    specs.push({
      date,
      recipient: r.pick(recipients),
      currency,
      items: items(r, opts.linesPerInvoice ?? r.int(1, 5), products),
      orderNumber: r.chance(0.2) ? `PO-${r.int(10000, 99999)}` : null,
      invoiceText: r.chance(0.15) ? 'Takk for handelen!' : null,
    });
    events.push({ date, order: 0, kind: 'invoice', i });
    const roll = r.next();
    let edge = mix.paid;
    if (roll < edge) {
      events.push({ date: addDays(date, r.int(3, 45)), order: 2, kind: 'payment', i, share: 1 });
    } else if (roll < (edge += mix.partial)) {
      events.push({ date: addDays(date, r.int(5, 30)), order: 2, kind: 'payment', i, share: r.int(20, 80) / 100 });
    } else if (roll < (edge += mix.credited)) {
      events.push({ date: addDays(date, r.int(1, 20)), order: 1, kind: 'credit', i, partial: r.chance(0.3) });
    } else if (roll < (edge += mix.lost)) {
      if (r.chance(0.3)) events.push({ date: addDays(date, r.int(10, 30)), order: 2, kind: 'payment', i, share: r.int(10, 40) / 100 });
      events.push({ date: addDays(date, r.int(90, 180)), order: 3, kind: 'lost', i });
    }
  }
  const offers: InvoiceSpec[] = [];
  if (extras) {
    const m = Math.max(3, Math.round(n / 10));
    for (let o = 0; o < m; o++) {
      const date = addDays(start, Math.floor((o * days) / m) + r.int(0, 2));
      offers.push({
        date: date > today ? today : date,
        recipient: r.pick(recipients),
        currency: r.chance(0.05) ? 'EUR' : 'NOK',
        items: items(r, opts.linesPerInvoice ?? r.int(1, 5), products),
        orderNumber: null,
        invoiceText: r.chance(0.5) ? 'Tilbudet gjelder i 30 dager.' : null,
      });
      events.push({ date: offers[o].date, order: 0, kind: 'offer', o });
      if (r.chance(0.45)) {
        const confirmed = addDays(offers[o].date, r.int(1, 20));
        events.push({ date: confirmed, order: 1, kind: 'confirm', o });
        if (r.chance(0.7)) events.push({ date: addDays(confirmed, r.int(1, 25)), order: 2, kind: 'invoice-offer', o, issue: r.chance(0.7) });
      }
    }
  }
  const happened = events.filter((e) => e.date <= today);
  happened.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));

  const invoiceNumbers = new Map<number, number>();
  const offerNumbers = new Map<number, number>();
  const confirmed = new Map<number, number>();

  for (let at = 0; at < happened.length; at += chunk) {
    const slice = happened.slice(at, at + chunk);
    // The services run in inTx: inside a seeding chunk they join the chunk's transaction, so a thousand documents cost
    // one commit. Every rule of the service still runs; only the commit boundary moves.
    await inTx(ctx, async (tctx) => {
      for (const e of slice) {
        const c: AppContext = { ...tctx, clock: clockAt(e.date) };
        switch (e.kind) {
          case 'invoice':
          case 'offer': {
            const kind = e.kind === 'invoice' ? 'invoice' : 'offer';
            const spec = e.kind === 'invoice' ? specs[e.i] : offers[e.o];
            const checked = await checkDraft(c, settings, kind, draftInput(spec, true));
            const id = await insertDraft(c, checked);
            const issued = await issueDraft(c, id, { settings });
            if (e.kind === 'invoice') {
              invoiceNumbers.set(e.i, issued.number);
              counts.invoices++;
            } else {
              offerNumbers.set(e.o, issued.number);
              counts.offers++;
            }
            break;
          }
          case 'payment': {
            const number = invoiceNumbers.get(e.i)!;
            const b = await invoiceWithBalance(c, number);
            if (b.balance <= 0 || b.lost) break;
            const settles = e.share >= 1 ? b.balance : Math.max(1, Math.round(b.balance * e.share));
            const nok = b.currency === 'NOK' ? settles : Math.round((settles * b.exchange_rate_micro) / 1e6);
            await registerPayment(c, number, {
              date: e.date,
              amount: nok / 100,
              ...(b.currency !== 'NOK' ? { currencyAmount: settles / 100 } : {}),
              ...(b.currency !== 'NOK' && r.chance(0.5) ? { bankFee: 35 } : {}),
            });
            counts.payments++;
            break;
          }
          case 'credit': {
            const number = invoiceNumbers.get(e.i)!;
            const first = specs[e.i].items[0];
            await creditInvoice(c, number, e.partial && specs[e.i].items.length > 1 ? { items: [first], invoiceDate: e.date } : { invoiceDate: e.date });
            counts.creditNotes++;
            break;
          }
          case 'lost': {
            const number = invoiceNumbers.get(e.i)!;
            const b = await invoiceWithBalance(c, number);
            if (b.balance <= 0 || b.lost) break;
            await markLost(c, number, 'Konkurs hos kunden; ingen dividende');
            counts.lost++;
            break;
          }
          case 'confirm': {
            const offer = offerNumbers.get(e.o);
            if (offer === undefined) break;
            const oc = await offerToOrderConfirmation(c, offer, { invoiceDate: e.date }, { settings });
            confirmed.set(e.o, oc.number);
            counts.orderConfirmations++;
            break;
          }
          case 'invoice-offer': {
            const oc = confirmed.get(e.o);
            if (oc === undefined) break;
            const id = await invoiceDraftFrom(c, 'order-confirmation', oc, { invoiceDate: e.date }, { settings });
            if (e.issue) {
              await issueDraft(c, id, { settings });
              counts.invoicesFromOffers++;
            } else counts.drafts++;
            break;
          }
        }
      }
    });
  }

  /* Drafts waiting at today: invoices, a credit note, offers and order confirmations being written. */
  if (extras) {
    const c: AppContext = { ...ctx, clock: clockAt(today) };
    const drafts = Math.max(2, Math.round(n / 100));
    await inTx(c, async (t) => {
      const trx = t.db;
      for (let k = 0; k < drafts; k++) {
        const kind = k % 5 === 3 ? 'offer' : k % 5 === 4 ? 'order-confirmation' : 'invoice';
        const spec: InvoiceSpec = {
          date: addDays(today, r.int(-5, 5)),
          recipient: r.pick(recipients),
          currency: 'NOK',
          items: items(r, opts.linesPerInvoice ?? r.int(1, 4), products),
          orderNumber: null,
          invoiceText: null,
        };
        const checked = await checkDraft(t, settings, kind, draftInput(spec, r.chance(0.5)));
        await insertDraft(t, checked);
        counts.drafts++;
      }
      // A credit-note draft against the newest invoice that still has something to credit.
      const last = await trx
        .selectFrom('documents as d')
        .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
        .select(['d.number', 'd.recipient_number'])
        .where('d.kind', '=', 'invoice')
        .where('b.credited_total', '=', 0)
        .orderBy('d.number', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last) {
        const checked = await checkDraft(t, settings, 'invoice', {
          credit: true,
          creditedInvoiceNumber: last.number!,
          recipient: { number: last.recipient_number },
          items: [{ description: 'Kreditering etter reklamasjon', quantity: 1, unitPrice: 100, taxRate: 25 }],
        });
        await insertDraft(t, checked);
        counts.drafts++;
      }
    });
  }
  return counts;
}
