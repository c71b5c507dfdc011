/** Dunning documents for the PDF tests: a reminder, an inkassovarsel with earlier charges, EUR, no KID/account, a long text. */
import type { DunningDocument } from '../../main/render/pdf/dunning-writer';
import { buyerPerson, invoiceEur, invoiceNok, invoiceSimple, sellerEnk } from './fixtures';

const base = (d: Partial<DunningDocument> & Pick<DunningDocument, 'invoice'>): DunningDocument => ({
  number: 1, dunningNumber: 1, dunningDate: '2026-02-12', dueDate: '2026-02-26', debtCollectionNotice: false, dunningText: null,
  invoiceBalance: d.invoice.totalOre, earlierCharges: 0, fee: 3500, interest: 0, interestPrincipal: d.invoice.totalOre, interestParts: [],
  ...d,
});

/** Purring 1 on invoiceNok: fee and one interest period. */
export const reminder = base({
  invoice: invoiceNok, number: 3, fee: 3500, interest: 4112,
  interestParts: [{ from: '2026-01-30', to: '2026-02-12', days: 14, rate: 1250, interest: 4112 }],
});

/** Inkassovarsel (3rd notice) after a partial payment, with earlier charges, two interest periods and a text. */
export const debtNotice = base({
  invoice: invoiceNok, number: 17, dunningNumber: 3, debtCollectionNotice: true, dunningDate: '2026-07-20', dueDate: '2026-08-03',
  invoiceBalance: invoiceNok.totalOre - 500000 + 7000 + 5215, earlierCharges: 7000 + 5215, fee: 7000, interest: 12345,
  interestPrincipal: invoiceNok.totalOre - 500000,
  interestParts: [
    { from: '2026-01-30', to: '2026-06-30', days: 152, rate: 1250, interest: 9000 },
    { from: '2026-07-01', to: '2026-07-20', days: 20, rate: 1300, interest: 3345 },
  ],
  dunningText: 'Ta kontakt med Kari Nordmann på 22 33 44 55 om du ønsker en betalingsavtale.',
});

/** EUR invoice without KID: no fee, interest only. */
export const reminderEur = base({
  invoice: invoiceEur, number: 4, fee: 0, interest: 1234,
  interestParts: [{ from: '2026-01-30', to: '2026-02-12', days: 14, rate: 1250, interest: 1234 }],
});

/** A sole proprietor without bank account details, a private buyer, no interest, no KID. */
export const reminderPlain = base({
  invoice: { ...invoiceSimple, seller: { ...sellerEnk, bankAccount: null }, buyer: buyerPerson, kid: null }, number: 5,
  invoiceBalance: invoiceSimple.totalOre - 20000,
});

/** A text long enough to push the giro onto a second page. */
export const reminderLong = base({
  invoice: invoiceNok, number: 6, fee: 3500,
  dunningText: Array.from({ length: 14 }, (_, i) =>
    `Avsnitt ${i + 1}: Vi minner om at fakturaen er forfalt, og ber om at beløpet betales snarest. Ved spørsmål, ta kontakt med oss på telefon eller e-post.`,
  ).join('\n'),
});

export const dunningFixtures: Record<string, DunningDocument> = { reminder, debtNotice, reminderEur, reminderPlain, reminderLong };
